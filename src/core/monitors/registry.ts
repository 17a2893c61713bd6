import { creditDominance } from './creditDominance'
import { ensembleDisagreement } from './ensembleDisagreement'
import { entropyCollapse } from './entropyCollapse'
import { klGrowth } from './klGrowth'
import { lengthDrift } from './lengthDrift'
import { proxyDivergence } from './proxyDivergence'
import { rewardLengthCorrelation } from './rewardLengthCorrelation'
import type { MonitorDefinition, MonitorOptions, MonitorResult, MonitorRun } from './types'

/** Every monitor, the ones that need no gold first and the gold-reading reference last. */
export const MONITORS: readonly MonitorDefinition[] = [klGrowth, entropyCollapse, lengthDrift, creditDominance, ensembleDisagreement, rewardLengthCorrelation, proxyDivergence]

export const MONITOR_NAMES: readonly string[] = MONITORS.map((monitor) => monitor.name)

/** The monitor of that name, or null. */
export function findMonitor(name: string): MonitorDefinition | null {
  return MONITORS.find((monitor) => monitor.name === name) ?? null
}

/**
 * A monitor's options: its defaults with `given` laid over them, each checked against its range
 * (finite, whole where it must be). Every problem is named at once; nothing is returned with one.
 */
export function monitorOptions(monitor: MonitorDefinition, given: Readonly<Record<string, number>> = {}): { ok: true; options: MonitorOptions } | { ok: false; problems: string[] } {
  const problems: string[] = []
  const accepted = Object.keys(monitor.options)
  for (const name of Object.keys(given)) if (!accepted.includes(name)) problems.push(`${monitor.name} has no option "${name}"; accepted: ${accepted.join(', ')}`)
  const options: MonitorOptions = {}
  for (const [name, spec] of Object.entries(monitor.options)) {
    const value = Object.hasOwn(given, name) ? given[name] : spec.default
    const kind = spec.integer ? 'a whole number' : 'a number'
    if (!Number.isFinite(value) || (spec.integer && !Number.isInteger(value)) || value < spec.min || value > spec.max) problems.push(`${monitor.name} ${name} (${spec.label}) must be ${kind} from ${spec.min} to ${spec.max}, got ${value}`)
    options[name] = value
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, options }
}

/** Run a monitor over a run with its defaults under `given`; throws naming every bad option. */
export function runMonitor(monitor: MonitorDefinition, run: MonitorRun, given: Readonly<Record<string, number>> = {}): MonitorResult {
  const checked = monitorOptions(monitor, given)
  if (!checked.ok) throw new Error(checked.problems.join('; '))
  return monitor.run(run, checked.options)
}
