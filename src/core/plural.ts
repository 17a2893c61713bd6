/** A count with its noun, singular for exactly one: "1 pair", "0 pairs", "2 ties"; `plural` where adding an s is wrong ("2 series"). */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`
}
