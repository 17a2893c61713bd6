import { ReinforceOptionsSchema } from '../core/run/config'
import { defaultDesign, type Design } from './design'

/* Designs for tests of the exported setup, shared by the model's and the command line's. */

/** MountainCar with a custom term, a shaping term, a transform, changed weights, REINFORCE and seed 5. */
export function mountainCarSetup(): Design {
  const design = defaultDesign('mountaincar', 5)
  design.params = { ...design.params, time_limit: 300 }
  design.reward = {
    terms: [{ name: 'right', expression: 'position > 0.3', weight: 1 }],
    shaping: [{ potential: 'height', weight: 2, gamma: 0.99, naive: false }],
    bonuses: [],
    transforms: { step: [{ kind: 'clip', lo: -0.5, hi: 0.5 }] },
  }
  design.weights = { ...design.weights, step: 0.5, right: 1.5, shaping_height: 2 }
  design.learner = ReinforceOptionsSchema.parse({ kind: 'reinforce', learningRate: 0.002 })
  return design
}

export function gridSetup(): Design {
  const design = defaultDesign('gridworld', 11)
  design.params = { ...design.params, map: 'lava' }
  design.weights = { ...design.weights, hazard: 20 }
  return design
}
