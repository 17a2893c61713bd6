import { z } from 'zod'
import type { KeptPin, PinnedRun } from '../model/compare'
import { PIN_STYLE_COUNT } from '../model/pinStyles'
import { parseSavedDesign } from './savedDesign'

/*
 * The Compare view's pins as IndexedDB keeps them: one record holding every pin, so a reload keeps
 * the pinned runs, their names and their grouping. Read back as strictly as a saved run: a record
 * that fails is dropped whole, with the reason, and the page starts with no pins.
 */

export const SAVED_PINS_VERSION = 1
/** The one record's key in the pins store. */
export const PINS_KEY = 'pins'
/** The most pins a record may hold (the store keeps fewer; this only bounds what is read). */
const MAX_SAVED_PINS = 64
/** The most curve points a pin may hold (the series is halved at 1200). */
const MAX_PIN_POINTS = 5000

const finite = z.number().refine(Number.isFinite, 'must be a finite number')
/** A final figure: finite, or NaN where the run had none (IndexedDB keeps NaN). */
const figure = z.union([finite, z.nan()])

const PinSchema = z.object({
  id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  name: z.string().min(1).max(200).nullable(),
  envLabel: z.string().min(1).max(200),
  design: z.unknown(),
  sourceKey: z.string().min(1).max(300),
  seed: z.number().int().min(0),
  /** Its line's style in Compare; absent in records from before pins had one (then assigned afresh). */
  style: z.number().int().min(0).max(PIN_STYLE_COUNT - 1).optional(),
  points: z.array(z.object({ envSteps: finite, shapedReturn: finite, objective: finite })).max(MAX_PIN_POINTS),
  final: z.object({ shapedReturn: figure, objective: figure, length: figure }),
})

const SavedPinsSchema = z.object({
  key: z.literal(PINS_KEY),
  version: z.literal(SAVED_PINS_VERSION),
  pins: z.array(PinSchema).max(MAX_SAVED_PINS),
})

/** The record of these pins. */
export function pinsRecord(pins: readonly PinnedRun[]): SavedPinsRecord {
  return {
    key: PINS_KEY,
    version: SAVED_PINS_VERSION,
    pins: pins.map(({ id, name, envLabel, design, sourceKey, seed, style, points, final }) => ({ id, name, envLabel, design, sourceKey, seed, style, points, final })),
  }
}
export type SavedPinsRecord = { key: typeof PINS_KEY; version: typeof SAVED_PINS_VERSION; pins: KeptPin[] }

export type ParsedPins = { ok: true; pins: KeptPin[] } | { ok: false; problem: string }

/** Validate a pins record read back: every field, each pin's design as strictly as a link's, ids unique, the seed the design's. */
export function parseSavedPins(value: unknown): ParsedPins {
  const parsed = SavedPinsSchema.safeParse(value)
  if (!parsed.success) return { ok: false, problem: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'record'}: ${issue.message}`).join('; ') }
  const pins: KeptPin[] = []
  const ids = new Set<number>()
  for (const [k, pin] of parsed.data.pins.entries()) {
    const design = parseSavedDesign(pin.design)
    if (!design.ok) return { ok: false, problem: `pins.${k}.design: ${design.problem}` }
    if (design.design.seed !== pin.seed) return { ok: false, problem: `pins.${k}.seed: ${pin.seed} is not its design's seed ${design.design.seed}` }
    if (ids.has(pin.id)) return { ok: false, problem: `pins.${k}.id: ${pin.id} is used twice` }
    ids.add(pin.id)
    pins.push({ ...pin, design: design.design })
  }
  return { ok: true, pins }
}
