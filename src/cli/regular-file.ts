import { closeSync, constants, fstatSync, lstatSync, openSync, statSync, type Stats } from 'node:fs'
import { readBytesAtMost, withoutBom } from './bounded-read'
import { fileKind, readFailure, writeFailure } from './file-errors'
import { MAX_INPUT_BYTES, MAX_INPUT_SIZE } from './limits'

/*
 * The one way the command line opens a file it reads or appends to: only a regular file. A FIFO,
 * a device, a directory or a socket is named for what it is and never read (a device's size says
 * 0, and /dev/zero never ends); the open is non-blocking, so that a FIFO with no writer cannot
 * hang it, and the descriptor is checked after the open, so that what is read is what was checked.
 */

export interface OpenOptions {
  /** open(2) flags besides O_NONBLOCK (and O_NOFOLLOW); O_RDONLY by default. */
  flags?: number
  /** Refuse a symbolic link instead of following it (a sweep's folder holds only its own files). */
  noFollow?: boolean
}

export type Opened = { fd: number; stats: Stats } | { reason: string }

/** A regular file opened, or why not: "it is a FIFO", "no such file", "it is a symbolic link", … */
export function openRegular(path: string, options: OpenOptions = {}): Opened {
  const flags = options.flags ?? constants.O_RDONLY
  const writing = (flags & (constants.O_WRONLY | constants.O_RDWR)) !== 0
  const failure = writing ? writeFailure : readFailure
  // What the name is, before opening it: opening some devices does something.
  try {
    const seen = options.noFollow ? lstatSync(path) : statSync(path)
    if (!seen.isFile()) return { reason: `it is ${fileKind(seen)}` }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || (flags & constants.O_CREAT) === 0) return { reason: failure(error) }
  }
  let fd: number
  try {
    fd = openSync(path, flags | constants.O_NONBLOCK | (options.noFollow ? constants.O_NOFOLLOW : 0), 0o666)
  } catch (error) {
    return { reason: failure(error) }
  }
  const stats = fstatSync(fd)
  if (!stats.isFile()) {
    closeSync(fd)
    return { reason: `it is ${fileKind(stats)}` }
  }
  return { fd, stats }
}

export type ReadBytes = { bytes: Buffer } | { reason: string; tooLarge: boolean }

/** A regular file's bytes, at most `limit` of them (more is refused, tooLarge), or why it cannot be read. */
export function readRegularBytes(path: string, options: OpenOptions & { limit?: number } = {}): ReadBytes {
  const opened = openRegular(path, options)
  if ('reason' in opened) return { reason: opened.reason, tooLarge: false }
  try {
    const bytes = readBytesAtMost(opened.fd, options.limit ?? MAX_INPUT_BYTES)
    if (bytes === null) return { reason: `it holds more than ${MAX_INPUT_SIZE}, the most the command line reads`, tooLarge: true }
    return { bytes }
  } catch (error) {
    return { reason: readFailure(error), tooLarge: false }
  } finally {
    closeSync(opened.fd)
  }
}

export type ReadText = { text: string } | { reason: string; tooLarge: boolean }

/** A regular file's text (UTF-8, a leading byte-order mark dropped), at most MAX_INPUT_BYTES, or why it cannot be read. */
export function readRegularText(path: string, options: OpenOptions = {}): ReadText {
  const read = readRegularBytes(path, options)
  return 'bytes' in read ? { text: withoutBom(read.bytes.toString('utf8')) } : read
}
