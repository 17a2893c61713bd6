import { errorMessage } from '../src/core/errorMessage'
import type { SectionResult } from './results'
import { round } from './stats'

/** How one section went: measured, or not and why; its wall seconds either way. */
export type SectionOutcome = { ok: true; seconds: number } | { ok: false; seconds: number; error: string }

/**
 * Run one section under its own time limit. A section that throws or runs past `limitMs` yields
 * `{ ok: false, error }` and no figures; the bench goes on with the next. On a time-out `abandon`
 * runs (the bench closes the section's browser and servers there, which ends its pending waits);
 * work the section has under way in Node stops at its own caps.
 */
export async function runSection(
  run: () => Promise<SectionResult> | SectionResult,
  limitMs: number,
  abandon: () => Promise<void> | void = () => {},
): Promise<{ outcome: SectionOutcome; result: SectionResult | null }> {
  const started = performance.now()
  const seconds = () => round((performance.now() - started) / 1000, 4)
  let timer: ReturnType<typeof setTimeout> | undefined
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), limitMs)
  })
  try {
    const raced = await Promise.race([Promise.resolve().then(run), timedOut])
    if (raced === 'timeout') {
      await abandon()
      return { outcome: { ok: false, seconds: seconds(), error: `ran past its limit of ${round(limitMs / 1000, 4)} s and was stopped` }, result: null }
    }
    return { outcome: { ok: true, seconds: seconds() }, result: raced }
  } catch (error) {
    return { outcome: { ok: false, seconds: seconds(), error: errorMessage(error) }, result: null }
  } finally {
    clearTimeout(timer)
  }
}
