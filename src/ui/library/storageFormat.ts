import { numberedRunName } from '../../storage/savedRun'

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

/** When a run was saved, as the list shows it ("3 Mar 2025, 14:02") and as `<time dateTime>` takes it; "—" for a time no Date holds. */
export function savedAt(ms: number): { text: string; dateTime: string | undefined } {
  const date = new Date(ms)
  if (Number.isNaN(date.getTime())) return { text: '—', dateTime: undefined }
  return { text: date.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }), dateTime: date.toISOString() }
}

/**
 * What the list calls each run, by id: its name, except where older versions saved several runs
 * under one name; then the oldest keeps it and the others are numbered "(2)", "(3)" as new runs are.
 */
export function runLabels(runs: readonly { id: string; name: string; createdAt: number }[]): Map<string, string> {
  const labels = new Map(runs.map((run) => [run.id, run.name]))
  const taken = new Set(labels.values())
  const byName = new Map<string, (typeof runs)[number][]>()
  for (const run of runs) {
    const sharing = byName.get(run.name)
    if (sharing) sharing.push(run)
    else byName.set(run.name, [run])
  }
  for (const [name, sharing] of byName) {
    if (sharing.length < 2) continue
    const oldestFirst = [...sharing].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1))
    let n = 2
    for (const run of oldestFirst.slice(1)) {
      while (taken.has(numberedRunName(name, n))) n++
      labels.set(run.id, numberedRunName(name, n))
      taken.add(numberedRunName(name, n))
    }
  }
  return labels
}

/** The runs of each seed group (several seeds trained at once), by the group's id, lowest seed first. */
export function seedGroups<T extends { seedGroup?: string; design: { seed: number } }>(runs: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const run of runs) {
    if (run.seedGroup === undefined) continue
    const members = groups.get(run.seedGroup)
    if (members) members.push(run)
    else groups.set(run.seedGroup, [run])
  }
  for (const members of groups.values()) members.sort((a, b) => a.design.seed - b.design.seed)
  return groups
}
