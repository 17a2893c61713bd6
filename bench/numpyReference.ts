import { spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const SCRIPT = fileURLToPath(new URL('./cartpole_numpy.py', import.meta.url))
/** The script takes about 4 s (0.7 s with --quick); a loaded machine gets ten times that and more. */
const TIMEOUT_MS = 60_000

/** What the numpy CartPole reference gave: its rate, or why there is none. */
export type NumpyReference = { stepsPerSecond: number; repeats: number[]; numpyVersion: string | null } | { skipped: string }

/** What running the script left behind: spawnSync's result, reduced to what the reading needs. */
export type ScriptOutcome = Pick<SpawnSyncReturns<string>, 'error' | 'status' | 'signal' | 'stdout' | 'stderr'>

/** Run bench/cartpole_numpy.py with python3 (N = 4096, the bench's repeat length); never throws. */
export function runNumpyReference(quick: boolean): NumpyReference {
  const outcome = spawnSync('python3', [SCRIPT, ...(quick ? ['--quick'] : [])], { encoding: 'utf8', timeout: TIMEOUT_MS, stdio: ['ignore', 'pipe', 'pipe'] })
  return readNumpyReference(outcome, TIMEOUT_MS)
}

/** The script's figure from its outcome, or the reason there is none, in words a reader can act on. */
export function readNumpyReference(outcome: ScriptOutcome, timeoutMs: number): NumpyReference {
  const none = (skipped: string): NumpyReference => ({ skipped })
  const error = outcome.error as NodeJS.ErrnoException | undefined
  if (error?.code === 'ENOENT') return none('python3 not found')
  if (error?.code === 'ETIMEDOUT') return none(`the numpy script ran past its ${timeoutMs / 1000} s limit`)
  if (error) return none(`python3 could not run the numpy script: ${error.message}`)
  const stderr = outcome.stderr ?? ''
  if (/No module named '?numpy'?/.test(stderr)) return none('numpy not installed (python3 -m pip install numpy)')
  if (outcome.status !== 0) {
    const why = lastLine(stderr) || (outcome.signal ? `killed by ${outcome.signal}` : `exit status ${outcome.status}`)
    return none(`the numpy script failed: ${why}`)
  }
  const line = lastLine(outcome.stdout ?? '')
  let parsed: unknown
  try {
    parsed = JSON.parse(line)
  } catch {
    return none(`the numpy script printed no JSON line (got ${JSON.stringify(line.slice(0, 80))})`)
  }
  const { steps_per_s: rate, repeats, numpy } = (parsed ?? {}) as { steps_per_s?: unknown; repeats?: unknown; numpy?: unknown }
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0) return none(`the numpy script's steps_per_s is not a positive number (got ${JSON.stringify(rate)})`)
  return {
    stepsPerSecond: rate,
    repeats: Array.isArray(repeats) ? repeats.filter((r): r is number => typeof r === 'number') : [],
    numpyVersion: typeof numpy === 'string' ? numpy : null,
  }
}

function lastLine(text: string): string {
  const lines = text.trim().split('\n')
  return lines[lines.length - 1].trim()
}
