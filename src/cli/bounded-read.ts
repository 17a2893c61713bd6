import { readSync } from 'node:fs'
import { MAX_INPUT_BYTES } from './limits'

/**
 * All of a descriptor's bytes, or null when it holds more than `limit` (at most one byte past the
 * limit is read; the rest is left unread). Retries when the descriptor is non-blocking and
 * momentarily empty (EAGAIN), which happens with some terminals and parent processes.
 */
export function readBytesAtMost(fd: number, limit: number = MAX_INPUT_BYTES): Buffer | null {
  const chunks: Buffer[] = []
  const buffer = Buffer.alloc(1 << 16)
  let total = 0
  for (;;) {
    let bytes: number
    try {
      bytes = readSync(fd, buffer, 0, Math.min(buffer.length, limit + 1 - total), null)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5)
        continue
      }
      if (code === 'EOF') break
      throw error
    }
    if (bytes === 0) break
    total += bytes
    if (total > limit) return null
    chunks.push(Buffer.from(buffer.subarray(0, bytes)))
  }
  return Buffer.concat(chunks, total)
}

/** All of a descriptor as UTF-8 text (as it is: see withoutBom), or null when it holds more than `limit` bytes. */
export function readAtMost(fd: number, limit: number = MAX_INPUT_BYTES): string | null {
  return readBytesAtMost(fd, limit)?.toString('utf8') ?? null
}

/** Text as the command line reads it: one leading byte-order mark (U+FEFF), which editors on Windows write, dropped. */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}
