import { GroupEstimatorSchema, GROUP_PRESETS, type GroupEstimator } from '../core/credit/estimatorSchema'
import { parseNumber } from './args'
import { UsageError } from './usage'

/*
 * The group estimator as the command line gives it (`advantages --estimator group`, `rollouts`):
 * --center, --scale, --eps and the switches --rank and --batch-normalize, or (rollouts) one of the
 * named presets.
 */

const CENTERS: readonly string[] = GroupEstimatorSchema.shape.center.unwrap().options
const SCALES: readonly string[] = GroupEstimatorSchema.shape.scale.unwrap().options

/** The presets' names, as --preset takes them. */
export const PRESET_NAMES: readonly string[] = Object.keys(GROUP_PRESETS)

/** Take the valueless switches (`names`) out of argv; parseFlags reads the rest. */
export function splitSwitches(argv: string[], names: readonly string[]): { values: string[]; switches: Set<string> } {
  const values: string[] = []
  const switches = new Set<string>()
  for (const word of argv) {
    const equals = word.indexOf('=')
    const name = word.startsWith('--') ? word.slice(2, equals >= 0 ? equals : undefined) : ''
    if (!names.includes(name)) {
      values.push(word)
      continue
    }
    if (equals >= 0) throw new UsageError(`flag --${name} is a switch and takes no value`)
    if (switches.has(name)) throw new UsageError(`flag --${name} given twice`)
    switches.add(name)
  }
  return { values, switches }
}

/** The group estimator of --center, --scale, --eps, --rank and --batch-normalize (defaults: GRPO's). */
export function groupEstimator(flags: Map<string, string>, switches: Set<string>): GroupEstimator {
  const center = flags.get('center') ?? 'mean'
  if (!CENTERS.includes(center)) throw new UsageError(`unknown --center "${center}"; accepted: ${CENTERS.join(', ')}`)
  const scale = flags.get('scale') ?? 'group'
  if (!SCALES.includes(scale)) throw new UsageError(`unknown --scale "${scale}"; accepted: ${SCALES.join(', ')}`)
  const epsText = flags.get('eps')
  const eps = epsText === undefined ? undefined : parseNumber(epsText, '--eps')
  if (eps !== undefined && (eps < 0 || eps > 1)) throw new UsageError(`--eps must be from 0 to 1, got ${epsText}`)
  return GroupEstimatorSchema.parse({ center, scale, rank: switches.has('rank'), batchNormalize: switches.has('batch-normalize'), eps })
}

/**
 * --preset NAME in place of --center, --scale and --rank: the preset's centre, scale and rank,
 * with --eps and --batch-normalize as given. Null where no preset is named.
 */
export function presetEstimator(flags: Map<string, string>, switches: Set<string>): GroupEstimator | null {
  const name = flags.get('preset')
  if (name === undefined) return null
  if (!PRESET_NAMES.includes(name)) throw new UsageError(`unknown --preset "${name}"; accepted: ${PRESET_NAMES.join(', ')}`)
  const clash = ['center', 'scale'].find((flag) => flags.has(flag)) ?? (switches.has('rank') ? 'rank' : undefined)
  if (clash !== undefined) throw new UsageError(`--preset ${name} sets the centre, scale and rank; give --preset or --${clash}, not both`)
  const { center, scale, rank } = GROUP_PRESETS[name]
  const fields = new Map(flags)
  fields.set('center', center!)
  fields.set('scale', scale!)
  const withRank = new Set(switches)
  if (rank === true) withRank.add('rank')
  return groupEstimator(fields, withRank)
}
