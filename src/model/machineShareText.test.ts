import { describe, expect, it } from 'vitest'
import { machineShareText } from './machineShareText'

describe('machineShareText', () => {
  it('taking turns: how many runs share how many cores, and on how many they take turns', () => {
    expect(machineShareText({ trainers: 5, cores: 2, duty: 0.2, mode: 'turns' })).toBe('5 runs train in this browser on 2 cores: they take turns on 1 of them, so every page stays responsive.')
    expect(machineShareText({ trainers: 9, cores: 8, duty: 7 / 9, mode: 'turns' })).toBe('9 runs train in this browser on 8 cores: they take turns on 7 of them, so every page stays responsive.')
    expect(machineShareText({ trainers: 2, cores: 1, duty: 0.25, mode: 'turns' })).toBe('2 runs train in this browser on 1 core: they take turns, so every page stays responsive.')
  })

  it('resting: the duty to a whole percent, never rounded down to 0 %', () => {
    expect(machineShareText({ trainers: 5, cores: 2, duty: 0.2, mode: 'rests' })).toBe('5 runs train in this browser on 2 cores: this one computes 20 % of the time, so every page stays responsive.')
    expect(machineShareText({ trainers: 3, cores: 2, duty: 1 / 3, mode: 'rests' })).toBe('3 runs train in this browser on 2 cores: this one computes 33 % of the time, so every page stays responsive.')
    expect(machineShareText({ trainers: 300, cores: 1, duty: 0.5 / 300, mode: 'rests' })).toBe('300 runs train in this browser on 1 core: this one computes 1 % of the time, so every page stays responsive.')
  })
})
