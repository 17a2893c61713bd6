import type { MachineShare } from '../core/run/frame'

/**
 * The status line of a run that shares the machine: "5 runs train in this browser on 2 cores: this
 * one computes 20 % of the time, so every page stays responsive." (the duty to a whole percent).
 */
export function machineShareText({ trainers, cores, duty }: MachineShare): string {
  const percent = Math.max(1, Math.round(duty * 100))
  return `${trainers} runs train in this browser on ${cores} ${cores === 1 ? 'core' : 'cores'}: this one computes ${percent} % of the time, so every page stays responsive.`
}
