import { closeSync, linkSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { FileWriteError, writeFailure, writeRemedy } from './file-errors'
import { readRegularText } from './regular-file'
import { named } from './sweepDir'

/*
 * One lock file per run in a sweep's folder (run-N.lock), made with an exclusive create, so that
 * two processes given the same sweep and folder never train one run twice: the second skips what
 * the first holds. A lock records its process and host; one left by a process that is gone (killed)
 * is taken over, so a stale lock never blocks a re-run. A lock on another host is respected (its
 * process cannot be asked from here).
 */

export type Claim = { held: true } | { held: false; holder: string }

export interface RunLocks {
  /** Take run `run`'s lock, or say who holds it. */
  claim(run: number): Claim
  release(run: number): void
  /** Every lock this process still holds. */
  releaseAll(): void
}

const HOST = hostname()

export function lockFileName(run: number): string {
  return `run-${run}.lock`
}

export function runLocks(dir: string): RunLocks {
  const held = new Set<number>()
  const claim = (run: number, retried = false): Claim => {
    const path = join(dir, lockFileName(run))
    const mine = `${process.pid} ${HOST}\n`
    let fd: number
    try {
      fd = openSync(path, 'wx')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new FileWriteError(`cannot write ${named(path)}: ${writeFailure(error)}; ${writeRemedy(error)}`)
      const holder = lockHolder(path)
      if (holder === null || holder.host !== HOST || alive(holder.pid) || retried) return { held: false, holder: holder === null ? 'a lock that cannot be read' : `pid ${holder.pid}${holder.host === HOST ? '' : ` on ${holder.host}`}` }
      if (!takeOverStale(path, holder.text)) return { held: false, holder: 'another process' }
      return claim(run, true)
    }
    try {
      writeSync(fd, mine)
    } finally {
      closeSync(fd)
    }
    held.add(run)
    return { held: true }
  }
  const release = (run: number) => {
    if (held.delete(run)) rmSync(join(dir, lockFileName(run)), { force: true })
  }
  return { claim, release, releaseAll: () => [...held].forEach(release) }
}

function lockHolder(path: string): { pid: number; host: string; text: string } | null {
  const read = readRegularText(path, { noFollow: true })
  if (!('text' in read)) return null
  const match = /^(\d+) (\S+)\n$/.exec(read.text)
  return match === null ? null : { pid: Number(match[1]), host: match[2], text: read.text }
}

/** Whether process `pid` runs here (signal 0 asks without sending; EPERM: it runs, as another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Remove a dead process's lock: moved aside first (a rename is atomic), and put back if what was
 * moved is not that lock any more (another process took it over in between).
 */
function takeOverStale(path: string, staleText: string): boolean {
  const aside = `${path}.${HOST}.${process.pid}.stale`
  try {
    renameSync(path, aside)
  } catch {
    return false
  }
  const moved = readRegularText(aside, { noFollow: true })
  if ('text' in moved && moved.text === staleText) {
    rmSync(aside, { force: true })
    return true
  }
  try {
    linkSync(aside, path)
  } catch {
    // Someone holds a newer lock already.
  }
  rmSync(aside, { force: true })
  return false
}
