import { MAX_DPO_LABELLED_PAIRS, type DpoLabelledPair } from '../core/run/dpoOptions'
import type { SavedLabelRecord } from './savedLabel'

/*
 * Labelled pairs as a DPO design's preference set (learner.preferences, source labelled): each
 * decided pair's prompt, the chosen side's tokens and the rejected side's. Ties say nothing about
 * which is better and are left out, as the pairs file leaves them out; a pair without its prompt or
 * its tokens (an imported line that gave only features) cannot be observed and is left out too, and counted.
 */

export type LabelledPreferences = { ok: true; pairs: DpoLabelledPair[]; ties: number; unobservable: number } | { ok: false; problem: string }

export function labelsToDpoPairs(labels: readonly Pick<SavedLabelRecord, 'pair' | 'choice'>[]): LabelledPreferences {
  const pairs: DpoLabelledPair[] = []
  let ties = 0
  let unobservable = 0
  for (const { pair, choice } of labels) {
    if (choice === 'tie') ties++
    else {
      const [chosen, rejected] = choice === 'a' ? [pair.a, pair.b] : [pair.b, pair.a]
      if (pair.prompt === undefined || chosen.tokens === undefined || rejected.tokens === undefined) unobservable++
      else pairs.push({ prompt: [pair.prompt[0], pair.prompt[1]], chosen: [...chosen.tokens], rejected: [...rejected.tokens] })
    }
  }
  if (pairs.length === 0) return { ok: false, problem: 'DPO needs at least one decided pair with its prompt and tokens; label some first (ties are left out)' }
  if (pairs.length > MAX_DPO_LABELLED_PAIRS) {
    return { ok: false, problem: `${pairs.length} decided pairs are labelled, more than the ${MAX_DPO_LABELLED_PAIRS} a design holds in full; export them and clear some, or train DPO on a recipe (the learner's pairs drawn)` }
  }
  return { ok: true, pairs, ties, unobservable }
}
