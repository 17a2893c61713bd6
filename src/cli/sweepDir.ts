import { accessSync, closeSync, constants, fstatSync, ftruncateSync, fsyncSync, linkSync, lstatSync, readdirSync, readSync, rmSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { checkSweepDefinition, type Sweep } from '../model/sweep/definition'
import { definitionOf, sweepDifference } from '../model/sweep/definitionFile'
import { readRunLines, recordLine, type RunRecord } from '../model/sweep/runRecord'
import type { Shard } from '../model/sweep/runIndex'
import { describeJsonSyntax } from '../core/jsonSyntax'
import { withoutBom } from './bounded-read'
import { FileWriteError, writeFailure, writeRemedy } from './file-errors'
import { listProblems } from './message'
import { makeFolder } from './makeFolder'
import { writeNewFile } from './writeNewFile'
import { openRegular, readRegularBytes } from './regular-file'
import { UsageError } from './usage'

/*
 * A sweep's directory (--out DIR): its definition (sweep.json) and one results file per shard
 * (runs-I-of-N.jsonl; runs-0-of-1.jsonl unsharded), so that shards on a shared disk never write one
 * file together. A run is one line, written whole with one write and synced before the next; a
 * re-run reads every results file and trains only what none of them holds. Only regular files
 * inside DIR are read or written: a symbolic link (which could lead outside), a FIFO or a device
 * in DIR is refused by name, never followed.
 */

export const DEFINITION_FILE = 'sweep.json'
const RUN_FILE = /^runs-\d+-of-\d+\.jsonl$/
const FOLDER_ADVICE = "give a folder to keep the sweep's results in (made if missing)"

/** The results file of a shard. */
export function runFileName(shard: Shard): string {
  return `runs-${shard.index}-of-${shard.count}.jsonl`
}

/**
 * Make DIR (and its parents) and record the sweep's definition in it, or check that the one it
 * holds is this very sweep: results of another sweep would otherwise be skipped as this one's.
 */
export function claimSweepDir(dir: string, sweep: Sweep): void {
  makeFolder(dir, '--out', FOLDER_ADVICE)
  try {
    accessSync(dir, constants.W_OK)
  } catch (error) {
    throw new FileWriteError(`cannot write to --out "${dir}": ${writeFailure(error)}; give a folder you may write to`)
  }
  const path = join(dir, DEFINITION_FILE)
  if (!exists(path) && createDefinition(path, sweep)) return
  const held = readDefinition(path, `--out "${dir}"`)
  const part = sweepDifference(held, sweep)
  if (part !== null) throw new UsageError(`--out "${dir}" holds another sweep (its ${DEFINITION_FILE} has other ${part}); give a new --out DIR, or resume that sweep with --sweep ${path}`)
}

/**
 * Write the definition as DIR's sweep.json unless some process has meanwhile: written aside, then
 * linked into place, which fails if the name exists (on a shared disk too). So shards starting
 * together each see the whole file, and the first one's is the one all are checked against.
 * True when this process wrote it.
 */
function createDefinition(path: string, sweep: Sweep): boolean {
  const aside = `${path}.${hostname()}.${process.pid}.tmp`
  try {
    // An exclusive create: never through a link someone left under this name.
    writeNewFile(aside, `${JSON.stringify(definitionOf(sweep), null, 2)}\n`)
    try {
      linkSync(aside, path)
      return true
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
      throw error
    } finally {
      rmSync(aside, { force: true })
    }
  } catch (error) {
    throw new FileWriteError(`cannot write ${named(path)}: ${writeFailure(error)}; ${writeRemedy(error)}`)
  }
}


/** The sweep a directory holds, from its sweep.json (for summarize). */
export function readSweepDir(dir: string): Sweep {
  const path = join(dir, DEFINITION_FILE)
  if (!exists(path)) throw new UsageError(`"${dir}" has no ${DEFINITION_FILE}, so it is no sweep's directory; give the --out DIR a sweep wrote to`)
  return readDefinition(path, `"${dir}"`)
}

function readDefinition(path: string, where: string): Sweep {
  const text = readInside(path)
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw new UsageError(`${where}: its ${DEFINITION_FILE} is not valid JSON (${describeJsonSyntax(text)})`)
  }
  const checked = checkSweepDefinition(raw)
  if (!checked.ok) throw new UsageError(`${where}: its ${DEFINITION_FILE} is no sweep definition: ${listProblems(checked.problems)}`)
  return checked.sweep
}

/** What the results files hold: every run found (in file order; a run in two files, twice) and the files that end in an unfinished line. */
export interface RecordedRuns {
  records: RunRecord[]
  tornFiles: string[]
}

