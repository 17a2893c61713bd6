/* How far a sweep is and how long it has left: the command line's progress line and the page's progress bar say the same. */

/**
 * Seconds left, assuming the runs still to train take as long as those trained so far:
 * elapsed × (runs left) / (runs trained here). Null before the first run here finishes, and when none is left.
 */
export function secondsLeft(done: number, total: number, trainedHere: number, elapsedSeconds: number): number | null {
  const left = total - done
  return trainedHere === 0 || left <= 0 ? null : (elapsedSeconds * left) / trainedHere
}

/** 0.3 → "under 1 s"; 75 → "1 min 15 s"; 3700 → "1 h 1 min". */
export function duration(seconds: number): string {
  const whole = Math.round(seconds)
  if (whole < 1) return 'under 1 s'
  if (whole < 60) return `${whole} s`
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${whole % 60} s`
  return `${Math.floor(whole / 3600)} h ${Math.floor((whole % 3600) / 60)} min`
}
