import { designedTable } from './designedRollouts'
import type { RolloutDesign } from './rolloutDesign'
import { rolloutAdvantages, type RolloutAdvantages } from './rolloutAdvantages'
import { rolloutSummary, type RolloutSummary } from './rolloutSummary'
import type { RolloutTable } from './rolloutTable'
import { LISTED_SIGN_CHANGES, signChangeReference, signChanges, type SignChanges } from './signChanges'

/*
 * Everything a design says about a rollout file at once, each computed once: every completion's
 * reward and advantage, the figures per step and over the file, and the sign changes against the
 * run's logged advantage or the file's own design (null where the file has neither: no logged
 * advantage and no score; `signChangesProblem` says why).
 */

export interface DesignReport {
  advantages: RolloutAdvantages
  summary: RolloutSummary
  signChanges: (SignChanges & { versus: 'logged advantage' | 'own design' }) | null
  signChangesProblem: string | null
}

export function designReport(table: RolloutTable, design: RolloutDesign, listed = LISTED_SIGN_CHANGES): DesignReport | { problem: string } {
  const designed = designedTable(table, design)
  if ('problem' in designed) return designed
  const advantages = rolloutAdvantages(designed.table, designed.weights, design.estimator)
  const summary = rolloutSummary(designed.table, designed.weights, design.estimator, advantages)
  const reference = signChangeReference(table)
  if ('problem' in reference) return { advantages, summary, signChanges: null, signChangesProblem: reference.problem }
  return { advantages, summary, signChanges: { versus: reference.versus, ...signChanges(table, reference.advantages, advantages.advantages, listed) }, signChangesProblem: null }
}
