import { describe, expect, it } from 'vitest'
import type { EnvSpec } from '../envs/types'
import { KL_PENALTY_COMPONENT, learnerAddedComponents, withLearnerComponents } from './learnerComponents'
import type { Trainer } from './trainer'

function specWith(names: string[]): EnvSpec {
  return { components: names.map((name) => ({ name, description: name, defaultWeight: 1, range: [0, 1] })) } as unknown as EnvSpec
}

describe('withLearnerComponents', () => {
  it('lists the learner’s components after the environment’s, as the environment’s are now', () => {
    const env = { spec: specWith(['correct', 'format']) }
    const inner = { spec: env.spec, iterate: async () => ({}) as never, setMix: () => {}, dispose: () => {} } satisfies Trainer
    const trainer = withLearnerComponents(inner, env, [KL_PENALTY_COMPONENT])
    expect(trainer.spec.components.map((component) => component.name)).toEqual(['correct', 'format', 'kl_penalty'])
    expect(trainer.spec).toBe(trainer.spec)
    // A live design change adds a term to the environment: the trainer's spec follows.
    env.spec = specWith(['correct', 'format', 'term1'])
    expect(trainer.spec.components.map((component) => component.name)).toEqual(['correct', 'format', 'term1', 'kl_penalty'])
    expect(learnerAddedComponents(trainer.spec)).toEqual([KL_PENALTY_COMPONENT])
    expect(learnerAddedComponents(env.spec)).toEqual([])
  })

  it('refuses an environment that already has a component of the added name', () => {
    const env = { spec: specWith(['correct', 'kl_penalty']) }
    const inner = { spec: env.spec, iterate: async () => ({}) as never, setMix: () => {}, dispose: () => {} } satisfies Trainer
    expect(() => withLearnerComponents(inner, env, [KL_PENALTY_COMPONENT])).toThrow('a reward component is named "kl_penalty", the name of the part of the reward the learner adds; rename the component')
  })
})
