import { closeSync, openSync, writeSync } from 'node:fs'

/** A new file holding `text`, created exclusively (never through a link left under its name) and written whole; throws the system's error. */
export function writeNewFile(path: string, text: string): void {
  const fd = openSync(path, 'wx')
  try {
    const bytes = Buffer.from(text)
    for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written)
  } finally {
    closeSync(fd)
  }
}
