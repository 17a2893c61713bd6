import { MOUNTAINCAR_GEOMETRY } from '../../core/envs/mountaincar'

const { minPosition, maxPosition, goalPosition, maxSpeed } = MOUNTAINCAR_GEOMETRY
const HILL_SAMPLES = 120

/**
 * Draw one MountainCar state [position, velocity]: the hill y = sin 3x over [−1.2, 0.6], the flag
 * at x = 0.5, the car tilted along the slope, and an arrow for its velocity.
 */
export function drawMountainCar(ctx: CanvasRenderingContext2D, state: ArrayLike<number>, offset: number, width: number, height: number): void {
  const position = state[offset]
  const velocity = state[offset + 1]
  const margin = Math.min(width, height) * 0.08
  const scaleX = (width - 2 * margin) / (maxPosition - minPosition)
  // sin 3x spans [−1, 1]; leave head-room above for the flag and the car.
  const top = margin + height * 0.18
  const bottom = height - margin
  const scaleY = (bottom - top) / 2
  const toX = (x: number) => margin + (x - minPosition) * scaleX
  const toY = (y: number) => bottom - (y + 1) * scaleY

  ctx.fillStyle = '#0d1726'
  ctx.fillRect(0, 0, width, height)

  // The hill, filled down to the bottom edge.
  ctx.beginPath()
  ctx.moveTo(toX(minPosition), height)
  for (let s = 0; s <= HILL_SAMPLES; s++) {
    const x = minPosition + ((maxPosition - minPosition) * s) / HILL_SAMPLES
    ctx.lineTo(toX(x), toY(Math.sin(3 * x)))
  }
  ctx.lineTo(toX(maxPosition), height)
  ctx.closePath()
  ctx.fillStyle = '#16263b'
  ctx.fill()
  ctx.strokeStyle = '#5c6f86'
  ctx.lineWidth = 2
  ctx.stroke()

  // The flag at the goal.
  const flagX = toX(goalPosition)
  const flagBase = toY(Math.sin(3 * goalPosition))
  const poleHeight = Math.max(18, height * 0.14)
  ctx.strokeStyle = '#e8f1f8'
  ctx.lineWidth = 2
  ctx.beginPath()
  ctx.moveTo(flagX, flagBase)
  ctx.lineTo(flagX, flagBase - poleHeight)
  ctx.stroke()
  ctx.fillStyle = '#81b29a'
  ctx.beginPath()
  ctx.moveTo(flagX, flagBase - poleHeight)
  ctx.lineTo(flagX + poleHeight * 0.5, flagBase - poleHeight * 0.8)
  ctx.lineTo(flagX, flagBase - poleHeight * 0.6)
  ctx.closePath()
  ctx.fill()

  // The car, tilted to the slope's angle on the screen (dy/dx = 3·cos 3x in world units).
  const carX = toX(position)
  const carY = toY(Math.sin(3 * position))
  const angle = Math.atan2(-3 * Math.cos(3 * position) * scaleY, scaleX)
  const carWidth = Math.max(16, 0.12 * scaleX)
  const carHeight = carWidth * 0.45
  const wheel = carHeight * 0.3
  ctx.save()
  ctx.translate(carX, carY)
  ctx.rotate(angle)
  ctx.fillStyle = '#e0a458'
  ctx.fillRect(-carWidth / 2, -carHeight - wheel, carWidth, carHeight)
  ctx.fillStyle = '#e8f1f8'
  for (const wheelX of [-carWidth / 3, carWidth / 3]) {
    ctx.beginPath()
    ctx.arc(wheelX, -wheel, wheel, 0, 2 * Math.PI)
    ctx.fill()
  }
  // Velocity arrow along the slope: full length at the top speed of 0.07.
  const arrow = (velocity / maxSpeed) * carWidth * 1.2
  if (Math.abs(arrow) > 1) {
    const y = -carHeight - wheel - carHeight * 0.6
    const head = Math.sign(arrow) * Math.min(6, Math.abs(arrow) / 2)
    ctx.strokeStyle = '#4cc9f0'
    ctx.lineWidth = 2
    ctx.beginPath()
    ctx.moveTo(0, y)
    ctx.lineTo(arrow, y)
    ctx.moveTo(arrow - head, y - 4)
    ctx.lineTo(arrow, y)
    ctx.lineTo(arrow - head, y + 4)
    ctx.stroke()
  }
  ctx.restore()
}

export function describeMountainCar(state: ArrayLike<number>, offset: number): string {
  const position = state[offset]
  const velocity = state[offset + 1]
  const heading = velocity > 0 ? 'moving right' : velocity < 0 ? 'moving left' : 'at rest'
  return `Car at position ${position.toFixed(2)}, velocity ${velocity.toFixed(3)} (${heading}); goal at ${goalPosition}`
}
