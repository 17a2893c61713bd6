import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { FromRolloutsWorker, OpenedRollouts, RolloutViews, ToRolloutsWorker } from '../../worker/rolloutsProtocol'

const posted: ToRolloutsWorker[] = []
let answer: (message: FromRolloutsWorker) => void = () => undefined
vi.mock('./rolloutsWorker', () => ({
  onRolloutsMessage: (handle: (message: FromRolloutsWorker) => void) => (answer = handle),
  postToRollouts: (message: ToRolloutsWorker) => posted.push(message),
}))

const { openRolloutExample, setRolloutAggregation, setRolloutTransforms, setRolloutWeight, useRollouts } = await import('./rollouts')
const { getUrlExtra } = await import('../link/urlExtras')

const OPENED: OpenedRollouts = { label: '2 step files', format: 'verl', names: ['score', 'acc'], count: 4, steps: [1, 2], leftOut: { unscored: { count: 0, places: [] }, groupsOfOne: { count: 0, places: [] } }, bytes: 100, millis: 1 }
const VIEWS = { steps: [], whole: {}, millis: 1 } as unknown as RolloutViews

/** A design's weights by name. */
const weightsOf = (design: { components?: Record<string, { weight: number }> } | null | undefined) => Object.fromEntries(Object.entries(design?.components ?? {}).map(([name, component]) => [name, component.weight]))

const viewRequests = () => posted.filter((message) => message.type === 'views')

describe('the rollouts store', () => {
  beforeEach(() => {
    posted.length = 0
  })

  it("opens with the file's own design, and sends only the latest design while the worker computes", () => {
    openRolloutExample(['http://example.test/examples/rollouts/1.jsonl'])
    const open = posted[0]
    if (open.type !== 'open') throw new Error('no open')
    answer({ type: 'opened', openId: open.openId, opened: OPENED })
    expect(weightsOf(useRollouts.getState().design)).toEqual({ score: 1, acc: 0 })
    expect(viewRequests()).toHaveLength(1)

    // Three moves while the first request computes: none is sent yet, then only the last.
    setRolloutWeight('acc', 0.1)
    setRolloutWeight('acc', 0.2)
    setRolloutWeight('acc', 0.3)
    expect(viewRequests()).toHaveLength(1)
    const first = viewRequests()[0]
    answer({ type: 'views', requestId: first.type === 'views' ? first.requestId : -1, views: VIEWS })
    expect(useRollouts.getState().views).toBe(VIEWS)
    expect(viewRequests().map((message) => message.type === 'views' && weightsOf(message.design))).toEqual([
      { score: 1, acc: 0 },
      { score: 1, acc: 0.3 },
    ])
    const second = viewRequests()[1]
    answer({ type: 'views', requestId: second.type === 'views' ? second.requestId : -1, views: VIEWS })
    // The link keeps the design, not the data.
    expect(getUrlExtra('rollouts')).toBe('weights=score:1,acc:0.3;combine=sum;center=mean;scale=group;rank=false;batchNormalize=false;eps=0.0001')
  })

  it('keeps the opened rollouts when a later read fails, and says why', () => {
    openRolloutExample(['http://example.test/examples/rollouts/1.jsonl'])
    const open = posted[0]
    answer({ type: 'openFailed', openId: open.type === 'open' ? open.openId : -1, message: 'bad.jsonl line 2: not JSON' })
    const state = useRollouts.getState()
    expect([state.opening, state.problem, state.opened]).toEqual([null, 'bad.jsonl line 2: not JSON', OPENED])
    // A slider moved after it recomputes the views and leaves the message about the file.
    setRolloutWeight('acc', 1)
    const request = viewRequests().pop()
    expect(request?.type === 'views' && weightsOf(request.design)).toEqual({ score: 1, acc: 1 })
    answer({ type: 'views', requestId: request?.type === 'views' ? request.requestId : -1, views: VIEWS })
    expect(useRollouts.getState().problem).toBe('bad.jsonl line 2: not JSON')
  })

  it('takes valid transforms and an aggregation into the design and the link, and refuses bad ones with the core\'s message, keeping the design', () => {
    expect(setRolloutTransforms('acc', [{ kind: 'clip', lo: 0, hi: 0.5 }])).toBeNull()
    setRolloutAggregation('token-mean')
    expect(useRollouts.getState().design?.components.acc.transforms).toEqual([{ kind: 'clip', lo: 0, hi: 0.5 }])
    expect(getUrlExtra('rollouts')).toBe('weights=score:1,acc:1;transforms.acc=clip(0,0.5);combine=sum;center=mean;scale=group;rank=false;batchNormalize=false;eps=0.0001;aggregation=token-mean')
    const before = useRollouts.getState().design
    expect(setRolloutTransforms('acc', [{ kind: 'clip', lo: 1, hi: 0 }])).toContain('components.acc.transforms[0].lo: lo must not exceed hi')
    expect(setRolloutTransforms('acc', [{ kind: 'scale', factor: 'x' }])).toContain('components.acc.transforms[0].factor')
    expect(useRollouts.getState().design).toBe(before)
    setRolloutAggregation(undefined)
    expect(useRollouts.getState().design?.aggregation).toBeUndefined()
  })

  it('ignores a non-finite weight', () => {
    setRolloutWeight('acc', Number.NaN)
    expect(posted).toEqual([])
  })
})
