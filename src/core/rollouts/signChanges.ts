import { designAdvantages } from './designedRollouts'
import { ownRolloutDesign } from './rolloutDesign'
import { groupOrdinals, type RolloutTable } from './rolloutTable'

/*
 * Where a new design pushes a completion the other way from a reference (the run's logged
 * advantage, or the file's own design: score weighs 1 under GRPO's estimator). Over the
 * completions whose two advantages are both numbers (a completion left out of its group, or one
 * the run logged no advantage for, is not compared), with b the reference's advantage and a the
 * new one:
 *   flip       b·a < 0              (positive to negative, or negative to positive)
 *   toZero     b ≠ 0 and a = 0      (the design takes its push away)
 *   fromZero   b = 0 and a ≠ 0      (the design gives it one)
 * Both zero, or both of one sign, is no change. Zero means exactly 0, as a silent group gives.
 * Counted per step (in the table's order of steps) and over the file; the first `listed` changes,
 * in input order, are given with where they are.
 */

export interface SignChangeCounts {
  /** The completions with both advantages. */
  compared: number
  flips: number
  toZero: number
  fromZero: number
}

export interface SignChange {
  /** The completion's index in the table (input order, from 0). */
  completion: number
  step: number | null
  /** Its group's place among its step's groups and its place in the group, from 0. */
  group: number
  index: number
  kind: 'flip' | 'toZero' | 'fromZero'
  before: number
  after: number
}

export interface SignChanges {
  steps: { step: number | null; counts: SignChangeCounts }[]
  whole: SignChangeCounts
  /** The first changes, at most `listed`, in input order. */
  first: SignChange[]
}

/** How many changes signChanges lists unless told. */
export const LISTED_SIGN_CHANGES = 20

export function signChanges(table: RolloutTable, before: ArrayLike<number>, after: ArrayLike<number>, listed = LISTED_SIGN_CHANGES): SignChanges {
  if (before.length !== table.count || after.length !== table.count) throw new Error(`signChanges: ${before.length} and ${after.length} advantages for ${table.count} completions`)
  const steps = table.steps.map((step) => ({ step, counts: emptyCounts() }))
  const whole = emptyCounts()
  const first: SignChange[] = []
  const ordinal = groupOrdinals(table)
  for (let i = 0; i < table.count; i++) {
    const b = before[i]
    const a = after[i]
    if (Number.isNaN(b) || Number.isNaN(a)) continue
    const counts = steps[table.stepOf[i]].counts
    counts.compared++
    whole.compared++
    const kind = changeOf(b, a)
    if (kind === null) continue
    counts[kind === 'flip' ? 'flips' : kind]++
    whole[kind === 'flip' ? 'flips' : kind]++
    if (first.length < listed) first.push({ completion: i, step: table.steps[table.stepOf[i]], group: ordinal[table.groupOf[i]], index: table.indexInGroup[i], kind, before: b, after: a })
  }
  return { steps, whole, first }
}

function changeOf(before: number, after: number): SignChange['kind'] | null {
  if (before * after < 0) return 'flip'
  if (before !== 0 && after === 0) return 'toZero'
  if (before === 0 && after !== 0) return 'fromZero'
  return null
}

function emptyCounts(): SignChangeCounts {
  return { compared: 0, flips: 0, toZero: 0, fromZero: 0 }
}

export type SignChangeReference = { versus: 'logged advantage' | 'own design'; advantages: Float64Array } | { problem: string }

/**
 * What a new design is compared with: the advantage the run logged where the file has one (TRL's
 * table), else the file's own design (score weighs 1, GRPO's estimator), else the problem (no
 * logged advantage and no score).
 */
export function signChangeReference(table: RolloutTable): SignChangeReference {
  if (table.loggedAdvantages !== null) return { versus: 'logged advantage', advantages: table.loggedAdvantages }
  const own = designAdvantages(table, ownRolloutDesign())
  if ('problem' in own) return own
  return { versus: 'own design', advantages: own.advantages }
}
