import type { MetricsFrame } from '../core/run/frame'

/**
 * A CartPole metrics frame for tests: `meanReturn` as the mean of its episodes (null: none
 * finished in it), every other figure derived from it; no record, batch or demo.
 */
export function cartpoleFrame(envSteps: number, meanReturn: number | null): MetricsFrame {
  return {
    iteration: 1,
    envSteps,
    wallSeconds: envSteps / 1000,
    stepsPerSecond: 1000,
    episodesInFrame: meanReturn === null ? 0 : 1,
    episodesTotal: 1,
    meanReturn,
    meanObjective: meanReturn,
    meanLength: meanReturn,
    meanContributions: meanReturn === null ? null : [meanReturn, 0, 0, 0, 0, 0],
    componentNames: ['alive', 'upright', 'centred', 'calm', 'effort', 'failure'],
    recentReturn: meanReturn,
    recentObjective: meanReturn,
    peakObjective: meanReturn,
    readoutWindow: 20,
    readoutReturn: meanReturn,
    readoutObjective: meanReturn,
    recentContributions: meanReturn === null ? null : [meanReturn, 0, 0, 0, 0, 0],
    recentLength: meanReturn === null ? null : meanReturn,
    recentZeroAdvantageFraction: null,
    recentSignFlipFraction: null,
    diagnostics: {},
    advantages: null,
    recentEpisodes: null,
    record: null,
    tabular: null,
    valueBatch: null,
    groupBatch: null,
    demo: { states: new Float64Array(0), steps: 0, copies: 1 },
  }
}
