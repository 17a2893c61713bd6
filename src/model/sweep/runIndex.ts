import type { RunConfig } from '../../core/run/config'
import { runConfigOf } from '../design'
import type { Sweep } from './definition'
import { MAX_SWEEP_RUNS } from './limits'

/*
 * Runs are numbered point by point, seeds within a point: run r trains point ⌊r / K⌋ on seed
 * s + (r mod K), K the seeds per point and s the config's seed. A shard I/N is the runs with
 * r mod N = I, so N shards split any sweep into N disjoint parts that together are the whole.
 */

/** Which point a run trains and on which seed. */
export interface SweepRun {
  run: number
  point: number
  seed: number
}

/** Points × seeds. */
export function runCount(sweep: Pick<Sweep, 'points' | 'seeds'>): number {
  return sweep.points.length * sweep.seeds
}

/** Run r: point ⌊r / K⌋, seed s + (r mod K). */
export function runAt(sweep: Pick<Sweep, 'config' | 'seeds'>, run: number): SweepRun {
  return { run, point: Math.floor(run / sweep.seeds), seed: sweep.config.seed + (run % sweep.seeds) }
}

/** The run config run r trains: its point's design on its seed. */
export function runConfigAt(sweep: Sweep, run: number): RunConfig {
  const { point, seed } = runAt(sweep, run)
  return runConfigOf({ ...sweep.points[point].design, seed })
}

/** The runs of `runs` that no record holds, in order: what a resumed sweep (or shard) still trains. */
export function unfinishedRuns(runs: readonly number[], records: readonly { run: number }[]): number[] {
  const finished = new Set(records.map((record) => record.run))
  return runs.filter((run) => !finished.has(run))
}

/** Every run of the sweep, 0 … points × seeds − 1. */
export function allRuns(sweep: Pick<Sweep, 'points' | 'seeds'>): number[] {
  return Array.from({ length: runCount(sweep) }, (_, run) => run)
}

/** Shard I of N. */
export interface Shard {
  index: number
  count: number
}

export const WHOLE_SWEEP: Shard = { index: 0, count: 1 }

/** The runs of a shard, in order: r < total with r mod N = I. */
export function shardRuns(total: number, shard: Shard): number[] {
  const runs: number[] = []
  for (let run = shard.index; run < total; run += shard.count) runs.push(run)
  return runs
}

/** The most shards: past the most runs a sweep has, every further shard would be empty. */
export const MAX_SHARDS = MAX_SWEEP_RUNS

/** "I/N" → shard I of N (0 ≤ I < N ≤ MAX_SHARDS), or what is wrong with the text. */
export function parseShard(text: string): { ok: true; shard: Shard } | { ok: false; problem: string } {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text)
  const accepted = `I/N with N from 1 to ${MAX_SHARDS} and I from 0 to N − 1 (the runs whose index mod N is I)`
  if (match === null) return { ok: false, problem: `expected ${accepted}, got "${text}"` }
  const index = Number(match[1])
  const count = Number(match[2])
  if (count < 1 || count > MAX_SHARDS || index >= count) return { ok: false, problem: `expected ${accepted}, got "${text}"` }
  return { ok: true, shard: { index, count } }
}
