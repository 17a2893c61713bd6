/* The progress line `sweep` prints on stderr after each run. */

/**
 * "sweep: 7/12 runs done, about 40 s left". The time left assumes the runs still to train take as
 * long as those trained so far: elapsed × (runs left) / (runs trained here).
 */
export function progressLine(done: number, total: number, trainedHere: number, elapsedSeconds: number): string {
  const left = total - done
  const estimate = trainedHere === 0 || left === 0 ? '' : `, about ${duration((elapsedSeconds * left) / trainedHere)} left`
  return `sweep: ${done}/${total} runs done${estimate}`
}

/** 0.3 → "under 1 s"; 75 → "1 min 15 s"; 3700 → "1 h 1 min". */
export function duration(seconds: number): string {
  const whole = Math.round(seconds)
  if (whole < 1) return 'under 1 s'
  if (whole < 60) return `${whole} s`
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${whole % 60} s`
  return `${Math.floor(whole / 3600)} h ${Math.floor((whole % 3600) / 60)} min`
}
