import type { CurvePoint } from './series'
import type { EnvSpec } from '../core/envs/types'
import type { Design } from './design'
import { autoGroupName, differingSettings } from './pinNames'
import { assignPinStyles } from './pinStyles'

/** A run kept for comparison: its curve and its final figures. */
export interface PinnedRun {
  id: number
  /** "#id name": the user's name, else what tells its design apart from the other pins' (relabelPins). */
  label: string
  /** The name of its group of seeds (every pin of the same design): "CliffWalking, qlearning, w.coin 10". */
  groupLabel: string
  /** The name the user gave it (a saved run's name, or a rename); null: named automatically. */
  name: string | null
  envLabel: string
  design: Design
  /** Which run it is (a saved run's id, a live run's id and seed): the same run is pinned once. */
  sourceKey: string
  /** Runs of the same design (all but the seed) are grouped: mean and spread over their seeds. */
  designKey: string
  seed: number
  /** Its line's style in Compare (pinStyles.ts): kept while it is pinned, distinct from the other pins'. */
  style: number
  points: { envSteps: number; shapedReturn: number; objective: number }[]
  final: { shapedReturn: number; objective: number; length: number }
}

export type CompareMetric = 'shapedReturn' | 'objective'

/** A run's final figures: the mean of its last `window` curve points, and its latest mean episode length. */
export function finalFigures(series: readonly CurvePoint[], length: number, window = 5): PinnedRun['final'] {
  const tail = series.slice(-window)
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1)
  return { shapedReturn: mean(tail.map((p) => p.shapedReturn)), objective: mean(tail.map((p) => p.objective)), length }
}

/** What a pin is made of: a live run or a saved one. */
export interface PinSource {
  envLabel: string
  /** The user's name for it (a saved run's); null: named by what differs from the other pins. */
  name: string | null
  sourceKey: string
  design: Design
  series: readonly CurvePoint[]
  final: PinnedRun['final']
}

/**
 * Add a run to the pins: it takes the next number, runs of one design (all but the seed) share a
 * design key, only the latest `maxPins` are kept, and every pin is named again (relabelPins). A run
 * already pinned (the same source key) is not pinned twice: the pins come back unchanged.
 */
export function addPin(pins: readonly PinnedRun[], source: PinSource, maxPins: number): PinnedRun[] {
  if (isPinned(pins, source.sourceKey)) return [...pins]
  const id = (pins[pins.length - 1]?.id ?? 0) + 1
  const pin: KeptPin & Pick<PinnedRun, 'label' | 'groupLabel' | 'designKey'> = {
    id,
    label: '',
    groupLabel: '',
    name: source.name,
    envLabel: source.envLabel,
    design: source.design,
    sourceKey: source.sourceKey,
    designKey: designKeyOf(source.design),
    seed: source.design.seed,
    style: undefined,
    points: source.series.map(({ envSteps, shapedReturn, objective }) => ({ envSteps, shapedReturn, objective })),
    final: source.final,
  }
  return relabelPins([...pins, pin].slice(-maxPins))
}

/** What runs of one design share, whatever their seed. */
function designKeyOf(design: Design): string {
  return JSON.stringify({ ...design, seed: null })
}

/** A pin as kept: what it is made of, without what relabelPins derives (a style it keeps if it has one). */
export type KeptPin = Omit<PinnedRun, 'label' | 'groupLabel' | 'designKey' | 'style'> & { style?: number }

/** Pins read back from storage (storage/savedPins.ts), grouped, named and drawn as when they were pinned. */
export function restorePins(saved: readonly KeptPin[]): PinnedRun[] {
  return relabelPins(saved.map((pin) => ({ ...pin, label: '', groupLabel: '', designKey: designKeyOf(pin.design) })))
}

/** Whether the run with this source key is pinned. */
export function isPinned(pins: readonly PinnedRun[], sourceKey: string): boolean {
  return pins.some((pin) => pin.sourceKey === sourceKey)
}

/** The pins without `id`, named again (what told them apart may have gone with it). */
export function removePin(pins: readonly PinnedRun[], id: number): PinnedRun[] {
  return relabelPins(pins.filter((pin) => pin.id !== id))
}

/** The pins with pin `id` named `name` (trimmed; empty: named automatically again). */
export function renamePin(pins: readonly PinnedRun[], id: number, name: string): PinnedRun[] {
  const trimmed = name.trim()
  return relabelPins(pins.map((pin) => (pin.id === id ? { ...pin, name: trimmed === '' ? null : trimmed } : pin)))
}

