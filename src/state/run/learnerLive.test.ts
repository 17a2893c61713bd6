import { beforeEach, describe, expect, it } from 'vitest'
import { GrpoOptionsSchema } from '../../core/run/config'
import { defaultDesign } from '../../model/design'
import { EMPTY_RUN } from '../../model/runView'
import { loadDesign, usePlayground } from './store'
import { changeLearner, learnerChangeIsLive, whyLearnerChangeRestarts } from './trainingClient'

const grpo = (overrides: Record<string, unknown> = {}) => GrpoOptionsSchema.parse({ kind: 'grpo', ...overrides })
const point = { envSteps: 100, wallSeconds: 1, meanReturn: 0, objective: 0 }

beforeEach(() => {
  loadDesign(defaultDesign('tokenseq', 1))
  usePlayground.setState((state) => ({ run: { ...EMPTY_RUN, runId: 'run-1', status: 'running', series: [point] as never, design: state.design } }))
})

describe('a learner change on the page while a GRPO run trains', () => {
  it('keeps the run and its curve for a live-switchable change, and the design (so the link) takes it', () => {
    const next = grpo({ policyLoss: 'cispo', estimator: { center: 'loo', scale: 'none' } })
    expect(learnerChangeIsLive(next)).toBe(true)
    changeLearner(next)
    const { design, run } = usePlayground.getState()
    expect(design.learner).toEqual(next)
    expect(run.runId).toBe('run-1')
    expect(run.series).toHaveLength(1)
  })

  it('starts over for a change of the network or the batch, and says why', () => {
    const next = grpo({ hiddenSize: 32 })
    expect(learnerChangeIsLive(next)).toBe(false)
    expect(whyLearnerChangeRestarts(next)).toBe('hiddenSize changes the network or the batch, so the change starts a new run')
    changeLearner(next)
    expect(usePlayground.getState().design.learner).toEqual(next)
    expect(usePlayground.getState().run).toEqual(EMPTY_RUN)
  })

  it('starts over when the run has stopped, as before', () => {
    usePlayground.setState((state) => ({ run: { ...state.run, status: 'stopped' } }))
    expect(learnerChangeIsLive(grpo({ policyLoss: 'cispo' }))).toBe(false)
    expect(whyLearnerChangeRestarts(grpo({ policyLoss: 'cispo' }))).toBeUndefined()
  })
})
