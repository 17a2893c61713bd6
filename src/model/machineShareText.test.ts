import { describe, expect, it } from 'vitest'
import { machineShareText } from './machineShareText'

describe('machineShareText', () => {
  it('says how many runs share how many cores and the duty to a whole percent', () => {
    expect(machineShareText({ trainers: 5, cores: 2, duty: 0.2 })).toBe('5 runs train in this browser on 2 cores: this one computes 20 % of the time, so every page stays responsive.')
    expect(machineShareText({ trainers: 3, cores: 2, duty: 1 / 3 })).toBe('3 runs train in this browser on 2 cores: this one computes 33 % of the time, so every page stays responsive.')
  })

  it('names a single core and never rounds a duty down to 0 %', () => {
    expect(machineShareText({ trainers: 300, cores: 1, duty: 0.5 / 300 })).toBe('300 runs train in this browser on 1 core: this one computes 1 % of the time, so every page stays responsive.')
  })
})
