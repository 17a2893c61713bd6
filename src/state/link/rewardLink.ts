import { errorMessage } from '../../core/errorMessage'
import { LINK } from '../../model/linkKeys'
/*
 * The reward extras in a link, compressed: `rz=` is the `r=` JSON deflated (raw DEFLATE, RFC 1951)
 * and written in base64url, so a design with a few terms stays a link one can paste in a chat.
 * Why DEFLATE through CompressionStream rather than a hand-written short encoding: the extras are
 * free-form (expressions, names, nested transforms) and grow with every feature; a general
 * compressor keeps up without a second schema to maintain, and browsers (and Node ≥ 18) ship it.
 * It is asynchronous, so startup reads the link before the first render (main.tsx) and the URL
 * sync writes `r=` until the compressed form is ready, then `rz=` whenever it is shorter.
 * Old `r=` links keep working. Decompression stops at MAX_INFLATED_BYTES: a "zip bomb" in a link
 * costs at most that much work.
 */

/** The most bytes a link's reward design may decompress to (a design is a few kilobytes). */
export const MAX_INFLATED_BYTES = 64 * 1024
/** The longest `rz` value read; an address is rarely longer than this anyway. */
export const MAX_COMPRESSED_CHARS = 32 * 1024

export type Inflated = { ok: true; text: string } | { ok: false; problem: string }

/** `text` deflated and written in base64url (A–Z a–z 0–9 - _, no padding). */
export async function deflateToBase64url(text: string): Promise<string> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'))
  return bytesToBase64url(new Uint8Array(await new Response(stream).arrayBuffer()))
}

/**
 * The text behind a base64url DEFLATE value, or why it cannot be read: not base64url, not
 * DEFLATE, cut short, larger than `maxBytes` once inflated, or not UTF-8. Never throws.
 */
export async function inflateFromBase64url(code: string, maxBytes = MAX_INFLATED_BYTES): Promise<Inflated> {
  if (code.length > MAX_COMPRESSED_CHARS) return { ok: false, problem: `longer than ${MAX_COMPRESSED_CHARS} characters` }
  const bytes = base64urlToBytes(code)
  if (!bytes) return { ok: false, problem: 'not base64url (accepted: letters, digits, - and _)' }
  if (typeof DecompressionStream === 'undefined') return { ok: false, problem: 'this browser cannot decompress it (no DecompressionStream); use a link with r= instead' }
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    const reader = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.byteLength
      if (total > maxBytes) {
        // Stop inflating at once: the rest is never produced.
        await reader.cancel().catch(() => undefined)
        return { ok: false, problem: `decompresses to more than ${maxBytes} bytes` }
      }
      chunks.push(value)
    }
  } catch (error) {
    return { ok: false, problem: `not valid compressed data (${errorMessage(error)})` }
  }
  const joined = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    joined.set(chunk, offset)
    offset += chunk.byteLength
  }
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(joined) }
  } catch {
    return { ok: false, problem: 'not UTF-8 text once decompressed' }
  }
}

/** The compressed form of the last `r` values seen, by their JSON (a design changes one at a time). */
const compressed = new Map<string, string>()
const pending = new Set<string>()
const CACHE_SIZE = 8

/**
 * Swap `r=` for `rz=` in `query` when the compressed form is ready and shorter. When it is not
 * ready yet, compression starts and `onReady` is called once it is, to write the URL again.
 */
export function compactRewardParam(query: URLSearchParams, onReady: () => void): void {
  const json = query.get(LINK.reward)
  if (json === null) return
  const code = compressed.get(json)
  if (code === undefined) {
    if (pending.has(json) || typeof CompressionStream === 'undefined') return
    pending.add(json)
    deflateToBase64url(json)
      .then((result) => {
        compressed.set(json, result)
        while (compressed.size > CACHE_SIZE) compressed.delete(compressed.keys().next().value as string)
        onReady()
      })
      .catch(() => undefined) // keep writing r=, which every reader accepts
      .finally(() => pending.delete(json))
    return
  }
  preferShorter(query, json, code)
}

/** `query` with `r=` replaced by `rz=` when that is shorter (waits for the compression). */
export async function compactRewardNow(query: URLSearchParams): Promise<URLSearchParams> {
  const json = query.get(LINK.reward)
  const copy = new URLSearchParams(query)
  if (json === null || typeof CompressionStream === 'undefined') return copy
  preferShorter(copy, json, await deflateToBase64url(json))
  return copy
}

/** Write `rz=code` instead of `r=json` when it makes the address shorter (short designs stay readable). */
function preferShorter(query: URLSearchParams, json: string, code: string): void {
  const encoded = new URLSearchParams({ r: json }).toString() // "r=" + the JSON as the address writes it
  if (`rz=${code}`.length >= encoded.length) return
  query.delete(LINK.reward)
  query.set(LINK.rewardCompressed, code)
}

const BASE64URL = /^[A-Za-z0-9_-]*$/

function bytesToBase64url(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

/** The bytes of a base64url string (padding optional); null when it is not base64url. */
function base64urlToBytes(code: string): Uint8Array | null {
  if (!BASE64URL.test(code) || code.length % 4 === 1) return null
  try {
    const binary = atob(code.replaceAll('-', '+').replaceAll('_', '/'))
    const bytes = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
    return bytes
  } catch {
    return null
  }
}
