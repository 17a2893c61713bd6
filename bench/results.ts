/** A figure that is a table of numbers, keyed by what each level varies: {backend: {W: {B: ms}}}. */
export interface FigureTable {
  [key: string]: number | null | FigureTable
}

/** What each bench section hands back: named figures, notes on the ones that need a word, raw runs. */
export interface SectionResult {
  figures: Record<string, number | null>
  /** Figures that are tables (a sweep's grid), printed beside the plain figures. */
  tables: Record<string, FigureTable>
  /** Keyed by figure name: why a figure is null, or what it does not say. */
  notes: Record<string, string>
  /** Per-seed or per-repeat details behind the figures. */
  runs: Record<string, unknown>
}

export function emptyResult(): SectionResult {
  return { figures: {}, tables: {}, notes: {}, runs: {} }
}
