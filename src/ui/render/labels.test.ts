import { describe, expect, it } from 'vitest'
import { AGENTS_INDEX, EFFORTS_INDEX } from '../../core/envs/coop'
import { K_INDEX, LAST_ARM_INDEX, MEANS_INDEX } from '../../core/envs/bandit'
import { EMPTY, MAX_LENGTH_INDEX, tokenSeqLayout, TOKENS_INDEX } from '../../core/envs/tokenseq'
import { drawBandit } from './bandit'
import { drawCoop } from './coop'
import { drawTokenSeq } from './tokenseq'

/** Text width in this fake context: half the font size per character. */
function measured(text: string, font: string): { width: number } {
  return { width: text.length * parseFloat(font) * 0.5 }
}

/** A 2D context that records every font the drawing sets and measures text as `measured` does (other calls do nothing). */
function fontRecorder() {
  const fonts: string[] = []
  const ctx = new Proxy(
    {},
    {
      get: (_, key) => (key === 'font' ? fonts[fonts.length - 1] : key === 'measureText' ? (text: string) => measured(text, fonts[fonts.length - 1] ?? '10px') : () => undefined),
      set: (_, key, value) => {
        if (key === 'font') fonts.push(String(value))
        return true
      },
    },
  )
  return { ctx: ctx as CanvasRenderingContext2D, fonts }
}

/** A team of four, every effort "some". */
function team(): Float64Array {
  const state = new Float64Array(EFFORTS_INDEX + 4)
  state[AGENTS_INDEX] = 4
  state.fill(1, EFFORTS_INDEX)
  return state
}

describe('canvas labels take the font size the page asks for', () => {
  it('the team view draws its labels at the given size, growing with it (presenter fonts)', () => {
    for (const size of [13, 24, 32]) {
      const { ctx, fonts } = fontRecorder()
      // 800 × 600: height / 9 = 66.7 and a slot of (800 − 2 · 40) / 4 = 180 over 4.2 = 42.9 both leave room
      drawCoop(ctx, team(), 0, 800, 600, 4, size)
      expect(fonts).toEqual([`${size}px sans-serif`])
    }
  })

  it('the team view shrinks its labels only where they would not fit: a canvas 135 px tall gets 135 / 9 = 15 px', () => {
    const { ctx, fonts } = fontRecorder()
    drawCoop(ctx, team(), 0, 800, 135, 4, 24)
    expect(fonts).toEqual(['15px sans-serif'])
  })

  it('the bandit draws its labels at the given size', () => {
    const state = new Float64Array(MEANS_INDEX + 3)
    state[K_INDEX] = 3
    state[LAST_ARM_INDEX] = -1
    const { ctx, fonts } = fontRecorder()
    // 900 × 400: height / 7 = 57, and "no pull yet" (11 × 10 = 110 px wide) fits: 20 as asked (measured once, then drawn)
    drawBandit(ctx, state, 0, 900, 400, 1, 20)
    expect(fonts).toEqual(['20px sans-serif', '20px sans-serif'])
  })

  it('the bandit shrinks its labels so that the heading fits: "no pull yet" is 11 × 20 × 0.5 = 110 px at 20 px, wider than 100 − 2 × 8 = 84 px, so 20 × 84 / 110 = 15.27 px', () => {
    const state = new Float64Array(MEANS_INDEX + 3)
    state[K_INDEX] = 3
    state[LAST_ARM_INDEX] = -1
    const { ctx, fonts } = fontRecorder()
    drawBandit(ctx, state, 0, 100, 400, 1, 20)
    expect(fonts[1]).toBe(`${(20 * 84) / 110}px sans-serif`)
  })

  it('the token task draws its heading and rows at the given size', () => {
    const L = 4
    const { stride, lastA } = tokenSeqLayout(L)
    const state = new Float64Array(stride).fill(EMPTY)
    state[MAX_LENGTH_INDEX] = L
    state.fill(0, 1, TOKENS_INDEX)
    state[lastA] = EMPTY
    const { ctx, fonts } = fontRecorder()
    // 1200 × 600: a column holds (600 − 16) / 0.6 = 973 character widths, room for 973 / 30 = 32 px
    drawTokenSeq(ctx, state, 0, 1200, 600, 1, 20)
    expect(fonts).toEqual(['20px monospace', '20px monospace'])
  })
})
