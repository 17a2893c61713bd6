import type { MachineShare } from '../core/run/frame'

/**
 * The status line of a run that shares the machine, e.g. "5 runs train in this browser on 2 cores:
 * they take turns on 1 of them, so every page stays responsive." (taking turns), or "…: this one
 * computes 20 % of the time, so…" (resting; the duty to a whole percent, never 0 %).
 */
export function machineShareText({ trainers, cores, duty, mode }: MachineShare): string {
  const machine = `${trainers} runs train in this browser on ${cores} ${cores === 1 ? 'core' : 'cores'}`
  if (mode === 'turns') return `${machine}: they take turns${cores > 1 ? ` on ${cores - 1} of them` : ''}, so every page stays responsive.`
  const percent = Math.max(1, Math.round(duty * 100))
  return `${machine}: this one computes ${percent} % of the time, so every page stays responsive.`
}
