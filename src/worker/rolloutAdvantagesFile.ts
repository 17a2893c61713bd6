import { advantageLine } from '../core/rollouts/advantageLines'
import { designAdvantages } from '../core/rollouts/designedRollouts'
import type { RolloutDesign } from '../core/rollouts/rolloutDesign'
import { groupOrdinals, placeOf, type RolloutTable } from '../core/rollouts/rolloutTable'

/*
 * "Download advantages": the JSON lines `rollouts advantages` prints for the same design
 * (advantageLines.ts, through the same designAdvantages), one per completion in input order, as a file. A counted reward or advantage
 * that came out non-finite (rewards too large to compute with) refuses the file, as the command does.
 */

/** Lines joined per piece of the file. */
const LINES_PER_PIECE = 1000

export function advantagesFile(table: RolloutTable, design: RolloutDesign): Blob {
  const computed = designAdvantages(table, design)
  if ('problem' in computed) throw new Error(computed.problem)
  const { rewards, advantages } = computed
  const ordinal = groupOrdinals(table)
  const pieces: string[] = []
  let lines: string[] = []
  for (let i = 0; i < table.count; i++) {
    const line = advantageLine(table, ordinal, rewards, advantages, i)
    for (const [name, value] of [['reward', line.reward], ['advantage', line.advantage]] as const) {
      if (value !== null && !Number.isFinite(value)) throw new Error(`the ${name} at ${placeOf(table, i)} came out as ${value}: the input is too large to compute with`)
    }
    lines.push(JSON.stringify(line))
    if (lines.length === LINES_PER_PIECE) {
      pieces.push(`${lines.join('\n')}\n`)
      lines = []
    }
  }
  if (lines.length > 0) pieces.push(`${lines.join('\n')}\n`)
  return new Blob(pieces, { type: 'application/x-ndjson' })
}
