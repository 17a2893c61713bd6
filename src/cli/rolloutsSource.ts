import { closeSync, createReadStream, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { RolloutFormat } from '../core/rollouts/formats'
import { RolloutInputError } from '../core/rollouts/rolloutInputError'
import { RolloutSourceReader } from '../core/rollouts/rolloutSourceReader'
import type { RolloutTable } from '../core/rollouts/rolloutTable'
import { RolloutTableBuilder } from '../core/rollouts/rolloutTableBuilder'
import { stepFiles } from '../core/rollouts/stepFiles'
import { errorMessage } from '../core/errorMessage'
import { readFailure } from './file-errors'
import { MAX_ROLLOUT_BYTES, MAX_ROLLOUT_SIZE } from './limits'
import { openRegular } from './regular-file'
import { UsageError } from './usage'

/*
 * `rollouts --from PATH`: one file, or a folder of verl's `<step>.jsonl` files read by step number
 * (5 before 10), each streamed from disk in chunks into the core's reader, so that no file is ever
 * one string in memory. Only regular files are read (a FIFO or a device is refused by name), at most
 * MAX_ROLLOUT_BYTES in all; a bad record is one message naming the file, the line and the problem.
 */

const CHUNK_BYTES = 1 << 20

interface Source {
  /** The path read, and the name its messages give ("" for a single file: --from names it). */
  path: string
  name: string
  step: number | null
}

export async function readRollouts(from: string, format: RolloutFormat | null): Promise<RolloutTable> {
  const where = `--from "${from}"`
  const sources = sourcesOf(from, where)
  const builder = new RolloutTableBuilder()
  let bytes = 0
  try {
    for (const source of sources) {
      const opened = openRegular(source.path)
      if ('reason' in opened) throw new UsageError(`cannot read ${where}${source.name === '' ? '' : ` file ${source.name}`}: ${opened.reason}; give a rollout file or a folder of <step>.jsonl files`)
      bytes += opened.stats.size
      if (bytes > MAX_ROLLOUT_BYTES) {
        closeSync(opened.fd)
        throw new UsageError(`${where} holds more than ${MAX_ROLLOUT_SIZE}, the most rollouts reads; give fewer steps`)
      }
      const reader = new RolloutSourceReader(builder, source.name, { format, fileStep: source.step })
      const stream = createReadStream(source.path, { fd: opened.fd, encoding: 'utf8', highWaterMark: CHUNK_BYTES })
      try {
        for await (const chunk of stream) reader.push(chunk as string)
      } catch (error) {
        if (error instanceof RolloutInputError || error instanceof UsageError) throw error
        throw new UsageError(`cannot read ${where}${source.name === '' ? '' : ` file ${source.name}`}: ${readFailure(error)}`)
      } finally {
        stream.destroy()
      }
      reader.end()
    }
    return builder.finish()
  } catch (error) {
    if (error instanceof RolloutInputError) throw new UsageError(`${where}: ${error.message}`)
    throw error
  }
}

/** The file, or the folder's `<step>.jsonl` files by step. */
function sourcesOf(from: string, where: string): Source[] {
  let stats
  try {
    stats = statSync(from)
  } catch (error) {
    throw new UsageError(`cannot read ${where}: ${readFailure(error)}; give a rollout file or a folder of <step>.jsonl files`)
  }
  if (!stats.isDirectory()) return [{ path: from, name: '', step: null }]
  let files
  try {
    files = stepFiles(readdirSync(from))
  } catch (error) {
    throw new UsageError(`cannot read ${where}: ${error instanceof Error && 'code' in error ? readFailure(error) : errorMessage(error)}`)
  }
  if (files.length === 0) throw new UsageError(`${where} is a folder with no <step>.jsonl file (verl's rollout dump names each step's file by its number); give such a folder, or one file`)
  return files.map((file) => ({ path: join(from, file.name), name: file.name, step: file.step }))
}
