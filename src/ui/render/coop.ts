import { AGENTS_INDEX, EFFORT_LABELS, EFFORTS_INDEX, OUTPUT_INDEX, ROUND_INDEX } from '../../core/envs/coop'

/**
 * Draw one team: each agent's effort in the last round as a bar (none, some, full) and the team's
 * output. A seat's state is [agents, agent, round, output, effort_0 … effort_{A−1}]; the team's
 * values are the same in every seat, so the first seat at `offset` tells the whole story. Labels
 * are `fontSize` tall, smaller only where the bars or an agent's slot would not fit them.
 */
export function drawCoop(ctx: CanvasRenderingContext2D, states: ArrayLike<number>, offset: number, width: number, height: number, copies: number, fontSize: number): void {
  ctx.fillStyle = '#0d1726'
  ctx.fillRect(0, 0, width, height)
  const agents = states[offset + AGENTS_INDEX]
  const margin = Math.max(8, width * 0.05)
  const slot = (width - 2 * margin) / agents
  // Two label lines under the bars and a heading above take 4.8 text lines; "agent 0" spans about 4 sizes.
  const textSize = Math.min(fontSize, height / 9, slot / 4.2)
  const top = textSize * 2.4
  const bottom = height - textSize * 2.4
  ctx.font = `${textSize}px sans-serif`
  ctx.textBaseline = 'middle'
  ctx.textAlign = 'center'
  for (let j = 0; j < agents; j++) {
    const effort = states[offset + EFFORTS_INDEX + j]
    const x = margin + j * slot
    ctx.strokeStyle = '#5c6f86'
    ctx.lineWidth = 1
    ctx.strokeRect(x + slot * 0.2, top, slot * 0.6, bottom - top)
    const barHeight = ((bottom - top) * effort) / 2
    ctx.fillStyle = j < copies ? (effort === 2 ? '#81b29a' : effort === 1 ? '#e0a458' : '#5c6f86') : '#3d4b5f'
    ctx.fillRect(x + slot * 0.2, bottom - barHeight, slot * 0.6, barHeight)
    ctx.fillStyle = '#e8f1f8'
    ctx.fillText(`agent ${j}`, x + slot / 2, bottom + textSize * 0.9)
    ctx.fillText(EFFORT_LABELS[effort] ?? String(effort), x + slot / 2, bottom + textSize * 1.9)
  }
  ctx.textAlign = 'left'
  ctx.fillStyle = '#ffd166'
  ctx.fillText(`team output ${states[offset + OUTPUT_INDEX].toFixed(1)} · round ${states[offset + ROUND_INDEX]}`, margin, textSize * 1.1)
}

/** One line for the canvas's accessible label. */
export function describeCoop(states: ArrayLike<number>, offset: number, copies = 1): string {
  const agents = states[offset + AGENTS_INDEX]
  const efforts = Array.from({ length: agents }, (_, j) => EFFORT_LABELS[states[offset + EFFORTS_INDEX + j]] ?? String(states[offset + EFFORTS_INDEX + j]))
  const missing = copies < agents ? ` (agents ${copies}–${agents - 1} repeat their effort)` : ''
  const rounds = states[offset + ROUND_INDEX]
  return `Team of ${agents}, ${rounds} ${rounds === 1 ? 'round' : 'rounds'} played; last round's efforts ${efforts.join(', ')}, team output ${states[offset + OUTPUT_INDEX].toFixed(1)}${missing}`
}
