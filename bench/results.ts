/** What each bench section hands back: named figures, notes on the ones that need a word, raw runs. */
export interface SectionResult {
  figures: Record<string, number | null>
  /** Keyed by figure name: why a figure is null, or what it does not say. */
  notes: Record<string, string>
  /** Per-seed or per-repeat details behind the figures. */
  runs: Record<string, unknown>
}

export function emptyResult(): SectionResult {
  return { figures: {}, notes: {}, runs: {} }
}
