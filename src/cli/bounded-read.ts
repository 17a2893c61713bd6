import { readSync } from 'node:fs'
import { MAX_INPUT_BYTES } from './limits'

/**
 * All of a descriptor as UTF-8 text, or null when it holds more than MAX_INPUT_BYTES (the rest is
 * left unread). Retries when the descriptor is non-blocking and momentarily empty (EAGAIN), which
 * happens with some terminals and parent processes.
 */
export function readAtMost(fd: number): string | null {
  const chunks: Buffer[] = []
  const buffer = Buffer.alloc(1 << 16)
  let total = 0
  for (;;) {
    let bytes: number
    try {
      bytes = readSync(fd, buffer, 0, buffer.length, null)
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
    if (total > MAX_INPUT_BYTES) return null
    chunks.push(Buffer.from(buffer.subarray(0, bytes)))
  }
  return Buffer.concat(chunks, total).toString('utf8')
}
