/*
 * The layout every policy loss reads: one array per sequence (a completion), one entry per token,
 * lengths that may differ. No padding and no mask: a sequence holds exactly its own tokens.
 */

/** Per-token values of a batch of sequences: sequences[i][t] is token t of sequence i. */
export type Sequences = readonly ArrayLike<number>[]

/** Σ_i |o_i|, every token of every sequence. */
export function tokenCount(sequences: Sequences): number {
  let tokens = 0
  for (const sequence of sequences) tokens += sequence.length
  return tokens
}

/** The length of the longest sequence (0 for none). */
export function longestLength(sequences: Sequences): number {
  let longest = 0
  for (const sequence of sequences) longest = Math.max(longest, sequence.length)
  return longest
}

/**
 * Throws unless `other` has the layout of `reference`: as many sequences, each as long, and no
 * sequence empty (a sequence without tokens has no per-token mean). `name` names `other`.
 */
export function checkSameLayout(name: string, reference: Sequences, other: Sequences): void {
  if (reference.length === 0) throw new Error('policy losses need at least one sequence')
  if (other.length !== reference.length) throw new Error(`${name} has ${other.length} sequences, expected ${reference.length}`)
  for (let i = 0; i < reference.length; i++) {
    if (reference[i].length === 0) throw new Error(`sequence ${i} is empty; every sequence needs at least one token`)
    if (other[i].length !== reference[i].length) throw new Error(`${name}[${i}] has ${other[i].length} tokens, expected ${reference[i].length}`)
  }
}

/** One advantage per sequence spread over its tokens (A_i,t = A_i), in the layout of `like`. */
export function perTokenAdvantages(sequenceAdvantages: ArrayLike<number>, like: Sequences): Float64Array[] {
  if (sequenceAdvantages.length !== like.length) throw new Error(`${sequenceAdvantages.length} sequence advantages for ${like.length} sequences`)
  return like.map((sequence, i) => new Float64Array(sequence.length).fill(sequenceAdvantages[i]))
}

/** Every token of a batch, flat, sequence after sequence. */
export function flatTokens(sequences: Sequences): Float64Array {
  const flat = new Float64Array(tokenCount(sequences))
  let offset = 0
  for (const sequence of sequences) {
    for (let t = 0; t < sequence.length; t++) flat[offset + t] = sequence[t]
    offset += sequence.length
  }
  return flat
}

/** Flat per-token values back into the layout of `like`. */
export function unflatten(flat: ArrayLike<number>, like: Sequences): Float64Array[] {
  let offset = 0
  return like.map((sequence) => {
    const values = Float64Array.from({ length: sequence.length }, (_, t) => flat[offset + t])
    offset += sequence.length
    return values
  })
}
