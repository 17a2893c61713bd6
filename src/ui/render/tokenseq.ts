import { A_INDEX, B_INDEX, END, EMPTY, isCorrect, MAX_LENGTH_INDEX, T_INDEX, THINK, tokenSeqLayout, TOKENS_INDEX } from '../../core/envs/tokenseq'

/** The width of a monospace character as a share of its size. */
const MONOSPACE_WIDTH = 0.6

/** How a token reads on the canvas: digits as themselves, think as "…", end as "⏎". */
function tokenText(token: number): string {
  return token === THINK ? '…' : token === END ? '⏎' : String(token)
}

function completionText(states: ArrayLike<number>, from: number, count: number): string {
  const parts: string[] = []
  for (let j = 0; j < count; j++) {
    const token = states[from + j]
    if (token === EMPTY) break
    parts.push(tokenText(token))
  }
  return parts.join(' ')
}

/**
 * Draw a group of completions: one row per copy with its prompt and the tokens written so far, and
 * to the right its previous (finished, judged) completion. A state is
 * [max_length, a, b, t, token_0 … token_{L−1}, last_a, last_b, last_token_0 … last_token_{L−1}].
 * Text is `fontSize` tall, smaller only where the rows or the two half-width columns would not fit it.
 */
export function drawTokenSeq(ctx: CanvasRenderingContext2D, states: ArrayLike<number>, offset: number, width: number, height: number, copies: number, fontSize: number): void {
  ctx.fillStyle = '#0d1726'
  ctx.fillRect(0, 0, width, height)
  const L = states[offset + MAX_LENGTH_INDEX]
  const { stride, lastA, lastB, lastTokens } = tokenSeqLayout(L)
  const rows = Math.max(1, copies)
  const margin = 8
  // How many characters of size 1 fit across a column (half the width, less its margins).
  const columnSizes = (width / 2 - 2 * margin) / MONOSPACE_WIDTH
  const wanted = Math.min(fontSize, height / 8)
  const header = wanted * 1.6
  const rowHeight = Math.min(wanted * 1.8, (height - header) / rows)
  // A completion line ("12+34= … 4 6 ⏎ ✓") runs to about 25 characters, the heading to 30.
  const textSize = Math.min(wanted, rowHeight * 0.75, columnSizes / 25)
  ctx.textBaseline = 'middle'
  ctx.textAlign = 'left'
  ctx.fillStyle = '#5c6f86'
  ctx.font = `${Math.min(textSize, columnSizes / 30)}px monospace`
  ctx.fillText('now writing', margin, header / 2)
  ctx.fillText('last answer   (… think, ⏎ end)', width / 2 + margin, header / 2)
  ctx.font = `${textSize}px monospace`
  for (let row = 0; row < rows; row++) {
    const base = offset + row * stride
    const y = header + (row + 0.5) * rowHeight
    if (y > height) break
    const a = states[base + A_INDEX]
    const b = states[base + B_INDEX]
    const t = states[base + T_INDEX]
    ctx.fillStyle = '#e8f1f8'
    ctx.fillText(`${a}+${b}= ${completionText(states, base + TOKENS_INDEX, t)}`, margin, y)
    const previousA = states[base + lastA]
    if (previousA !== EMPTY) {
      const previousB = states[base + lastB]
      const right = isCorrect(previousA, previousB, states, base + lastTokens, L)
      ctx.fillStyle = right ? '#81b29a' : '#ef476f'
      ctx.fillText(`${previousA}+${previousB}= ${completionText(states, base + lastTokens, L)} ${right ? '✓' : '✗'}`, width / 2 + margin, y)
    }
  }
}

/** One line for the canvas's accessible label. */
export function describeTokenSeq(states: ArrayLike<number>, offset: number, copies = 1): string {
  const L = states[offset + MAX_LENGTH_INDEX]
  const { stride, lastA, lastB, lastTokens } = tokenSeqLayout(L)
  const prompts = new Set<string>()
  let judged = 0
  let right = 0
  for (let row = 0; row < copies; row++) {
    const base = offset + row * stride
    prompts.add(`${states[base + A_INDEX]} + ${states[base + B_INDEX]}`)
    if (states[base + lastA] !== EMPTY) {
      judged++
      if (isCorrect(states[base + lastA], states[base + lastB], states, base + lastTokens, L)) right++
    }
  }
  const written = completionText(states, offset + TOKENS_INDEX, states[offset + T_INDEX]).replaceAll('…', 'think').replaceAll('⏎', 'end')
  const first = written === '' ? 'nothing yet' : `"${written}"`
  const promptText = prompts.size === 1 ? `prompt ${[...prompts][0]}` : `${prompts.size} prompts`
  const last = judged > 0 ? `; last answers: ${right} of ${judged} correct` : ''
  return `Group of ${copies} completions, ${promptText}; the first has written ${first}${last}`
}
