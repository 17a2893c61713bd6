import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { errorMessage } from '../core/errorMessage'
import { checkSweepDefinition, type Sweep } from '../model/sweep/definition'
import { definitionOf, sweepDifference } from '../model/sweep/definitionFile'
import { readRunLines, recordLine, type RunRecord } from '../model/sweep/runRecord'
import type { Shard } from '../model/sweep/runIndex'
import { MAX_INPUT_BYTES, MAX_INPUT_SIZE } from './limits'
import { listProblems } from './message'
import { UsageError } from './usage'

/*
 * A sweep's directory (--out DIR): its definition (sweep.json) and one results file per shard
 * (runs-I-of-N.jsonl; runs-0-of-1.jsonl unsharded), so that shards on a shared disk never write one
 * file together. A run is one line, written whole with one write and synced before the next; a
 * re-run reads every results file and trains only what none of them holds.
 */

export const DEFINITION_FILE = 'sweep.json'
const RUN_FILE = /^runs-\d+-of-\d+\.jsonl$/

/** The results file of a shard. */
export function runFileName(shard: Shard): string {
  return `runs-${shard.index}-of-${shard.count}.jsonl`
}

/**
 * Make DIR (and its parents) and record the sweep's definition in it, or check that the one it
 * holds is this very sweep: results of another sweep would otherwise be skipped as this one's.
 */
export function claimSweepDir(dir: string, sweep: Sweep): void {
  try {
    mkdirSync(dir, { recursive: true })
  } catch (error) {
    throw new UsageError(`cannot use --out "${dir}": ${fileReason(error)}; give a directory to keep the sweep's results in`)
  }
  const path = join(dir, DEFINITION_FILE)
  if (!exists(path) && createDefinition(dir, path, sweep)) return
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
function createDefinition(dir: string, path: string, sweep: Sweep): boolean {
  const aside = `${path}.${hostname()}.${process.pid}.tmp`
  try {
    writeFileSync(aside, `${JSON.stringify(definitionOf(sweep), null, 2)}\n`)
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
    throw new UsageError(`cannot write to --out "${dir}": ${fileReason(error)}`)
  }
}

/** The sweep a directory holds, from its sweep.json (for summarize). */
export function readSweepDir(dir: string): Sweep {
  const path = join(dir, DEFINITION_FILE)
  if (!exists(path)) throw new UsageError(`"${dir}" has no ${DEFINITION_FILE}, so it is no sweep's directory; give the --out DIR a sweep wrote to`)
  return readDefinition(path, `"${dir}"`)
}

function readDefinition(path: string, where: string): Sweep {
  const text = readWhole(path)
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    throw new UsageError(`${where}: its ${DEFINITION_FILE} is not valid JSON (${errorMessage(error)})`)
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

/** Every results file of DIR read against the sweep; a damaged line (not one cut off last) is refused, naming its file and line. */
export function readRecordedRuns(dir: string, sweep: Sweep): RecordedRuns {
  const files = readdirSync(dir)
    .filter((name) => RUN_FILE.test(name))
    .sort()
  const records: RunRecord[] = []
  const problems: string[] = []
  const tornFiles: string[] = []
  for (const name of files) {
    const path = join(dir, name)
    const read = readRunLines(readWhole(path), path, sweep)
    records.push(...read.records)
    problems.push(...read.problems)
    if (read.torn) tornFiles.push(path)
  }
  if (problems.length > 0) throw new UsageError(`"${dir}" holds results that are no runs of this sweep: ${listProblems(problems)}; move those files aside, or give a new --out DIR`)
  return { records, tornFiles }
}

/** A shard's results file, open for appending. */
export interface RunFile {
  append(record: RunRecord): void
  close(): void
}

/** Open a shard's results file to append to, first cutting off an unfinished last line a killed run left. */
export function openRunFile(dir: string, shard: Shard): RunFile {
  const path = join(dir, runFileName(shard))
  let fd: number
  try {
    if (exists(path)) {
      const bytes = readBytes(path)
      const kept = bytes.lastIndexOf(0x0a) + 1
      if (kept < bytes.length) truncateSync(path, kept)
    }
    fd = openSync(path, 'a')
  } catch (error) {
    if (error instanceof UsageError) throw error
    throw new UsageError(`cannot write "${path}": ${fileReason(error)}`)
  }
  return {
    append(record) {
      const line = Buffer.from(recordLine(record))
      for (let written = 0; written < line.length; ) written += writeSync(fd, line, written)
      // On disk before the next run is counted done: a crash loses at most the line being written.
      fsyncSync(fd)
    },
    close() {
      closeSync(fd)
    },
  }
}

function exists(path: string): boolean {
  try {
    statSync(path)
    return true
  } catch {
    return false
  }
}

function readWhole(path: string): string {
  return readBytes(path).toString('utf8')
}

/** A file's bytes; one over MAX_INPUT_BYTES is refused (the files here are regular files, so their size is known before reading). */
function readBytes(path: string): Buffer {
  try {
    if (statSync(path).size > MAX_INPUT_BYTES) throw new UsageError(`cannot read "${path}": it holds more than ${MAX_INPUT_SIZE}, the most the command line reads`)
    return readFileSync(path)
  } catch (error) {
    if (error instanceof UsageError) throw error
    throw new UsageError(`cannot read "${path}": ${fileReason(error)}`)
  }
}

function fileReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT') return 'no such file or directory'
  if (code === 'EEXIST' || code === 'ENOTDIR') return 'it is a file, not a directory'
  if (code === 'EACCES') return 'permission denied'
  if (code === 'EISDIR') return 'it is a directory'
  return errorMessage(error)
}
