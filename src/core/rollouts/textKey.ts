/*
 * A short key standing for a long text (a prompt of thousands of characters, repeated once per
 * completion), so that grouping keeps no prompt whole: two 32-bit hashes of its UTF-16 units
 * (FNV-1a, and a multiplicative one with another start) and its length. Two different prompts of
 * one step share a key with a chance of about 2^-64 per pair.
 */

export function textKey(text: string): string {
  // FNV-1a: h ← (h ⊕ c)·16777619 mod 2^32, from 2166136261
  let fnv = 0x811c9dc5
  // h ← (h·31 + c)·0x9e3779b1 mod 2^32, from 0x1234567
  let mult = 0x1234567
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    fnv = Math.imul(fnv ^ code, 0x01000193)
    mult = Math.imul(Math.imul(mult, 31) + code, 0x9e3779b1)
  }
  return `${(fnv >>> 0).toString(36)}.${(mult >>> 0).toString(36)}.${text.length}`
}
