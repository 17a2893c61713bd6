/** "3 runs · 41 kB saved · 1.2 GB available" (the last part where the browser tells it). */
export function usageLine(count: number, bytes: number, estimate: { usage: number; quota: number } | null): string {
  const parts = [`${count} ${count === 1 ? 'run' : 'runs'}`, `${formatBytes(bytes)} saved`]
  if (estimate) parts.push(`${formatBytes(Math.max(0, estimate.quota - estimate.usage))} available`)
  return parts.join(' · ')
}

/** Bytes in decimal units as the browser's storage settings show them: 812 B, 41 kB, 1.2 GB. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit++
  }
  return `${unit === 0 || value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`
}
