import { describe, expect, it } from 'vitest'
import { compactRewardNow, deflateToBase64url, inflateFromBase64url, MAX_INFLATED_BYTES } from './rewardLink'

const EXTRAS = JSON.stringify({
  terms: [{ name: 'near_flag', expression: 'position > 0.4 ? 1 : 0', weight: 0.5 }],
  shaping: [{ potential: 'energy', weight: 100, gamma: 0.99 }],
  bonuses: [{ kind: 'count_global', beta: 0.1 }],
  transforms: { step: [{ kind: 'clip', lo: -1, hi: 0 }, { kind: 'normalize' }] },
})

describe('compressed reward design in a link', () => {
  it('round-trips text through DEFLATE and base64url', async () => {
    const code = await deflateToBase64url(EXTRAS)
    expect(code).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(await inflateFromBase64url(code)).toEqual({ ok: true, text: EXTRAS })
  })

  it('makes a real design’s link shorter than its r= JSON', async () => {
    const query = await compactRewardNow(new URLSearchParams({ env: 'mountaincar', r: EXTRAS }))
    expect(query.has('r')).toBe(false)
    // 467 characters as r= (the JSON percent-encoded), about 245 as rz=.
    expect(query.get('rz')!.length).toBeLessThan(0.6 * new URLSearchParams({ r: EXTRAS }).toString().length)
  })

  it('keeps a short r= as it is (more readable, no longer)', async () => {
    const short = '{}'
    const query = await compactRewardNow(new URLSearchParams({ r: short }))
    expect(query.get('r')).toBe(short)
    expect(query.has('rz')).toBe(false)
  })

  it('refuses a bomb: a value that inflates past the limit is not inflated further', async () => {
    const bomb = await deflateToBase64url('0'.repeat(20 * MAX_INFLATED_BYTES))
    expect(bomb.length).toBeLessThan(4000)
    expect(await inflateFromBase64url(bomb)).toEqual({ ok: false, problem: `decompresses to more than ${MAX_INFLATED_BYTES} bytes` })
    // Exactly at the limit is still accepted.
    const full = await deflateToBase64url('0'.repeat(MAX_INFLATED_BYTES))
    expect((await inflateFromBase64url(full)).ok).toBe(true)
  })

  it('names what is wrong with a corrupt value and never throws', async () => {
    const code = await deflateToBase64url(EXTRAS)
    expect(await inflateFromBase64url('not base64!')).toEqual({ ok: false, problem: 'not base64url (accepted: letters, digits, - and _)' })
    expect(await inflateFromBase64url('A')).toEqual({ ok: false, problem: 'not base64url (accepted: letters, digits, - and _)' })
    const cut = await inflateFromBase64url(code.slice(0, code.length >> 1))
    expect(cut.ok).toBe(false)
    expect(cut.ok ? '' : cut.problem).toMatch(/^not valid compressed data/)
    expect((await inflateFromBase64url('____')).ok).toBe(false)
    expect(await inflateFromBase64url('x'.repeat(40_000))).toEqual({ ok: false, problem: 'longer than 32768 characters' })
  })

  it('refuses bytes that are not UTF-8 once inflated', async () => {
    const stream = new Blob([new Uint8Array([0xff, 0xfe, 0x80])]).stream().pipeThrough(new CompressionStream('deflate-raw'))
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer())
    const code = btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
    expect(await inflateFromBase64url(code)).toEqual({ ok: false, problem: 'not UTF-8 text once decompressed' })
  })
})
