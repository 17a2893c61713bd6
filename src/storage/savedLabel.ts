import { z } from 'zod'
import { errorMessage } from '../core/errorMessage'
import { parsePairLine, type Labeller, type PairRecord } from '../core/preferences/pairsFile'
import { segmentFeatureNameChoices } from '../core/preferences/stepFeatures'
import { TOKEN_FEATURE_NAMES } from '../core/preferences/tokenFeatures'
import { shownText } from '../core/truncate'
import { boundedProblem } from '../model/problemList'
import { issuesText } from './recordProblems'

/*
 * One labelled pair as the library keeps it (the labels store, one record a pair, keyed by a
 * number IndexedDB gives it): the pair as a line of the pairs file holds it (pairsFile.ts: prompt,
 * each side's tokens, features and gold, a simulated labeler's probability), the choice (a, b, or
 * a tie, which the file has no word for), who labelled it, and when. Read back through the pairs
 * file's own check of a line, its features the token task's, so a record that would not export as
 * a valid line is named as damaged and never reaches a fit. A pair of trajectory segments (its
 * line names its env) is held to the features that environment's segments have instead.
 */

export const SAVED_LABEL_VERSION = 1

export type LabelChoice = 'a' | 'b' | 'tie'
export type LabelSource = 'user' | 'simulated' | 'imported'

/** A pair's line less its label and labeller. */
export type UnlabelledPair = Omit<PairRecord, 'label' | 'labeller'>

export interface SavedLabelRecord {
  version: typeof SAVED_LABEL_VERSION
  createdAt: number
  source: LabelSource
  choice: LabelChoice
  pair: UnlabelledPair
}

/** A record as read back: with the key the store gave it. */
export interface SavedLabel extends SavedLabelRecord {
  id: number
}

/** Dates the page can show: 0 … 8.64e15 ms (as savedRun.ts bounds them). */
const MAX_TIME = 8.64e15

const RecordSchema = z.object({
  id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  version: z.literal(SAVED_LABEL_VERSION),
  createdAt: z.number().min(0).max(MAX_TIME),
  source: z.enum(['user', 'simulated', 'imported']),
  choice: z.enum(['a', 'b', 'tie']),
  pair: z.record(z.string(), z.unknown()),
})

export type ParsedLabel = { ok: true; label: SavedLabel } | { ok: false; problem: string }

/** Validate a record read back: its fields, then its pair as a line of the pairs file of the token task's features. */
export function parseSavedLabel(value: unknown): ParsedLabel {
  const parsed = RecordSchema.safeParse(value)
  if (!parsed.success) return { ok: false, problem: issuesText(parsed.error) }
  const { pair, choice } = parsed.data
  if (Object.hasOwn(pair, 'label')) return { ok: false, problem: 'pair: holds a label of its own; the choice is the label' }
  try {
    // A tie has no label in the file's words; its pair is checked as if labelled a.
    // IndexedDB keeps NaN and ±Infinity, which JSON would write as null: kept as their names, so the check names them.
    const line = JSON.stringify({ ...pair, label: choice === 'tie' ? 'a' : choice }, (_key, field: unknown) => (typeof field === 'number' && !Number.isFinite(field) ? String(field) : field))
    if (!Object.hasOwn(pair, 'env')) parsePairLine(line, TOKEN_FEATURE_NAMES)
    else {
      const { names } = parsePairLine(line, null)
      const choices = segmentFeatureNameChoices(String(pair.env))
      if (!choices.some((choice) => choice.length === names.length && choice.every((name, k) => name === names[k]))) {
        return { ok: false, problem: boundedProblem(`pair: its features are ${names.join(', ')}; a pair of ${shownText(String(pair.env))}'s segments has ${choices.map((choice) => choice.join(', ')).join(' or ')}`) }
      }
    }
  } catch (error) {
    return { ok: false, problem: boundedProblem(`pair: ${errorMessage(error)}`) }
  }
  return { ok: true, label: parsed.data as SavedLabel }
}

/** Who labelled a pair, in the pairs file's words: a person (the page's "by hand"), the simulated labeler, or, for a label imported without one, nobody named. */
const LABELLER_OF: Record<LabelSource, Labeller | undefined> = { user: 'person', simulated: 'simulated', imported: undefined }

/** The line a label exports as: its pair, its choice (a tie too) and who labelled it where the page knows. */
export function labelLine(label: Pick<SavedLabelRecord, 'pair' | 'choice'> & Partial<Pick<SavedLabelRecord, 'source'>>): PairRecord {
  const labeller = label.source === undefined ? undefined : LABELLER_OF[label.source]
  return { ...label.pair, label: label.choice, ...(labeller === undefined ? {} : { labeller }) }
}

/** The source a line's labeller gives a label read back: by hand for a person, simulated, or imported when the line names nobody. */
export function sourceOfLabeller(labeller: Labeller | undefined): LabelSource {
  return labeller === 'person' ? 'user' : labeller === 'simulated' ? 'simulated' : 'imported'
}
