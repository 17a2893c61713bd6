/** Draw one CartPole state [x, x_dot, theta, theta_dot] (Gymnasium's geometry: track ±2.4, pole 1.0). */
export function drawCartPole(ctx: CanvasRenderingContext2D, state: ArrayLike<number>, offset: number, width: number, height: number): void {
  const x = state[offset]
  const theta = state[offset + 2]
  const worldWidth = 2.4 * 2 + 0.6
  const scale = width / worldWidth
  const trackY = height * 0.72
  ctx.fillStyle = '#0d1726'
  ctx.fillRect(0, 0, width, height)
  // Track and the ±2.4 limits that end the episode.
  ctx.strokeStyle = '#5c6f86'
  ctx.lineWidth = 2
  ctx.beginPath()
  ctx.moveTo(0, trackY)
  ctx.lineTo(width, trackY)
  ctx.stroke()
  ctx.strokeStyle = '#ef476f'
  for (const limit of [-2.4, 2.4]) {
    const limitX = width / 2 + limit * scale
    ctx.beginPath()
    ctx.moveTo(limitX, trackY - 10)
    ctx.lineTo(limitX, trackY + 10)
    ctx.stroke()
  }
  const cartX = width / 2 + x * scale
  const cartWidth = 0.5 * scale
  const cartHeight = 0.3 * scale
  ctx.fillStyle = '#e8f1f8'
  ctx.fillRect(cartX - cartWidth / 2, trackY - cartHeight / 2, cartWidth, cartHeight)
  // The pole: length 2 × half-length 0.5, angle measured from upright, positive to the right.
  const poleLength = 1.0 * scale
  ctx.strokeStyle = '#e0a458'
  ctx.lineWidth = Math.max(4, 0.1 * scale)
  ctx.lineCap = 'round'
  ctx.beginPath()
  ctx.moveTo(cartX, trackY - cartHeight / 4)
  ctx.lineTo(cartX + Math.sin(theta) * poleLength, trackY - cartHeight / 4 - Math.cos(theta) * poleLength)
  ctx.stroke()
  ctx.fillStyle = '#81b29a'
  ctx.beginPath()
  ctx.arc(cartX, trackY - cartHeight / 4, Math.max(3, 0.05 * scale), 0, 2 * Math.PI)
  ctx.fill()
}

export function describeCartPole(state: ArrayLike<number>, offset: number): string {
  const degrees = (state[offset + 2] * 180) / Math.PI
  return `Cart at x = ${state[offset].toFixed(2)}, pole ${Math.abs(degrees).toFixed(1)}° ${degrees >= 0 ? 'right' : 'left'} of upright`
}
