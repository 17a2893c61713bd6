import type { LessonText } from './types'
import sparseVsShaped from './text/sparse-vs-shaped.json'
import coinLoop from './text/coin-loop.json'
import cliffSarsaVsQ from './text/cliff-sarsa-vs-q.json'
import creditOverTime from './text/credit-over-time.json'
import explorationBonuses from './text/exploration-bonuses.json'
import grpoSilentGroups from './text/grpo-silent-groups.json'
import partialCredit from './text/partial-credit.json'
import smallGroups from './text/small-groups.json'
import manyRewards from './text/many-rewards.json'
import rewardHacking from './text/reward-hacking.json'
import lengthBiasedLabeler from './text/length-biased-labeler.json'
import shortAnswersTricks from './text/short-answers-tricks.json'
import freeRiding from './text/free-riding.json'
import dpoVsRlhf from './text/dpo-vs-rlhf.json'
import processVsOutcome from './text/process-vs-outcome.json'
import overOptimisation from './text/over-optimisation.json'
import ensembleCaution from './text/ensemble-caution.json'

/*
 * The words of every lesson's card, one file per lesson in text/ (named by the lesson's id), kept
 * out of the catalogue's code so that they read and edit as text. The catalogue holds the designs
 * and the claims; it takes a lesson's words from here by its id. A text may name a number the
 * design sets (a budget, a recipe's pair count) as a placeholder, {name}, which the catalogue fills
 * from the constant the design uses, so the card and the design cannot disagree.
 */

/** Every lesson's text by lesson id; a test holds its keys and the files in text/ to the catalogue's ids. */
export const LESSON_TEXTS: Readonly<Record<string, LessonText>> = {
  'sparse-vs-shaped': sparseVsShaped,
  'coin-loop': coinLoop,
  'cliff-sarsa-vs-q': cliffSarsaVsQ,
  'credit-over-time': creditOverTime,
  'exploration-bonuses': explorationBonuses,
  'grpo-silent-groups': grpoSilentGroups,
  'partial-credit': partialCredit,
  'small-groups': smallGroups,
  'many-rewards': manyRewards,
  'reward-hacking': rewardHacking,
  'length-biased-labeler': lengthBiasedLabeler,
  'short-answers-tricks': shortAnswersTricks,
  'free-riding': freeRiding,
  'dpo-vs-rlhf': dpoVsRlhf,
  'process-vs-outcome': processVsOutcome,
  'over-optimisation': overOptimisation,
  'ensemble-caution': ensembleCaution,
}

const PLACEHOLDER = /\{([A-Za-z]+)\}/g

/** The text with each {name} replaced by values[name]; throws on a placeholder without a value or a value no placeholder uses. */
export function fillText(text: LessonText, values: Readonly<Record<string, string | number>> = {}): LessonText {
  const used = new Set<string>()
  const fill = (field: string): string =>
    field.replace(PLACEHOLDER, (_, name: string) => {
      if (!Object.hasOwn(values, name)) throw new Error(`lesson text placeholder {${name}} has no value (given: ${Object.keys(values).join(', ') || 'none'})`)
      used.add(name)
      return String(values[name])
    })
  const filled: LessonText = { title: fill(text.title), question: fill(text.question), tryThis: fill(text.tryThis), lookFor: fill(text.lookFor), why: fill(text.why) }
  const unused = Object.keys(values).filter((name) => !used.has(name))
  if (unused.length > 0) throw new Error(`lesson text has no placeholder for ${unused.join(', ')}`)
  return filled
}
