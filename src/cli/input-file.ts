import { readFileSync } from 'node:fs'
import { UsageError } from './usage'
import { errorMessage } from '../core/errorMessage'

/**
 * The text of the file a flag names (`--mix FILE`, `--config FILE`), or all of stdin for "-".
 * A file that cannot be read is a usage error naming the flag, the path and why.
 */
export function readInputFile(flag: string, path: string, readStdin: () => string): string {
  if (path === '-') return readStdin()
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : errorMessage(error)
    throw new UsageError(`cannot read ${flag} file "${path}": ${reason}; give a JSON file, or - for stdin`)
  }
}

/** Where the text came from, for messages: "stdin" or the quoted path. */
export function sourceName(path: string): string {
  return path === '-' ? 'stdin' : `"${path}"`
}
