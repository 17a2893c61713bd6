import { ACROBOT_LIMITS } from '../../core/envs/acrobot'

const { targetHeight } = ACROBOT_LIMITS

/**
 * Draw one Acrobot state [θ1, θ2, θ̇1, θ̇2]: two links of length 1 hanging from a fixed pivot
 * (θ1 = 0 points straight down, θ2 is the second link's angle relative to the first) and the line
 * one link-length above the pivot that the tip must cross.
 */
export function drawAcrobot(ctx: CanvasRenderingContext2D, state: ArrayLike<number>, offset: number, width: number, height: number): void {
  const theta1 = state[offset]
  const theta2 = state[offset + 1]
  // Both links reach 2 from the pivot in every direction; keep a margin.
  const scale = Math.min(width, height) / (2 * 2.3)
  const pivotX = width / 2
  const pivotY = height / 2
  // Joint and tip in world units (x right, y up), as the tip height −cos θ1 − cos(θ1 + θ2) defines them.
  const jointX = Math.sin(theta1)
  const jointY = -Math.cos(theta1)
  const tipX = jointX + Math.sin(theta1 + theta2)
  const tipY = jointY - Math.cos(theta1 + theta2)
  const toX = (x: number) => pivotX + x * scale
  const toY = (y: number) => pivotY - y * scale

  ctx.fillStyle = '#0d1726'
  ctx.fillRect(0, 0, width, height)

  // The target line.
  ctx.strokeStyle = '#81b29a'
  ctx.lineWidth = 2
  ctx.setLineDash([8, 6])
  ctx.beginPath()
  ctx.moveTo(0, toY(targetHeight))
  ctx.lineTo(width, toY(targetHeight))
  ctx.stroke()
  ctx.setLineDash([])

  const linkWidth = Math.max(4, 0.12 * scale)
  ctx.lineCap = 'round'
  ctx.strokeStyle = '#e8f1f8'
  ctx.lineWidth = linkWidth
  ctx.beginPath()
  ctx.moveTo(pivotX, pivotY)
  ctx.lineTo(toX(jointX), toY(jointY))
  ctx.stroke()
  ctx.strokeStyle = '#e0a458'
  ctx.beginPath()
  ctx.moveTo(toX(jointX), toY(jointY))
  ctx.lineTo(toX(tipX), toY(tipY))
  ctx.stroke()

  // The pivot, the actuated joint and the tip.
  ctx.fillStyle = '#5c6f86'
  ctx.beginPath()
  ctx.arc(pivotX, pivotY, linkWidth * 0.8, 0, 2 * Math.PI)
  ctx.fill()
  ctx.fillStyle = '#4cc9f0'
  ctx.beginPath()
  ctx.arc(toX(jointX), toY(jointY), linkWidth * 0.7, 0, 2 * Math.PI)
  ctx.fill()
  ctx.fillStyle = tipY > targetHeight ? '#81b29a' : '#ef476f'
  ctx.beginPath()
  ctx.arc(toX(tipX), toY(tipY), linkWidth * 0.6, 0, 2 * Math.PI)
  ctx.fill()
}

export function describeAcrobot(state: ArrayLike<number>, offset: number): string {
  const theta1 = state[offset]
  const theta2 = state[offset + 1]
  const tipHeight = -Math.cos(theta1) - Math.cos(theta1 + theta2)
  const degrees = (radians: number) => ((radians * 180) / Math.PI).toFixed(0)
  return `Tip at height ${tipHeight.toFixed(2)} (line at ${targetHeight.toFixed(1)}); first link ${degrees(theta1)}° from hanging, second bent ${degrees(theta2)}°`
}
