import { duration, secondsLeft } from '../model/sweep/progress'

/* The progress line `sweep` prints on stderr after each run. */

/** "sweep: 7/12 runs done, about 40 s left" (the estimate: model/sweep/progress.ts). */
export function progressLine(done: number, total: number, trainedHere: number, elapsedSeconds: number): string {
  const left = secondsLeft(done, total, trainedHere, elapsedSeconds)
  return `sweep: ${done}/${total} runs done${left === null ? '' : `, about ${duration(left)} left`}`
}
