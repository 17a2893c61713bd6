import * as tf from '@tensorflow/tfjs'
import '@tensorflow/tfjs-backend-wasm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RunConfigSchema } from '../core/run/config'
import { createTrainer } from '../learn/trainers'
import { rewardDesignOf } from '../model/design'
import { LESSONS } from '../lessons/catalogue'

// The test files share a worker (vitest.config.ts): the backend in force before goes back after.
let backendBefore = ''
beforeAll(async () => {
  // The default backend first: a file that runs first in its worker finds none chosen yet.
  await tf.ready()
  backendBefore = tf.getBackend()
  await tf.setBackend('wasm')
})
afterAll(async () => {
  await tf.setBackend(backendBefore)
})

const everyDesign = LESSONS.flatMap((lesson) => lesson.variants.map((variant) => ({ name: `${lesson.id} / ${variant.label}`, design: variant.design })))

describe('every lesson trains', () => {
  it.each(everyDesign)('$name: the trainer starts the design as the page sends it and reports finite figures', async ({ design }) => {
    // The config the page's Start button sends (trainingClient.startRun).
    const config = RunConfigSchema.parse({ env: { id: design.envId, params: design.params }, mix: rewardDesignOf(design), learner: design.learner, seed: design.seed })
    const trainer = await createTrainer(config)
    try {
      let steps = 0
      for (let i = 0; i < 3; i++) {
        const report = await trainer.iterate()
        steps += report.envSteps
        for (const [name, value] of Object.entries(report.diagnostics)) expect(Number.isFinite(value), name).toBe(true)
        for (const episode of report.episodes) {
          expect(Number.isFinite(episode.shapedReturn)).toBe(true)
          expect(Number.isFinite(episode.objective)).toBe(true)
        }
      }
      expect(steps).toBeGreaterThan(0)
    } finally {
      trainer.dispose()
    }
  })
})
