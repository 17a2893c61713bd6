import { END, THINK } from './tokenseqRules'

/*
 * The token task's majority-vote reward, a self-reward as TTRL (Zuo et al. 2025) pays it: no gold
 * answer, only the policy's own answers to one prompt. Each completion of a group of G answers the
 * group's shared prompt; the group's majority answer is the most common of them, and a completion
 * is paid 1 when its answer is that majority, 0 otherwise:
 *   majority_i = 1[answer_i ≠ none and answer_i = argmax_y |{j : answer_j = y}|]
 * The rules, stated:
 *   - a completion's answer is the string of digits it wrote before end (think tokens skipped);
 *     two answers agree when those strings are equal ("0 7" and "7" differ, as correct tells them
 *     apart);
 *   - a completion cut at max_length (no end) or with no digits has no answer: it never counts
 *     towards a majority and is paid 0 (TTRL drops the answers it cannot extract before voting);
 *   - a tie between answers goes to the one the group wrote first (the smallest copy index of its
 *     first occurrence), as Python's Counter.most_common(1) breaks ties in TTRL's vote;
 *   - a group where no completion has an answer has no majority: all paid 0.
 * The majority is known only once every completion of the group has ended, so the environment pays
 * it at the group's end (TokenSeqEnv.payGroupEnds), added to each completion's last step.
 */

/** A completion's answer as majority voting reads it: its digits before end (think skipped), or null when it has none (no end, or no digit). */
export function completionAnswer(tokens: ArrayLike<number>, offset: number, count: number): string | null {
  let digits = ''
  for (let j = 0; j < count; j++) {
    const token = tokens[offset + j]
    if (token === END) return digits === '' ? null : digits
    if (token !== THINK) digits += String(token)
  }
  return null
}

/** majority_i of each completion of one group, from their answers in copy order (null: no answer), into `out`. */
export function majorityAgreement(answers: readonly (string | null)[], out: Float64Array): void {
  const votes = new Map<string, number>()
  for (const answer of answers) if (answer !== null) votes.set(answer, (votes.get(answer) ?? 0) + 1)
  // A Map keeps its keys in the order first seen, so the strict > keeps the first answer of a tie.
  let majority: string | null = null
  let most = 0
  for (const [answer, count] of votes) {
    if (count > most) {
      majority = answer
      most = count
    }
  }
  answers.forEach((answer, i) => (out[i] = answer !== null && answer === majority ? 1 : 0))
}
