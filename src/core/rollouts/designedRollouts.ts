import { applyStatelessTransforms } from '../rewards/transforms'
import type { RolloutDesign } from './rolloutDesign'
import { rolloutAdvantages, type RolloutAdvantages } from './rolloutAdvantages'
import { rolloutSummary, type RolloutSummary } from './rolloutSummary'
import { placeOf, type RolloutTable } from './rolloutTable'
import { rolloutWeights, type WeightsResult } from './rolloutWeights'

/*
 * The one way a design meets a rollout file, for the command line and the page alike: each
 * component's values pass through its transforms, in order, before they are weighed,
 *   c'_ik = T_k,m(… T_k,1(c_ik))   (scale c·f; clip min(max(c, lo), hi); bounded σ(c − r_ref))
 * and c'_ik replaces c_ik everywhere after (the reward R_i = Σ_k w_k·c'_ik, the decoupled a^(k),
 * the summary's component means and stakes). A component that does not apply to a completion
 * (NaN) still does not: no transform makes a value where there was none.
 */

export type DesignedTable = { table: RolloutTable; weights: Float64Array } | { problem: string }

/**
 * The table as the design sees it (its values transformed; every other column shared with
 * `table`) and the design's weights in the table's order; or the problem: a component the file
 * lacks, or a transform whose value overflows.
 */
export function designedTable(table: RolloutTable, design: RolloutDesign): DesignedTable {
  const weights = designWeights(table.names, design)
  if ('problem' in weights) return weights
  const values: Float64Array[] = []
  for (let k = 0; k < table.names.length; k++) {
    const chain = design.components?.[table.names[k]]?.transforms ?? []
    const column = table.values[k]
    if (chain.length === 0) {
      values.push(column as Float64Array)
      continue
    }
    const transformed = new Float64Array(column.length)
    for (let i = 0; i < column.length; i++) {
      if (Number.isNaN(column[i])) {
        transformed[i] = NaN
        continue
      }
      transformed[i] = applyStatelessTransforms(chain, column[i])
      if (!Number.isFinite(transformed[i])) {
        return { problem: `the transforms of ${JSON.stringify(table.names[k])} turn ${column[i]} (${placeOf(table, i)}) into ${transformed[i]}; give transforms whose values stay finite` }
      }
    }
    values.push(transformed)
  }
  return { table: { ...table, values }, weights: weights.weights }
}

/** The design's weights over components `names` (rolloutWeights: a component it does not name weighs 0; naming none, score weighs 1). */
export function designWeights(names: readonly string[], design: RolloutDesign): WeightsResult {
  const named = design.components === undefined ? null : new Map(Object.entries(design.components).map(([name, component]) => [name, component.weight]))
  return rolloutWeights(names, named)
}

/** Every completion's reward and advantage under the design (rolloutAdvantages over the designed table). */
export function designAdvantages(table: RolloutTable, design: RolloutDesign): RolloutAdvantages | { problem: string } {
  const designed = designedTable(table, design)
  if ('problem' in designed) return designed
  return rolloutAdvantages(designed.table, designed.weights, design.estimator)
}

/** The design's figures per step and over the file (rolloutSummary over the designed table). */
export function designSummary(table: RolloutTable, design: RolloutDesign): RolloutSummary | { problem: string } {
  const designed = designedTable(table, design)
  if ('problem' in designed) return designed
  return rolloutSummary(designed.table, designed.weights, design.estimator)
}
