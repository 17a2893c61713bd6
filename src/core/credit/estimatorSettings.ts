/*
 * The settings a group-family estimator reads besides its baseline: the group baseline's centre,
 * scale, rank and combine, the final batch normalisation, eps, and pass@k's k. The option schema
 * (estimatorSchema.ts) validates them; the estimators take them as plain values.
 */

export const CENTERS = ['mean', 'median', 'loo', 'batch'] as const
export const SCALES = ['group', 'batch', 'none'] as const
/** Several reward components: sum them first, or normalise each then sum (decoupled, as GDPO). */
export const COMBINES = ['sum', 'decoupled'] as const

export interface EstimatorSettings {
  center: (typeof CENTERS)[number]
  scale: (typeof SCALES)[number]
  rank: boolean
  combine: (typeof COMBINES)[number]
  batchNormalize: boolean
  eps: number
  /** pass@k's k; absent means 1. */
  k?: number
}

/** pass@k's k: absent is 1. */
export function passkOf(settings: Pick<EstimatorSettings, 'k'>): number {
  return settings.k ?? 1
}
