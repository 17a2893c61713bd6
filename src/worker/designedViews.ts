import { designedTable, designWeights } from '../core/rollouts/designedRollouts'
import type { RolloutDesign } from '../core/rollouts/rolloutDesign'
import type { RolloutTable } from '../core/rollouts/rolloutTable'
import { signChangeReference, type SignChangeReference } from '../core/rollouts/signChanges'
import type { RolloutViews } from './rolloutsProtocol'
import { signChangesView } from './rolloutSignChangesView'
import { prepareViews, rolloutViews, type PreparedViews } from './rolloutViews'

/*
 * The views of one opened table under a whole rollout design, as the command line computes them
 * (designedRollouts.ts): each component's values pass through its transforms before they are
 * weighed. The table as a set of transforms sees it (designedTable) is prepared once and kept, so
 * that a slider, which changes only weights, costs only the design's advantages; the sign changes'
 * reference (the run's logged advantage, or the file's own design) is computed once per table.
 */

/** The transformed tables kept at once besides the table read: a few, as a person edits transforms back and forth. */
const KEPT_TRANSFORMED = 3

export interface TableViews {
  table: RolloutTable
  /** Prepared views per set of transforms (their JSON, component by component); "" for none. */
  prepared: Map<string, PreparedViews>
  reference: SignChangeReference | null
}

export function tableViews(table: RolloutTable): TableViews {
  return { table, prepared: new Map([['', prepareViews(table)]]), reference: null }
}

/** The views under `design`; throws the problem in words (a component the file lacks, a transform whose value overflows). */
export function designedViews(cache: TableViews, design: RolloutDesign): Omit<RolloutViews, 'millis'> {
  const { table } = cache
  const weights = designWeights(table.names, design)
  if ('problem' in weights) throw new Error(weights.problem)
  const prepared = preparedFor(cache, design)
  const { views, advantages } = rolloutViews(prepared, weights.weights, design.estimator)
  cache.reference ??= signChangeReference(table)
  return { ...views, signChanges: signChangesView(table, cache.reference, advantages) }
}

/** The prepared views of the table as the design's transforms make it. */
function preparedFor(cache: TableViews, design: RolloutDesign): PreparedViews {
  const chains = cache.table.names.map((name) => design.components?.[name]?.transforms ?? [])
  const key = chains.every((chain) => chain.length === 0) ? '' : JSON.stringify(chains)
  let prepared = cache.prepared.get(key)
  if (prepared === undefined) {
    const designed = designedTable(cache.table, design)
    if ('problem' in designed) throw new Error(designed.problem)
    prepared = prepareViews(designed.table)
    const oldest = [...cache.prepared.keys()].find((kept) => kept !== '')
    if (cache.prepared.size > KEPT_TRANSFORMED && oldest !== undefined) cache.prepared.delete(oldest)
    cache.prepared.set(key, prepared)
  }
  return prepared
}
