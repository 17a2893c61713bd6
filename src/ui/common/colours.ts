/** One colour per reward component, by its position in the environment's list (chart lines and bars agree). */
export const COMPONENT_COLOURS = ['#e07a5f', '#81b29a', '#f2cc8f', '#9b5de5', '#00bbf9', '#f15bb5', '#8d99ae']

/** The lesson evidence charts: the claim's variant, the variant it is compared with, the bound, the student's own run. */
export const EVIDENCE_COLOURS = { variant: '#7fd1b9', compared: '#9fb3c8', bound: '#ef476f', yours: '#ffd166' }

/**
 * A credit's colour (a token's advantage A): gold above 0, red below, none at 0, with
 * alpha = |A| / reach, reach the largest |A| shown beside it (so the strongest credit is opaque).
 */
export function creditColour(credit: number, reach: number): string {
  if (credit === 0) return 'transparent'
  const alpha = Math.min(1, Math.abs(credit) / reach).toFixed(2)
  return credit > 0 ? `rgba(255, 209, 102, ${alpha})` : `rgba(239, 71, 111, ${alpha})`
}
