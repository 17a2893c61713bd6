import { dirname } from 'node:path'
import { bestOfNCurve, MAX_BEST_OF_N, powersOfTwoUpTo, type BestOfNPoint } from '../core/run/bestOfN'
import { errorMessage } from '../core/errorMessage'
import { parseFlags, parseNumber } from './args'
import type { StreamingCommand } from './command'
import { readInputFile, sourceName } from './input-file'
import { parseRunConfig } from './train-command'
import { UsageError } from './usage'

/*
 * `best-of-n --config FILE [--n LIST] [--prompts P] [--json]`: the other way to optimise against a
 * reward model (core/run/bestOfN.ts). From the config's seed, P prompts get max(LIST) completions
 * each from the start policy (learn/bestOfNDraws.ts), scored by the config's reward design; for
 * each n of LIST it prints the chosen completions' mean gold and proxy and KL(best-of-n ‖ π).
 */

const FLAGS = ['config', 'n', 'prompts']

export const DEFAULT_BEST_OF_N = powersOfTwoUpTo(256)
export const DEFAULT_BEST_OF_N_PROMPTS = 256
export const MAX_BEST_OF_N_PROMPTS = 4096
/** Completions drawn in all (prompts × the largest n): about a minute on one core. */
export const MAX_BEST_OF_N_DRAWS = 1 << 20

export const bestOfNCommand: StreamingCommand = async (argv, io) => {
  const json = argv.includes('--json')
  const flags = parseFlags('best-of-n', argv.filter((word) => word !== '--json'), FLAGS)
  const path = flags.get('config')
  if (path === undefined) throw new UsageError('best-of-n needs --config FILE (a run config on tokenseq, as train --config reads it), or --config - to read it from stdin')
  const ns = flags.has('n') ? parseNs(flags.get('n')!) : DEFAULT_BEST_OF_N
  const prompts = flags.has('prompts') ? parsePrompts(flags.get('prompts')!) : DEFAULT_BEST_OF_N_PROMPTS
  const perPrompt = ns[ns.length - 1]
  if (prompts * perPrompt > MAX_BEST_OF_N_DRAWS) throw new UsageError(`--prompts ${prompts} times the largest n (${perPrompt}) is ${prompts * perPrompt} completions; at most ${MAX_BEST_OF_N_DRAWS} are drawn: give fewer prompts or a smaller n`)
  const config = parseRunConfig(readInputFile('--config', path, io.readStdin), sourceName(path), path === '-' ? process.cwd() : dirname(path))
  const { initBackend } = await import('../learn/backend')
  await initBackend('wasm')
  const { drawBestOfN } = await import('../learn/bestOfNDraws')
  const draws = await drawBestOfN(config, prompts, perPrompt).catch((error: unknown) => {
    throw new UsageError(`--config ${sourceName(path)}: ${errorMessage(error)}`)
  })
  const points = bestOfNCurve(draws.proxy, draws.gold, perPrompt, ns)
  io.out(json ? `${JSON.stringify({ seed: config.seed, prompts, drawsPerPrompt: perPrompt, points })}\n` : bestOfNTable(points, prompts, config.seed))
  return 0
}

/** "1,2,4" → [1, 2, 4]: whole numbers from 1 to MAX_BEST_OF_N, ascending, each once. */
export function parseNs(text: string): number[] {
  const accepted = `comma-separated whole numbers from 1 to ${MAX_BEST_OF_N} in ascending order (e.g. 1,2,4,8)`
  const ns = text.split(',').map((item) => {
    const value = item.trim() === '' ? NaN : Number(item)
    if (!Number.isInteger(value) || value < 1 || value > MAX_BEST_OF_N) throw new UsageError(`--n must be ${accepted}; got "${item}" in "${text}"`)
    return value
  })
  for (let k = 1; k < ns.length; k++) if (ns[k] <= ns[k - 1]) throw new UsageError(`--n must be ${accepted}; ${ns[k]} follows ${ns[k - 1]}`)
  return ns
}

function parsePrompts(text: string): number {
  const value = parseNumber(text, '--prompts')
  if (!Number.isInteger(value) || value < 1 || value > MAX_BEST_OF_N_PROMPTS) throw new UsageError(`--prompts must be a whole number from 1 to ${MAX_BEST_OF_N_PROMPTS}, got "${text}"`)
  return value
}

/** The curve as a table, one row per n. */
export function bestOfNTable(points: readonly BestOfNPoint[], prompts: number, seed: number): string {
  const lines = [`best-of-n from the start policy of seed ${seed}, ${prompts} prompts; the proxy is the design's reward, ties go to the first drawn`, '       n       gold      proxy         KL        √KL']
  for (const point of points) lines.push([String(point.n).padStart(8), ...[point.gold, point.proxy, point.kl, point.sqrtKl].map((value) => value.toFixed(4).padStart(10))].join(' '))
  return `${lines.join('\n')}\n`
}
