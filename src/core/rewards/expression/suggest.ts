/**
 * Edit distance with adjacent transpositions (optimal string alignment, a restricted
 * Damerau–Levenshtein): "tehta" is one edit from "theta", as a typist would count it.
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1
  const cols = b.length + 1
  const d = new Uint32Array(rows * cols)
  for (let i = 0; i < rows; i++) d[i * cols] = i
  for (let j = 0; j < cols; j++) d[j] = j
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(d[(i - 1) * cols + j] + 1, d[i * cols + j - 1] + 1, d[(i - 1) * cols + j - 1] + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[(i - 2) * cols + j - 2] + 1)
      d[i * cols + j] = best
    }
  }
  return d[rows * cols - 1]
}

/**
 * The candidate closest to `name` (ignoring case), or null when none is close enough to be a
 * plausible typo: at most one edit per three characters, and fewer edits than half the longer
 * name (so "y" does not suggest "x").
 */
export function closestName(name: string, candidates: Iterable<string>): string | null {
  const wanted = name.toLowerCase()
  let best: string | null = null
  let bestDistance = Infinity
  for (const candidate of candidates) {
    const longer = Math.max(name.length, candidate.length)
    // Names that differ in length by more than the allowance cannot be close; skip the table.
    const allowance = Math.max(1, Math.floor(longer / 3))
    if (Math.abs(name.length - candidate.length) > allowance) continue
    const distance = editDistance(wanted, candidate.toLowerCase())
    if (distance <= allowance && distance * 2 < longer && distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return best
}
