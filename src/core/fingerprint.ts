/*
 * A short, stable name for a value: equal values (whatever the order of their keys) have equal
 * fingerprints, and any change changes it. A lesson's variants and a sweep's runs are named so.
 */

/** JSON with every object's keys sorted, so that equal values serialise to equal text. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => stableJson(item ?? null)).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** 32-bit FNV-1a of the text's UTF-16 code units from `basis`: h = (h ⊕ c) · 16777619 mod 2³². */
function fnv1a(text: string, basis: number): number {
  let hash = basis
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619) >>> 0
  return hash
}

/** 16 hex digits: two FNV-1a hashes from different bases, so that a chance match needs both to collide. */
export function fingerprintText(text: string): string {
  return [0x811c9dc5, 0x050c5d1f].map((basis) => fnv1a(text, basis).toString(16).padStart(8, '0')).join('')
}
