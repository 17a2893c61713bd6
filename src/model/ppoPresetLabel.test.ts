import { describe, expect, it } from 'vitest'
import { PPO_PRESETS, type PpoPreset } from '../core/run/config'
import { ppoPresetLabel } from './ppoPresetLabel'

describe('PPO preset labels', () => {
  it('name each preset with its own copies, steps and learning rate', () => {
    expect(ppoPresetLabel('fast')).toBe('fast (16 × 32 steps, lr 1e-2)')
    expect(ppoPresetLabel('cleanrl')).toBe('CleanRL defaults (4 × 128 steps, lr 2.5e-4)')
    for (const [name, preset] of Object.entries(PPO_PRESETS)) {
      const rate = Number(/lr ([\d.e-]+)\)$/.exec(ppoPresetLabel(name as PpoPreset))?.[1])
      expect(rate).toBe(preset.learningRate)
    }
  })
})
