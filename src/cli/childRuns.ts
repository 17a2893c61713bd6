import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { RunConfig } from '../core/run/config'

/** The command line's own launcher: a run in a child process is `reward-playground train` there. */
const LAUNCHER = fileURLToPath(new URL('../../bin/reward-playground.mjs', import.meta.url))

/** What `train` prints last: the run's recent figures (null when no episode finished). */
interface DoneLine {
  done: true
  recentReturn: number | null
  recentObjective: number | null
}

/**
 * Train `config` for at least `steps` environment steps in a process of its own (`train --config -
 * --steps N`, printing only its last line), so that runs use every core. Resolves to the figures of
 * the last 20 finished episodes; rejects with the run's own diagnosis when it stops itself.
 */
export function trainInChild(config: RunConfig, steps: number): Promise<{ recentReturn: number | null; recentObjective: number | null }> {
  return new Promise((resolve, reject) => {
    const args = [LAUNCHER, 'train', '--config', '-', '--steps', String(steps), '--every', '1000000']
    const child = execFile(process.execPath, args, { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(stderr.trim() || error.message))
      const last = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as DoneLine
      resolve({ recentReturn: last.recentReturn, recentObjective: last.recentObjective })
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