/**
 * Every results file of DIR read against the sweep; a damaged line (not one cut off last), or a
 * run trained under another definition, is refused, naming its file and line.
 */
export function readRecordedRuns(dir: string, sweep: Sweep): RecordedRuns {
  const records: RunRecord[] = []
  const problems: string[] = []
  const tornFiles: string[] = []
  for (const path of runFiles(dir)) {
    const read = readRunLines(readInside(path), named(path), sweep)
    records.push(...read.records)
    problems.push(...read.problems)
    if (read.torn) tornFiles.push(path)
  }
  if (problems.length > 0) throw new UsageError(`"${dir}" holds results that are no runs of this sweep: ${listProblems(problems)}; move those files aside, or give a new --out DIR`)
  return { records, tornFiles }
}

function runFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => RUN_FILE.test(name))
    .sort()
    .map((name) => join(dir, name))
}

/**
 * The runs recorded in DIR now, as a set of run indices, read again only when a results file has
 * changed size since the last call: a sweep asks before each run it claims, so that a run another
 * process finished meanwhile is not trained again.
 */
export function recordedRunsNow(dir: string, sweep: Sweep): () => Set<number> {
  let key = ''
  let runs = new Set<number>()
  return () => {
    const files = runFiles(dir)
    const now = files.map((path) => `${path}:${lstatSync(path).size}`).join('\n')
    if (now !== key) {
      runs = new Set(readRecordedRuns(dir, sweep).records.map((record) => record.run))
      key = now
    }
    return runs
  }
}

/** A shard's results file, open for appending. */
export interface RunFile {
  append(record: RunRecord): void
  close(): void
}

/**
 * Open a shard's results file to append to, first cutting off an unfinished last line a killed
 * run left. The file is DIR's own (not a link), and readRecordedRuns has read every line before the
 * cut as a run of this very sweep: what is cut is only what this sweep left half written.
 */
export function openRunFile(dir: string, shard: Shard): RunFile {
  const path = join(dir, runFileName(shard))
  const opened = openRegular(path, { flags: constants.O_RDWR | constants.O_APPEND | constants.O_CREAT, noFollow: true })
  if ('reason' in opened) throw refusal(path, opened.reason)
  const fd = opened.fd
  try {
    const size = opened.stats.size
    const kept = lastLineEnd(fd, size)
    // Only if no other process has written since: its line would be cut too.
    if (kept < size && fstatSync(fd).size === size) ftruncateSync(fd, kept)
  } catch (error) {
    closeSync(fd)
    throw new FileWriteError(`cannot write ${named(path)}: ${writeFailure(error)}; ${writeRemedy(error)}`)
  }
  return {
    append(record) {
      const line = Buffer.from(recordLine(record))
      try {
        for (let written = 0; written < line.length; ) written += writeSync(fd, line, written)
        // On disk before the next run is counted done: a crash loses at most the line being written.
        fsyncSync(fd)
      } catch (error) {
        throw new FileWriteError(`cannot write ${named(path)}: ${writeFailure(error)}; ${writeRemedy(error)}, then run the same sweep again: it trains only the runs not recorded`)
      }
    },
    close() {
      closeSync(fd)
    },
  }
}

/** The offset just past the last "\n" of the first `size` bytes of a file (0 if none), read from its end. */
function lastLineEnd(fd: number, size: number): number {
  const buffer = Buffer.alloc(1 << 16)
  for (let end = size; end > 0; ) {
    const start = Math.max(0, end - buffer.length)
    const bytes = readSync(fd, buffer, 0, end - start, start)
    const at = buffer.subarray(0, bytes).lastIndexOf(0x0a)
    if (at !== -1) return start + at + 1
    end = start
  }
  return 0
}

function exists(path: string): boolean {
  try {
    lstatSync(path)
    return true
  } catch {
    return false
  }
}

/** A file inside DIR as text: a regular file, not a link, at most MAX_INPUT_BYTES. */
function readInside(path: string): string {
  const read = readRegularBytes(path, { noFollow: true })
  if ('reason' in read) throw read.tooLarge ? new UsageError(`cannot read ${named(path)}: ${read.reason}`) : refusal(path, read.reason)
  return withoutBom(read.bytes.toString('utf8'))
}

function refusal(path: string, reason: string): UsageError {
  return new UsageError(`cannot use ${named(path)}: ${reason}; a sweep reads and writes only regular files inside --out DIR; move it aside, or give a new --out DIR`)
}

/** A file of a sweep's folder as messages name it: "runs-0-of-1.jsonl in "DIR"" (the folder may be cut short; the file's own name never is). */
export function named(path: string): string {
  return `${basename(path)} in "${dirname(path)}"`
}
