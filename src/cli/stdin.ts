import { readAtMost } from './bounded-read'
import { MAX_INPUT_SIZE } from './limits'
import { UsageError } from './usage'

/** All of standard input, read synchronously (the CLI is synchronous), up to MAX_INPUT_BYTES. */
export function readStdin(): string {
  const text = readAtMost(0)
  if (text === null) throw new UsageError(`stdin holds more than ${MAX_INPUT_SIZE}, the most the command line reads; give a smaller input`)
  return text
}
