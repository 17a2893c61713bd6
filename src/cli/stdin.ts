import { readSync } from 'node:fs'

/**
 * All of standard input, read synchronously (the CLI is synchronous). Retries when the descriptor is
 * non-blocking and momentarily empty (EAGAIN), which happens with some terminals and parent processes.
 */
export function readStdin(): string {
  const chunks: Buffer[] = []
  const buffer = Buffer.alloc(1 << 16)
  for (;;) {
    let bytes: number
    try {
      bytes = readSync(0, buffer, 0, buffer.length, null)
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
    chunks.push(Buffer.from(buffer.subarray(0, bytes)))
  }
  return Buffer.concat(chunks).toString('utf8')
}
