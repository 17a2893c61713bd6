import { resolve } from 'node:path'
import { describeJsonSyntax } from '../core/jsonSyntax'
import { readBoundedFile } from './input-file'

/*
 * On the command line a run config's reward model may name its model file instead of holding it:
 * {"name": "rm", "file": "model.json"}, the path relative to the config file's folder (to the
 * working directory when the config comes on stdin). The file holds what `reward-model fit`
 * printed (its "model" is read) or the model alone. Each file is read here, with the bounded
 * reader, and put where "model" goes; the design's own check then validates it like an inline one.
 */

/** A run config (parsed JSON) with its reward models' files read in, and what came from which file. */
export interface InlinedModelFiles {
  raw: unknown
  /** The problems of the files themselves: one that cannot be read, or is not JSON. */
  problems: string[]
  /** Rewrites a config problem about a model read from a file to name the file, and drops one about a file that could not be read (it has its own problem). */
  relabel(problem: string): string | null
}

const ENTRY_KEYS = 'name, file, aggregate, lambda, refit'

/** The run config `raw` with each reward model's file, relative to `baseDir`, read in where its "model" goes. */
export function inlineRewardModelFiles(raw: unknown, baseDir: string): InlinedModelFiles {
  const unchanged: InlinedModelFiles = { raw, problems: [], relabel: (problem) => problem }
  if (!isRecord(raw) || !isRecord(raw.mix) || !Array.isArray(raw.mix.rewardModels)) return unchanged
  const mix = raw.mix
  const entries: unknown[] = raw.mix.rewardModels
  if (!entries.some((entry) => isRecord(entry) && Object.hasOwn(entry, 'file'))) return unchanged
  const problems: string[] = []
  /** Per entry read from a file: its path, or null where the file could not be had. */
  const files = new Map<number, string | null>()
  const inlined = entries.map((entry, index) => {
    if (!isRecord(entry) || !Object.hasOwn(entry, 'file')) return entry
    const at = `mix.rewardModels[${index}]`
    const { file, ...rest } = entry
    if (Object.hasOwn(entry, 'model')) {
      problems.push(`${at}: give "file" or "model", not both; accepted: ${ENTRY_KEYS} (or model instead of file)`)
      files.set(index, null)
      return rest
    }
    if (typeof file !== 'string' || file === '') {
      problems.push(`${at}.file: expected the path of a model file (what reward-model fit prints), relative to the config file`)
      files.set(index, null)
      return rest
    }
    const path = resolve(baseDir, file)
    const read = readBoundedFile(path)
    if ('reason' in read) {
      problems.push(`${at}.file: cannot read "${file}" (${path}): ${read.reason}; give the file reward-model fit's output was saved to`)
      files.set(index, null)
      return rest
    }
    let model: unknown
    try {
      model = JSON.parse(read.text)
    } catch {
      problems.push(`${at}.file: "${file}" is not valid JSON (${describeJsonSyntax(read.text)}); expected what reward-model fit prints`)
      files.set(index, null)
      return rest
    }
    files.set(index, file)
    // reward-model fit's whole output holds the model under "model", beside its pairs and accuracies.
    return { ...rest, model: isRecord(model) && Object.hasOwn(model, 'model') && !Object.hasOwn(model, 'kind') ? model.model : model }
  })
  const relabel = (problem: string): string | null => {
    const match = /^mix\.rewardModels\[(\d+)\]\.model(?:\.|(?=:))/.exec(problem)
    if (match === null || !files.has(Number(match[1]))) return problem
    const file = files.get(Number(match[1]))
    if (file === null) return null
    const rest = problem.slice(match[0].length)
    return `mix.rewardModels[${match[1]}].file "${file}": ${rest.startsWith(':') ? rest.slice(1).trimStart() : rest}`
  }
  return { raw: { ...raw, mix: { ...mix, rewardModels: inlined } }, problems, relabel }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
