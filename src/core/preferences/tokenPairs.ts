/*
 * How a group of G completions of one prompt is paired: the first with the second, the third with
 * the fourth, …, ⌊G/2⌋ pairs, an odd one out left unpaired. A pair compares two answers to the same
 * question, as an RLHF labeler is shown them.
 */

/** The pairs a group of `groupSize` completions makes. */
export function pairsPerGroup(groupSize: number): number {
  return Math.floor(groupSize / 2)
}

/** Why groups of this size make no pairs, or null when they do. */
export function groupSizeProblem(groupSize: number): string | null {
  return pairsPerGroup(groupSize) >= 1 ? null : `tokenseq's group_size is ${groupSize}; a pair is two completions of one prompt, so group_size must be at least 2`
}
