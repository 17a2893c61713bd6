import { availableParallelism } from 'node:os'

/*
 * How many runs to train at once by default: one per core, up to a command's own most. A core
 * count that is not a whole number of at least 1 (a platform that reports none) would train
 * nothing ("NaN at a time"); it falls back to 1, and the command says so.
 */

export interface DefaultJobs {
  jobs: number
  /** Why the default is 1 when the core count could not be had; null otherwise. */
  note: string | null
}

/** One job per core (`cores`, the machine's by default), at most `max`; 1 when the count is no whole number ≥ 1. */
export function defaultJobs(max: number, cores: unknown = availableParallelism()): DefaultJobs {
  if (typeof cores === 'number' && Number.isInteger(cores) && cores >= 1) return { jobs: Math.min(cores, max), note: null }
  return { jobs: 1, note: `the number of cores is unknown (the system reports ${String(cores)}), so 1 run trains at a time; give --jobs N for more` }
}
