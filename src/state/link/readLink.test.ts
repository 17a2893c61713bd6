import { describe, expect, it } from 'vitest'
import { Rng } from '../../core/rng'
import { RunConfigSchema } from '../../core/run/config'
import { learnerFits } from '../../core/run/learnerFit'
import { defaultDesign, rewardDesignOf, specOf, type Design } from '../../model/design'
import { designFromSearch, designToSearch } from '../../model/designLink'
import { readLink, type LinkState } from './readLink'
import { compactRewardNow, deflateToBase64url } from './rewardLink'
import { viewsFromText, viewsToText } from './viewCodec'
import { DEFAULT_VIEWS } from './views'
import { classroomToText, CONTROLS } from './classroom'
import { linkNoticeText } from './linkNotice'

const EXTRAS = {
  terms: [{ name: 'near_flag', expression: 'position > 0.4 ? 1 : 0', weight: 0.5 }],
  shaping: [{ potential: 'energy', weight: 100, gamma: 0.99 }],
  bonuses: [],
  transforms: { step: [{ kind: 'clip', lo: -1, hi: 0 }] },
}

/** Good links to garble: designs, views, classroom mode, plain and compressed reward extras. */
async function goodLinks(): Promise<string[]> {
  const mountaincar = designFromSearch(`?env=mountaincar&seed=5&r=${encodeURIComponent(JSON.stringify(EXTRAS))}&w.near_flag=2`).design
  const grid = defaultDesign('gridworld', 3)
  grid.params = { ...grid.params, map: 'cliff' }
  const plain = [
    designToSearch(mountaincar),
    designToSearch(grid, new URLSearchParams({ v: 'curve-compare_x-time_smooth-0.5_adv-timeline_ov-values.policy', c: 'run.weights.overlays', present: '1' })),
    designToSearch(defaultDesign('cartpole', 7), new URLSearchParams({ c: 'env.w-alive.w-failure', v: 'adv-team' })),
    '?env=gridworld&seed=2&l=sarsa&l.alpha=0.2&p.layout=S..%23/...G',
    '?env=coop&v=adv:team,ov:visits+values&c=curveTabs,creditTabs&present=0',
  ]
  const compressed = (await compactRewardNow(new URLSearchParams(designToSearch(mountaincar)))).toString()
  expect(compressed).toContain('rz=')
  return [...plain, `?${compressed}`]
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789.-_=&?%+:,<>"\'{}[]\\/ éΦ\u0000'
const KEYS = ['env', 'seed', 'p.map', 'p.layout', 'p.time_limit', 'w.alive', 'w.goal', 'l', 'l.gamma', 'r', 'rz', 'v', 'c', 'present', 'backend']

function garble(rng: Rng, good: string[]): string {
  const pick = <T,>(items: readonly T[]) => items[rng.int(items.length)]
  const noise = (length: number) => Array.from({ length }, () => pick([...ALPHABET])).join('')
  const base = pick(good)
  switch (rng.int(6)) {
    case 0: // random junk
      return noise(rng.int(200))
    case 1: // a good link cut short
      return base.slice(0, rng.int(base.length + 1))
    case 2: {
      // a good link with characters replaced
      const chars = [...base]
      for (let i = 0, n = 1 + rng.int(6); i < n; i++) chars[rng.int(chars.length)] = pick([...ALPHABET])
      return chars.join('')
    }
    case 3: // known keys with junk values
      return `?${Array.from({ length: 1 + rng.int(6) }, () => `${pick(KEYS)}=${encodeURIComponent(noise(rng.int(40)))}`).join('&')}`
    case 4: {
      // a compressed value with bytes changed or cut
      const rz = new URLSearchParams(pick(good.filter((link) => link.includes('rz=')))).get('rz')!
      const chars = [...rz.slice(0, rng.int(rz.length + 1))]
      for (let i = 0, n = rng.int(4); i < n && chars.length > 0; i++) chars[rng.int(chars.length)] = pick([...'ABCxyz019-_'])
      return `?env=mountaincar&rz=${chars.join('')}`
    }
    default: // two good links spliced
      return base.slice(0, rng.int(base.length)) + pick(good).slice(rng.int(base.length))
  }
}

/** The checks a link's result must pass: the design a good link gives, views and classroom mode as the codecs write them. */
function expectValid(link: LinkState): void {
  const { design, views, classroom, ignored } = link
  const spec = specOf(design)
  expect(learnerFits(design.learner.kind, spec)).toBeNull()
  expect(RunConfigSchema.safeParse({ env: { id: design.envId, params: design.params }, mix: rewardDesignOf(design), learner: design.learner, seed: design.seed }).success).toBe(true)
  // Written back and read again, it is a clean link for the same design.
  const again = designFromSearch(designToSearch(design))
  expect(again.ignored).toEqual([])
  expect(again.design).toEqual(design)
  const viewsAgain: string[] = []
  expect(viewsFromText(viewsToText(views) ?? '', viewsAgain)).toEqual(views)
  expect(viewsAgain).toEqual([])
  const components = spec.components.map((component) => `w-${component.name}`)
  for (const id of classroom.visible ?? []) expect([...CONTROLS.map((control) => control.id), ...components]).toContain(id)
  expect(typeof classroom.presenter).toBe('boolean')
  for (const entry of ignored) expect(typeof entry).toBe('string')
}

describe('reading a whole link', () => {
  it('round-trips design, views and classroom mode, with the reward extras compressed', async () => {
    const design: Design = designFromSearch(`?env=mountaincar&seed=5&r=${encodeURIComponent(JSON.stringify(EXTRAS))}&w.near_flag=2&p.time_limit=300`).design
    const query = await compactRewardNow(new URLSearchParams(designToSearch(design, new URLSearchParams({ v: 'curve-compare_ov-visits', c: classroomToText(['run', 'w-near_flag']), present: '1' }))))
    expect(query.has('r')).toBe(false)
    const link = await readLink(`?${query.toString()}`)
    expect(link.ignored).toEqual([])
    expect(link.design).toEqual(design)
    expect(link.views).toEqual({ ...DEFAULT_VIEWS, curve: 'compare', overlays: { ...DEFAULT_VIEWS.overlays, visits: true } })
    expect(link.classroom).toEqual({ visible: new Set(['run', 'w-near_flag']), presenter: true })
  })

  it('writes one link for one design, whatever order its reward terms’ fields were set in', () => {
    const base = defaultDesign('cliffwalking', 2)
    const a = { ...base, reward: { terms: [], bonuses: [], transforms: {}, shaping: [{ naive: false, gamma: 1, weight: 1, potential: 'distance' as const }] } }
    const b = { ...base, reward: { terms: [], shaping: [{ potential: 'distance' as const, weight: 1, gamma: 1, naive: false }], bonuses: [], transforms: {} } }
    expect(designToSearch(a)).toBe(designToSearch(b))
  })

  it('still reads an old r= link', async () => {
    const link = await readLink(`?env=mountaincar&r=${encodeURIComponent(JSON.stringify(EXTRAS))}`)
    expect(link.ignored).toEqual([])
    expect(link.design.reward.terms[0].name).toBe('near_flag')
  })

  it('names a corrupt or oversized rz and keeps the rest of the link', async () => {
    const corrupt = await readLink('?env=mountaincar&seed=9&rz=AAAA')
    expect(corrupt.design).toEqual(defaultDesign('mountaincar', 9))
    expect(corrupt.ignored).toEqual([expect.stringMatching(/^reward design "rz" \(not valid compressed data/)])
    const bomb = await deflateToBase64url(' '.repeat(1 << 20))
    const refused = await readLink(`?env=cartpole&seed=4&rz=${bomb}`)
    expect(refused.design).toEqual(defaultDesign('cartpole', 4))
    expect(refused.ignored).toEqual(['reward design "rz" (decompresses to more than 65536 bytes)'])
  })

  it('prefers rz over r when a link has both, and says so', async () => {
    const rz = await deflateToBase64url(JSON.stringify(EXTRAS))
    const link = await readLink(`?env=mountaincar&r=%7B%7D&rz=${rz}`)
    expect(link.design.reward.terms).toHaveLength(1)
    expect(link.ignored).toEqual(['reward design "r" (the link also has "rz", which is used)'])
  })

  it('never throws on 3000 garbled, truncated and random links, and always opens a valid design', async () => {
    const good = await goodLinks()
    for (const link of good) {
      const read = await readLink(link)
      expect(read.ignored).toEqual([])
      expectValid(read)
    }
    const rng = new Rng(20261130)
    let withProblems = 0
    for (let i = 0; i < 3000; i++) {
      const search = garble(rng, good)
      let read: LinkState
      try {
        read = await readLink(search)
      } catch (error) {
        throw new Error(`readLink threw on ${JSON.stringify(search)}: ${String(error)}`)
      }
      expectValid(read)
      if (read.ignored.length > 0) withProblems++
    }
    // Most garbled links really are broken, and each break is named.
    expect(withProblems).toBeGreaterThan(1500)
  })

  it('reads a link of a megabyte and 30000 unknown keys, and names it all in a short notice', async () => {
    const unknown = Array.from({ length: 10_000 }, (_, i) => `p.x${i}=1&w.y${i}=1&l.z${i}=1`).join('&')
    const weights = JSON.stringify({ weights: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`${'k'.repeat(1000)}${i}`, 1])) })
    const read = await readLink(`?env=cartpole&seed=&p.time_limit=${'9'.repeat(1_000_000)}&l=ppo&${unknown}&r=${encodeURIComponent(weights)}`)
    expectValid(read)
    expect(read.design.params.time_limit).toBe(500)
    expect(read.ignored).toHaveLength(3 + 30_000)
    const notice = linkNoticeText(read.ignored)
    expect(notice.length).toBeLessThan(3000)
    expect(notice).toMatch(/; and 29995 more\.$/)
    for (const problem of read.ignored) expect(problem.length).toBeLessThan(5000)
  })
})

describe('readLink: a sweep in sweep=', () => {
  it('reads the sweep against the link’s design, and drops a bad one, naming it', async () => {
    const link = await readLink(`?env=cliffwalking&seed=4&l=qlearning&sweep=${encodeURIComponent('w.hazard=10,50;seeds=2;steps=3000')}`)
    expect(link.ignored).toEqual([])
    expect(link.sweep?.axisTexts).toEqual(['w.hazard=10,50'])
    expect(link.sweep?.points.map((point) => point.design.seed)).toEqual([4, 4])
    expect([link.sweep?.seeds, link.sweep?.steps]).toEqual([2, 3000])
    const bad = await readLink('?env=cliffwalking&seed=4&sweep=w.hazard=300;seeds=2;steps=3000')
    expect(bad.sweep).toBeNull()
    expect(bad.ignored).toEqual(['sweep: axis 1 "w.hazard=300": weight of hazard "300" (accepted: a number from 0 to 200)'])
    expect(bad.design.envId).toBe('cliffwalking')
    expect((await readLink('?env=cliffwalking')).sweep).toBeNull()
  })
})
