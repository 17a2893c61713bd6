import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { RunConfig } from '../core/run/config'
import type { RecentFigures } from '../lessons/claimFigures'

/** The command line's own launcher: a run in a child process is `reward-playground train` there. */
const LAUNCHER = fileURLToPath(new URL('../../bin/reward-playground.mjs', import.meta.url))

/** What `train` prints last: the run's recent figures (null where it has none). */
interface DoneLine extends RecentFigures {
  done: true
}

/** Output kept of a child that prints a line per iteration: about 1 kB a line, for runs of many thousand iterations. */
const EVERY_LINE_BUFFER = 256 << 20

/**
 * Train `config` for at least `steps` environment steps in a process of its own (`train --config -
 * --steps N`, printing only its last line), so that runs use every core. Resolves to the recent
 * figures of its done line (exactly the doubles the run computed: JSON prints them in full); rejects
 * with the run's own diagnosis when it stops itself. With `onLine` the child prints a line per
 * iteration (`--every 1`), and each but the done line is handed over, parsed, in order.
 */
export function trainInChild(config: RunConfig, steps: number, onLine?: (line: unknown) => void): Promise<RecentFigures> {
  return new Promise((resolve, reject) => {
    const args = [LAUNCHER, 'train', '--config', '-', '--steps', String(steps), '--every', onLine ? '1' : '1000000']
    const child = execFile(process.execPath, args, { maxBuffer: onLine ? EVERY_LINE_BUFFER : 1 << 20 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(stderr.trim() || error.message))
      const lines = stdout.trim().split('\n')
      if (onLine) for (const line of lines.slice(0, -1)) onLine(JSON.parse(line))
      const last = JSON.parse(lines.at(-1) ?? '{}') as DoneLine
      resolve({ recentReturn: last.recentReturn, recentObjective: last.recentObjective, recentContributions: last.recentContributions, recentZeroAdvantageFraction: last.recentZeroAdvantageFraction, recentSignFlipFraction: last.recentSignFlipFraction, recentLength: last.recentLength, peakObjective: last.peakObjective })
    })
    child.stdin?.end(JSON.stringify(config))
  })
}

/** `run` over every item, at most `jobs` at a time, results in the items' order. */
export async function mapConcurrently<T, R>(items: readonly T[], jobs: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await run(items[index])
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, items.length)) }, worker))
  return results
}
