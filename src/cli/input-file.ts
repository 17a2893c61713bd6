import { readRegularText, type ReadText } from './regular-file'
import { UsageError } from './usage'

/**
 * The text of the file a flag names (`--mix FILE`, `--config FILE`), or all of stdin for "-".
 * A file that cannot be read, is not a regular file, or holds more than MAX_INPUT_BYTES, is a
 * usage error naming the flag, the path and why.
 */
export function readInputFile(flag: string, path: string, readStdin: () => string): string {
  if (path === '-') return readStdin()
  const read = readBoundedFile(path)
  if ('reason' in read) throw new UsageError(`cannot read ${flag} file "${path}": ${read.reason}; give ${read.tooLarge ? 'a smaller file' : 'a regular JSON file, or - for stdin'}`)
  return read.text
}

/**
 * A file's text, read with the bounded regular-file reader, or why it cannot be had: it cannot be
 * opened or read, it is no regular file (a FIFO, a device, a directory), or it holds more than
 * MAX_INPUT_BYTES (tooLarge).
 */
export function readBoundedFile(path: string): ReadText {
  return readRegularText(path)
}

/** Where the text came from, for messages: "stdin" or the quoted path. */
export function sourceName(path: string): string {
  return path === '-' ? 'stdin' : `"${path}"`
}
