import { describeIssues, DpoOptionsSchema, LearnerOptionsSchema } from '../../core/run/config'
import { labelsToDpoPairs } from '../../storage/labelsToDpo'
import { labelsHere, useLabels } from './labels'
import { usePlayground } from '../run/store'
import { changeLearner, startRun } from '../run/trainingClient'

/**
 * The Label pairs panel's "Train DPO on these pairs": the learner becomes DPO (keeping the design's
 * DPO settings where it already is one) with the decided labels as its preference set, in full,
 * and a fresh run starts. A set DPO cannot take is named and nothing changes.
 */
export function trainDpoOnLabels(): void {
  // The labels of this environment's pairs only: the store keeps every environment's.
  const labelled = labelsToDpoPairs(labelsHere(useLabels.getState().labels))
  if (!labelled.ok) {
    useLabels.setState({ message: labelled.problem })
    return
  }
  const { design } = usePlayground.getState()
  const current = design.learner.kind === 'dpo' ? design.learner : DpoOptionsSchema.parse({ kind: 'dpo' })
  const parsed = LearnerOptionsSchema.safeParse({ ...current, preferences: { source: 'labelled', pairs: labelled.pairs } })
  if (!parsed.success) {
    useLabels.setState({ message: `DPO cannot train on these pairs: ${describeIssues(parsed.error)}` })
    return
  }
  changeLearner(parsed.data)
  startRun()
  const left = [labelled.ties > 0 ? `${labelled.ties} ${labelled.ties === 1 ? 'tie' : 'ties'}` : '', labelled.unobservable > 0 ? `${labelled.unobservable} without prompt or tokens` : ''].filter((part) => part !== '')
  useLabels.setState({ message: `Training DPO on ${labelled.pairs.length} labelled ${labelled.pairs.length === 1 ? 'pair' : 'pairs'}${left.length > 0 ? ` (left out: ${left.join(', ')})` : ''}.` })
}