/**
 * Name every pin: "#id " and the user's name, or the environment, the learner, the settings in
 * which its design differs from the other pins' (pinNames.ts) and its seed; a group of seeds is
 * named the same way without the seed. Pins of one design differ only by seed, so they share a group name.
 * Every pin also gets a line style no other pin has, keeping its own (assignPinStyles).
 */
export function relabelPins(pins: readonly (KeptPin & Pick<PinnedRun, 'label' | 'groupLabel' | 'designKey'>)[]): PinnedRun[] {
  const differences = differingSettings(pins.map((pin) => pin.design))
  const styles = assignPinStyles(pins.map((pin) => pin.style))
  return pins.map((pin, k) => {
    const groupLabel = autoGroupName(pin.envLabel, pin.design, differences[k])
    return { ...pin, style: styles[k], groupLabel, label: `#${pin.id} ${pin.name ?? `${groupLabel}, seed ${pin.seed}`}` }
  })
}

/** The value of a run's curve at `steps`, linearly interpolated (held flat beyond its ends). */
export function valueAt(points: PinnedRun['points'], metric: CompareMetric, steps: number): number {
  if (points.length === 0) return NaN
  if (steps <= points[0].envSteps) return points[0][metric]
  for (let j = 1; j < points.length; j++) {
    if (points[j].envSteps >= steps) {
      const a = points[j - 1]
      const b = points[j]
      // linear interpolation between the two points around `steps`
      const t = (steps - a.envSteps) / Math.max(b.envSteps - a.envSteps, 1e-12)
      return a[metric] + t * (b[metric] - a[metric])
    }
  }
  return points[points.length - 1][metric]
}

/**
 * Mean and sample standard deviation (Bessel) of several runs of one design at `count` evenly
 * spaced steps up to the shortest run's last step: the band is mean ± std.
 */
export function seedBand(runs: readonly Pick<PinnedRun, 'points'>[], metric: CompareMetric, count = 60): { envSteps: number; mean: number; lo: number; hi: number }[] {
  if (runs.length === 0) return []
  const end = Math.min(...runs.map((run) => run.points[run.points.length - 1]?.envSteps ?? 0))
  const band: { envSteps: number; mean: number; lo: number; hi: number }[] = []
  for (let k = 1; k <= count; k++) {
    const steps = (end * k) / count
    const { mean, std } = meanStd(runs.map((run) => valueAt(run.points, metric, steps)))
    band.push({ envSteps: steps, mean, lo: mean - std, hi: mean + std })
  }
  return band
}

/**
 * Mean and sample standard deviation (Bessel; 0 for fewer than two values): mean = Σx/n,
 * std = √(Σ(x − mean)²/(n − 1)). Where the sum or the squares overflow (finite values near the
 * largest double), computed again on x / s with s = max|x| and scaled back.
 */
export function meanStd(values: readonly number[]): { mean: number; std: number } {
  const plain = plainMeanStd(values)
  if (Number.isFinite(plain.mean) && Number.isFinite(plain.std)) return plain
  const scale = values.reduce((largest, value) => Math.max(largest, Math.abs(value)), 0)
  if (!Number.isFinite(scale)) return plain
  const scaled = plainMeanStd(values.map((value) => value / scale))
  return { mean: scaled.mean * scale, std: scaled.std * scale }
}

function plainMeanStd(values: readonly number[]): { mean: number; std: number } {
  const mean = values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1)
  const variance = values.length > 1 ? values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1) : 0
  return { mean, std: Math.sqrt(variance) }
}

/** A live run of `design` as a pin, named automatically, with its final figures; `sourceKey` says which run it is (savedPinKey, livePinKey). */
export function pinSourceOf(design: Design, spec: Pick<EnvSpec, 'label'>, sourceKey: string, series: readonly CurvePoint[], meanLength: number): PinSource {
  return { envLabel: spec.label, name: null, sourceKey, design, series, final: finalFigures(series, meanLength) }
}

/** A saved run's key among the pins: the live run once it is saved, and the saved run itself, are one run. */
export function savedPinKey(savedRunId: string): string {
  return `saved:${savedRunId}`
}

/** A live run not (yet) saved, by its run id and seed (the extra seeds of a seeds-at-once run). */
export function livePinKey(runId: string | null, seed: number): string {
  return `live:${runId ?? 'none'}:seed ${seed}`
}
