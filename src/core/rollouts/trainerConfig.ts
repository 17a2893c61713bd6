import type { RolloutDesign } from './rolloutDesign'
import { trlConfigText, trlGrpoConfig, type TrlGrpoConfig } from './trlConfig'
import { verlOverrides, verlOverridesText, type VerlOverrides } from './verlConfig'

/*
 * A rollout design written for the trainer that will run it: TRL's GRPOConfig keywords
 * (trlConfig.ts) or verl's Hydra overrides (verlConfig.ts), as plain values and as text, with
 * every part of the design the trainer has no setting for in `unmapped`, one sentence each.
 * docs/references.md ("Names that mirror an upstream") holds what was read and where each
 * mapped setting differs.
 */

export const TRAINERS = ['trl', 'verl'] as const
export type Trainer = (typeof TRAINERS)[number]

export type TrainerExport =
  | { trainer: 'trl'; config: TrlGrpoConfig; text: string; unmapped: string[] }
  | { trainer: 'verl'; config: VerlOverrides; text: string; unmapped: string[] }

/** The design for `trainer`, over a file whose components are `names` (in the file's order); or the problem (a component the file lacks). */
export function trainerExport(design: RolloutDesign, names: readonly string[], trainer: Trainer): TrainerExport | { problem: string } {
  if (trainer === 'trl') {
    const trl = trlGrpoConfig(design, names)
    if ('problem' in trl) return trl
    return { trainer, config: trl.config, text: trlConfigText(trl.config, names), unmapped: trl.unmapped }
  }
  const verl = verlOverrides(design, names)
  if ('problem' in verl) return verl
  return { trainer, config: verl.overrides, text: verlOverridesText(verl.overrides), unmapped: verl.unmapped }
}
