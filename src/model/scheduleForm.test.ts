import { describe, expect, it } from 'vitest'
import { scheduleFields, scheduleOfFields } from './scheduleForm'

const alive = { range: [0, 2] as [number, number] }

describe('the Schedule… form', () => {
  it('reads its fields as a schedule', () => {
    expect(scheduleOfFields({ kind: 'cosine', from: '1.5', to: '0', steps: '2000' }, alive)).toEqual({ ok: true, schedule: { kind: 'cosine', from: 1.5, to: 0, steps: 2000 } })
  })

  it('names each wrong field with what it accepts', () => {
    expect(scheduleOfFields({ kind: 'exp', from: '', to: '3', steps: '2.5' }, alive)).toEqual({
      ok: false,
      problems: { kind: 'accepted: linear, cosine, step', from: 'accepted: a number from 0 to 2', to: 'accepted: a number from 0 to 2', steps: 'accepted: a whole number of env steps from 1 to 1000000000' },
    })
    expect(scheduleOfFields({ kind: 'step', from: '1', to: '0', steps: '0' }, alive)).toEqual({ ok: false, problems: { steps: 'accepted: a whole number of env steps from 1 to 1000000000' } })
    expect(scheduleOfFields({ kind: 'step', from: 'NaN', to: '0', steps: '1e10' }, alive)).toEqual({ ok: false, problems: { from: 'accepted: a number from 0 to 2', steps: 'accepted: a whole number of env steps from 1 to 1000000000' } })
  })

  it('starts from the schedule there is, else from the weight now', () => {
    expect(scheduleFields({ kind: 'step', from: 1, to: 0, steps: 5 }, 1)).toEqual({ kind: 'step', from: '1', to: '0', steps: '5' })
    expect(scheduleFields(undefined, 0.5)).toEqual({ kind: 'linear', from: '0.5', to: '0', steps: '100000' })
  })
})
