import { renameSync, rmSync } from 'node:fs'
import { writeNewFile } from './writeNewFile'

/**
 * Replace the file at `path` by `text`: written whole to a temporary file beside it (created
 * exclusively, never through a link left under that name) and renamed over it, so that a reader
 * never sees half a file. Throws the system's error, leaving no temporary file behind.
 */
export function replaceFile(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`
  try {
    writeNewFile(temporary, text)
    renameSync(temporary, path)
  } catch (error) {
    rmSync(temporary, { force: true })
    throw error
  }
}
