import { closeSync, openSync } from 'node:fs'
import { readAtMost } from './bounded-read'
import { MAX_INPUT_SIZE } from './limits'
import { UsageError } from './usage'
import { errorMessage } from '../core/errorMessage'

/**
 * The text of the file a flag names (`--mix FILE`, `--config FILE`), or all of stdin for "-".
 * A file that cannot be read, or holds more than MAX_INPUT_BYTES, is a usage error naming the flag,
 * the path and why.
 */
export function readInputFile(flag: string, path: string, readStdin: () => string): string {
  if (path === '-') return readStdin()
  const read = readBoundedFile(path)
  if ('reason' in read) throw new UsageError(`cannot read ${flag} file "${path}": ${read.reason}; give ${read.tooLarge ? 'a smaller file' : 'a JSON file, or - for stdin'}`)
  return read.text
}

/**
 * A file's text, read with the bounded reader, or why it cannot be had: it cannot be opened or
 * read, or it holds more than MAX_INPUT_BYTES (tooLarge).
 */
export function readBoundedFile(path: string): { text: string } | { reason: string; tooLarge: boolean } {
  let text: string | null
  try {
    const fd = openSync(path, 'r')
    try {
      text = readAtMost(fd)
    } finally {
      closeSync(fd)
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : errorMessage(error)
    return { reason, tooLarge: false }
  }
  if (text === null) return { reason: `it holds more than ${MAX_INPUT_SIZE}, the most the command line reads`, tooLarge: true }
  return { text }
}

/** Where the text came from, for messages: "stdin" or the quoted path. */
export function sourceName(path: string): string {
  return path === '-' ? 'stdin' : `"${path}"`
}
