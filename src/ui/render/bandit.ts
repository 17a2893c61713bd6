import { armMean, CONTEXT_INDEX, K_INDEX, LAST_ARM_INDEX, LAST_CONTEXT_INDEX, LAST_PAYOUT_INDEX, MEANS_INDEX } from '../../core/envs/bandit'

/**
 * Draw bandit copies: for each, the arms as bars of their expected payout in the context of the
 * last pull, the pulled arm highlighted with what it paid. A state is
 * [k, context, last_context, last_arm, last_payout, mean_0 … mean_{k−1}]; `copies` of them follow
 * each other from `offset`. Labels are `fontSize` tall, smaller only where a copy's row would not fit
 * them.
 */
export function drawBandit(ctx: CanvasRenderingContext2D, states: ArrayLike<number>, offset: number, width: number, height: number, copies: number, fontSize: number): void {
  ctx.fillStyle = '#0d1726'
  ctx.fillRect(0, 0, width, height)
  const rows = Math.max(1, copies)
  const rowHeight = height / rows
  let at = offset
  for (let row = 0; row < rows; row++) {
    const k = states[at + K_INDEX]
    drawOne(ctx, states, at, width, rowHeight, row * rowHeight, fontSize)
    at += MEANS_INDEX + k
  }
}

function drawOne(ctx: CanvasRenderingContext2D, states: ArrayLike<number>, offset: number, width: number, height: number, top: number, fontSize: number): void {
  const k = states[offset + K_INDEX]
  const arm = states[offset + LAST_ARM_INDEX]
  const context = arm >= 0 ? states[offset + LAST_CONTEXT_INDEX] : states[offset + CONTEXT_INDEX]
  const means = Array.from({ length: k }, (_, j) => armMean(states, offset + MEANS_INDEX, k, j, context))
  const best = Math.max(...means)
  const low = Math.min(0, ...means)
  const high = Math.max(1, ...means)
  const margin = Math.max(8, width * 0.04)
  const pulled = arm >= 0 ? `arm ${arm} paid ${formatPayout(states[offset + LAST_PAYOUT_INDEX])} (mean ${means[arm].toFixed(2)}, best ${best.toFixed(2)})` : 'no pull yet'
  const heading = `${pulled}${k > 0 && states[offset + CONTEXT_INDEX] !== context ? ` · next context ${states[offset + CONTEXT_INDEX]}` : ''}`
  // The heading above and the arm numbers below take 4.4 text lines; the heading must fit the width between the margins.
  const tall = Math.min(fontSize, height / 7)
  ctx.font = `${tall}px sans-serif`
  const headingWidth = ctx.measureText(heading).width
  const textSize = headingWidth > width - 2 * margin ? (tall * (width - 2 * margin)) / headingWidth : tall
  const baseY = top + height - textSize * 2.4
  const barTop = top + textSize * 2
  const slot = (width - 2 * margin) / k
  const scale = (baseY - barTop) / (high - low)
  const zeroY = baseY + low * scale
  ctx.font = `${textSize}px sans-serif`
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  for (let j = 0; j < k; j++) {
    const x = margin + j * slot
    const barY = zeroY - means[j] * scale
    ctx.fillStyle = j === arm ? '#ffd166' : means[j] === best ? '#2a8f77' : '#5c6f86'
    ctx.fillRect(x + slot * 0.15, Math.min(barY, zeroY), slot * 0.7, Math.max(1, Math.abs(zeroY - barY)))
    ctx.fillStyle = '#e8f1f8'
    ctx.fillText(String(j), x + slot / 2, baseY + textSize * 0.9)
  }
  ctx.textAlign = 'left'
  ctx.fillStyle = '#e8f1f8'
  ctx.fillText(heading, margin, top + textSize)
}

function formatPayout(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2)
}

/** One line for the canvas's accessible label. */
export function describeBandit(states: ArrayLike<number>, offset: number, copies = 1): string {
  const k = states[offset + K_INDEX]
  const arm = states[offset + LAST_ARM_INDEX]
  const more = copies > 1 ? ` (first of ${copies} copies shown)` : ''
  if (arm < 0) return `${k}-armed bandit, no arm pulled yet${more}`
  const context = states[offset + LAST_CONTEXT_INDEX]
  let best = -Infinity
  for (let j = 0; j < k; j++) best = Math.max(best, armMean(states, offset + MEANS_INDEX, k, j, context))
  const mean = armMean(states, offset + MEANS_INDEX, k, arm, context)
  return `${k}-armed bandit: arm ${arm} pulled in context ${context} paid ${formatPayout(states[offset + LAST_PAYOUT_INDEX])}; its mean ${mean.toFixed(2)}, the best arm’s ${best.toFixed(2)}${more}`
}
