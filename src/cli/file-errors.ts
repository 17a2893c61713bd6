import type { Stats } from 'node:fs'
import { errorMessage } from '../core/errorMessage'

/* Why a file could not be read or written, in words a message can give (the code in brackets). */

const READ_REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a part of the path is not a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ELOOP: 'it is a symbolic link',
  ENAMETOOLONG: 'the name is too long',
}

const WRITE_REASONS: Record<string, string> = {
  EFBIG: 'it has reached the largest size this system allows a file (EFBIG)',
  ENOSPC: 'the disk is full (ENOSPC)',
  EDQUOT: 'the disk quota is used up (EDQUOT)',
  EACCES: 'permission denied (EACCES)',
  EPERM: 'permission denied (EPERM)',
  EROFS: 'the file system is read-only (EROFS)',
  ENOENT: 'its folder does not exist (ENOENT)',
  ENOTDIR: 'a part of the path is not a folder (ENOTDIR)',
  EISDIR: 'it is a directory (EISDIR)',
  ELOOP: 'it is a symbolic link (ELOOP)',
  EIO: 'the disk failed to write (EIO)',
}

function codeOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code
}

/** Why opening or reading a file failed. */
export function readFailure(error: unknown): string {
  const code = codeOf(error)
  return (code !== undefined && READ_REASONS[code]) || errorMessage(error)
}

/** Why creating or writing a file failed. */
export function writeFailure(error: unknown): string {
  const code = codeOf(error)
  return (code !== undefined && WRITE_REASONS[code]) || errorMessage(error)
}

/** What to do about a write that failed: room for a full disk or a file-size limit, rights for the rest. */
export function writeRemedy(error: unknown): string {
  const code = codeOf(error)
  if (code === 'EFBIG' || code === 'ENOSPC' || code === 'EDQUOT') return 'free space or raise the limit'
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'give a place you may write to'
  return 'give a folder that exists'
}

/** "a FIFO", "a character device", …: what a file that is not a regular file is. */
export function fileKind(stats: Stats): string {
  if (stats.isFile()) return 'a regular file'
  if (stats.isDirectory()) return 'a directory'
  if (stats.isSymbolicLink()) return 'a symbolic link'
  if (stats.isFIFO()) return 'a FIFO'
  if (stats.isCharacterDevice()) return 'a character device'
  if (stats.isBlockDevice()) return 'a block device'
  if (stats.isSocket()) return 'a socket'
  return 'no regular file'
}

/** A file that could not be written: one line saying which and what to do, exit 1 (the environment, not the command line, is at fault). */
export class FileWriteError extends Error {}
