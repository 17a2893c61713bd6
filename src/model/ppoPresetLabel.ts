import { PPO_PRESETS, type PpoPreset } from '../core/run/config'

/** What each PPO preset is called; the figures beside the name come from the preset itself. */
const PPO_PRESET_NAMES: Record<PpoPreset, string> = { fast: 'fast', cleanrl: 'CleanRL defaults' }

/** A learning rate as people write it: 0.01 → "1e-2", 0.00025 → "2.5e-4". */
function shortRate(rate: number): string {
  return rate.toExponential().replace('e+', 'e')
}

/** A PPO preset's label, read from its values so the two cannot disagree: "fast (16 × 32 steps, lr 1e-2)". */
export function ppoPresetLabel(name: PpoPreset): string {
  const preset = PPO_PRESETS[name]
  return `${PPO_PRESET_NAMES[name]} (${preset.numEnvs} × ${preset.numSteps} steps, lr ${shortRate(preset.learningRate)})`
}
