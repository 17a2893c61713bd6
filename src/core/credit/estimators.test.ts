import { describe, expect, it } from 'vitest'
import { batchAdvantages, batchExcluded } from './batchAdvantages'
import { GroupEstimatorSchema } from './estimatorSchema'
import { commandNameOf, GROUP_BASELINES, GROUP_ESTIMATORS as LITERAL_RECORDS, groupEstimatorNamed, groupEstimatorOf, type GroupEstimatorEntry, type ReportedBatch } from './estimators'
import type { BatchField, GroupScores } from './groupScores'

/*
 * The registry is the one list of the group family's estimators: each record must be complete,
 * and every reader in core (the option schema, batchAdvantages, the what-if's fit) must take each.
 * The readers beyond core have their own checks: src/model/estimatorRegistry.test.ts,
 * src/ui/learnerFieldsRegistry.test.ts and src/cli/advantagesRegistry.test.ts.
 */

/** Two groups of three completions (an odd number, as MC-GRPO's G + 1), K = 2 components (the second a process reward), 3 + 1 + 2 + 2 + 1 + 1 tokens. */
const FULL: Required<Omit<GroupScores, 'klPenalty' | 'applies'>> = {
  components: [1, 0.5, 0, -1, 2, 0, 1, 1, 0.5, 0, 0, 2],
  weights: [1, 0.5],
  groupSizes: [3, 3],
  lengths: [3, 1, 2, 2, 1, 1],
  greedyComponents: [0.5, 0, 1, 0],
  tokenComponents: [0, 0.5, 0, 0, 1, 0, 0, -1, 0, 1, 0, 0, 1, 1, 0, 0, 0.5, 0, 0, 2],
  processComponents: [0, 1],
}
const GROUP_ESTIMATORS: readonly GroupEstimatorEntry[] = LITERAL_RECORDS
const COMPLETIONS = 6
const TOKENS = 10
const ESTIMATOR_FIELDS: readonly BatchField[] = ['lengths', 'greedyComponents', 'tokenComponents']

function reported(scores: Omit<GroupScores, 'klPenalty'>): ReportedBatch {
  return { ...scores, names: ['task', 'steps'] }
}

describe('the estimator registry', () => {
  it('names each estimator once, with its aliases and command name nowhere else', () => {
    const names = GROUP_ESTIMATORS.flatMap((record) => [record.name, ...record.aliases])
    expect(new Set(names).size).toBe(names.length)
    expect([...GROUP_BASELINES]).toEqual(GROUP_ESTIMATORS.map((record) => record.name))
    for (const record of GROUP_ESTIMATORS) {
      expect(record.name === commandNameOf(record) || record.aliases.includes(commandNameOf(record))).toBe(true)
      for (const name of [record.name, ...record.aliases]) expect(groupEstimatorNamed(name)).toBe(record)
      expect(groupEstimatorOf(record.name)).toBe(record)
    }
    expect(groupEstimatorNamed('reinforce_pp')?.name).toBe('token_batch')
    expect(groupEstimatorNamed('td')).toBeNull()
  })

  it('gives each a label and a one-line hint', () => {
    for (const record of GROUP_ESTIMATORS) {
      expect(record.label.length, record.name).toBeGreaterThan(0)
      expect(record.hint, record.name).toMatch(/^[^\n]+\.$/)
    }
  })

  it('is accepted by the option schema, name by name, and nothing else is', () => {
    for (const record of GROUP_ESTIMATORS) expect(GroupEstimatorSchema.parse({ baseline: record.name }).baseline).toBe(record.name)
    const refused = GroupEstimatorSchema.safeParse({ baseline: 'reinforce_pp' })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0].message).toBe(`unknown baseline "reinforce_pp"; accepted: ${GROUP_BASELINES.join(', ')}`)
  })

  it('is computable by batchAdvantages from a batch that carries what it needs: one advantage per completion or per token, all finite', () => {
    for (const record of GROUP_ESTIMATORS) {
      const advantages = batchAdvantages(FULL, GroupEstimatorSchema.parse({ baseline: record.name }))
      expect([COMPLETIONS, TOKENS], record.name).toContain(advantages.length)
      expect(advantages.every(Number.isFinite), record.name).toBe(true)
      expect(record.lacks(reported(FULL), GroupEstimatorSchema.parse({ baseline: record.name })), record.name).toBeNull()
    }
  })

  it('leaves out of the loss, where a record does (batchExcluded), some completions of advantage 0, one flag per completion', () => {
    for (const record of GROUP_ESTIMATORS) {
      const estimator = GroupEstimatorSchema.parse({ baseline: record.name })
      const excluded = batchExcluded(FULL, estimator)
      if (record.excluded === undefined) {
        expect(excluded, record.name).toBeNull()
        continue
      }
      const advantages = batchAdvantages(FULL, estimator)
      expect(excluded, record.name).toHaveLength(COMPLETIONS)
      expect(excluded!.some((left) => left === 1), record.name).toBe(true)
      excluded!.forEach((left, i) => left === 1 && expect(advantages[i], `${record.name} completion ${i}`).toBe(0))
    }
    expect(GROUP_ESTIMATORS.filter((record) => record.excluded !== undefined).map((record) => record.name)).toEqual(['mc_grpo'])
  })

  it('refuses, in batchAdvantages and in the what-if, a batch without a field it needs; reads no field it does not list', () => {
    for (const record of GROUP_ESTIMATORS) {
      const estimator = GroupEstimatorSchema.parse({ baseline: record.name })
      for (const field of ESTIMATOR_FIELDS) {
        const { [field]: _left, ...without } = FULL
        if (record.needs.includes(field)) {
          expect(() => batchAdvantages(without, estimator), `${record.name} without ${field}`).toThrow(/batchAdvantages: the \w+ baseline needs/)
          expect(record.lacks(reported(without), estimator), `${record.name} without ${field}`).not.toBeNull()
        } else {
          expect(() => batchAdvantages(without, estimator), `${record.name} without ${field}`).not.toThrow()
          expect(record.lacks(reported(without), estimator), `${record.name} without ${field}`).toBeNull()
        }
      }
    }
  })
})
