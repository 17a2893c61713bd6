import { describe, expect, it } from 'vitest'
import { LESSONS } from './catalogue'
import { ClaimSchema, LessonCheckSchema, type Claim } from './claims'
import { componentProblems, figureIdOf, figureOf, FIGURE_ID, goldPeakSqrtKl, recordedFigures, type RecentFigures } from './claimFigures'

const coin = LESSONS.find((lesson) => lesson.id === 'coin-loop')!
const claim = (figure: string, extra: Record<string, unknown> = {}): Claim => ClaimSchema.parse({ text: 'a', figure, variant: 0, relation: { kind: 'atLeast', value: 0 }, ...extra })
const checkOf = (...claims: Claim[]) => LessonCheckSchema.parse({ steps: 10, seeds: 2, claims })

describe('claim figures', () => {
  it('reads a monitor’s figures from its verdict against the gold’s turn', () => {
    const base = { recentObjective: 0, recentReturn: 0, recentContributions: null, recentZeroAdvantageFraction: null }
    const why = 'w'
    // The gold turned at 50,000 steps; the run's last frame ends at 150,000.
    const recent: RecentFigures = {
      ...base,
      monitors: {
        lastEnvSteps: 150_000,
        verdicts: {
          goldTurned: { frame: 32, envSteps: 50_000, peak: 0.2, value: 0.1 },
          monitors: {
            'length-drift': { kind: 'fired', frame: 27, envSteps: 42_000, why, outcome: 'hit', lead: 8000 },
            'kl-growth': { kind: 'fired', frame: 40, envSteps: 61_000, why, outcome: 'late', lead: null },
            'entropy-collapse': { kind: 'quiet', why, outcome: 'miss', lead: null },
            'credit-dominance': { kind: 'unmeasurable', why, outcome: 'unmeasurable', lead: null },
          },
        },
      },
    }
    expect(claim('monitorLead', { monitor: 'length-drift' })).toMatchObject({ monitor: 'length-drift' })
    expect(figureIdOf(claim('monitorLead', { monitor: 'length-drift' }))).toBe('monitorLead:length-drift')
    expect(figureIdOf(claim('monitorFired', { monitor: 'kl-growth' }))).toBe('monitorFired:kl-growth')
    expect(FIGURE_ID.test('monitorLead:length-drift') && FIGURE_ID.test('monitorFired:kl-growth')).toBe(true)
    // A hit: 50,000 − 42,000 = 8,000 steps ahead, as score.ts counts its lead.
    expect(figureOf(recent, 'monitorLead:length-drift')).toBe(8000)
    expect(figureOf(recent, 'monitorFired:length-drift')).toBe(1)
    // Late: 50,000 − 61,000 = −11,000.
    expect(figureOf(recent, 'monitorLead:kl-growth')).toBe(-11_000)
    // Never fired: counted as firing at the last frame, 50,000 − 150,000 = −100,000; it fired 0.
    expect(figureOf(recent, 'monitorLead:entropy-collapse')).toBe(-100_000)
    expect(figureOf(recent, 'monitorFired:entropy-collapse')).toBe(0)
    // Not measurable, not in the verdicts, or no verdicts kept: no figure.
    expect(figureOf(recent, 'monitorFired:credit-dominance')).toBeNull()
    expect(figureOf(recent, 'monitorLead:credit-dominance')).toBeNull()
    expect(figureOf(recent, 'monitorFired:proxy-divergence')).toBeNull()
    expect(figureOf(base, 'monitorFired:length-drift')).toBeNull()
    // The gold never turned: whether it fired is still a figure, its lead is not.
    const unturned: RecentFigures = { ...recent, monitors: { ...recent.monitors!, verdicts: { ...recent.monitors!.verdicts, goldTurned: null } } }
    expect(figureOf(unturned, 'monitorLead:length-drift')).toBeNull()
    expect(figureOf(unturned, 'monitorFired:length-drift')).toBe(1)
  })

  it('refuses a monitor figure without a known monitor, and a monitor on any other figure', () => {
    const parse = (extra: Record<string, unknown>) => ClaimSchema.safeParse({ text: 'a', variant: 0, relation: { kind: 'atLeast', value: 0 }, ...extra })
    const messages = (extra: Record<string, unknown>) => {
      const parsed = parse(extra)
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)
    }
    expect(messages({ figure: 'monitorLead' })[0]).toMatch(/^a monitorLead claim names its monitor \(monitor: 'length-drift'\); accepted: kl-growth, /)
    expect(messages({ figure: 'monitorFired', monitor: 'length' })[0]).toMatch(/^expected a monitor: kl-growth, entropy-collapse, length-drift, /)
    expect(messages({ figure: 'objective', monitor: 'length-drift' })).toEqual(['only a monitorFired or monitorLead claim names a monitor, not a objective claim'])
    expect(parse({ figure: 'monitorFired', monitor: 'reward-length-correlation' }).success).toBe(true)
  })

  it('gives every figure an id: the figure, or contribution:<component>', () => {
    expect(figureIdOf(claim('objective'))).toBe('objective')
    expect(figureIdOf(claim('shapedReturn'))).toBe('shapedReturn')
    expect(figureIdOf(claim('zeroAdvantageFraction'))).toBe('zeroAdvantageFraction')
    expect(figureIdOf(claim('signFlipFraction'))).toBe('signFlipFraction')
    expect(figureIdOf(claim('contribution', { component: 'format' }))).toBe('contribution:format')
  })

  it('records objective and shapedReturn always, then the claims’ other figures once each, in their order', () => {
    expect(recordedFigures(checkOf(claim('objective')))).toEqual(['objective', 'shapedReturn'])
    const check = checkOf(claim('contribution', { component: 'coin' }), claim('zeroAdvantageFraction'), claim('contribution', { component: 'coin' }), claim('contribution', { component: 'goal' }))
    expect(recordedFigures(check)).toEqual(['objective', 'shapedReturn', 'contribution:coin', 'zeroAdvantageFraction', 'contribution:goal'])
  })

  it('reads each figure from a run’s recent figures, null where the run has none', () => {
    const recent = { recentObjective: 0.5, recentReturn: 40, recentContributions: { coin: 12, goal: 1 }, recentZeroAdvantageFraction: 0.25 }
    expect(figureOf(recent, 'objective')).toBe(0.5)
    expect(figureOf(recent, 'shapedReturn')).toBe(40)
    expect(figureOf(recent, 'contribution:coin')).toBe(12)
    expect(figureOf(recent, 'zeroAdvantageFraction')).toBe(0.25)
    expect(figureOf(recent, 'contribution:format')).toBeNull()
    // A name an object has by inheritance is no component.
    expect(figureOf(recent, 'contribution:toString')).toBeNull()
    expect(figureOf({ ...recent, recentContributions: null, recentZeroAdvantageFraction: null }, 'contribution:coin')).toBeNull()
    expect(figureOf({ ...recent, recentZeroAdvantageFraction: null }, 'zeroAdvantageFraction')).toBeNull()
  })

  it('reads the sign-flip fraction apart from the zero-advantage fraction; none for a run without it or recorded before it was kept', () => {
    const recent = { recentObjective: 0.5, recentReturn: 40, recentContributions: null, recentZeroAdvantageFraction: 0.25, recentSignFlipFraction: 0.125 }
    expect(figureOf(recent, 'signFlipFraction')).toBe(0.125)
    expect(figureOf(recent, 'zeroAdvantageFraction')).toBe(0.25)
    expect(figureOf({ ...recent, recentSignFlipFraction: null }, 'signFlipFraction')).toBeNull()
    const { recentSignFlipFraction: _, ...older } = recent
    expect(figureOf(older, 'signFlipFraction')).toBeNull()
  })

  it('reads the peak and the fall from it: peak 0.75, objective at the end 0.5, so a fall of 0.25; none for a run recorded without a peak', () => {
    const recent = { recentObjective: 0.5, recentReturn: 40, recentContributions: null, recentZeroAdvantageFraction: null, peakObjective: 0.75 }
    expect(figureIdOf(claim('peakObjective'))).toBe('peakObjective')
    expect(figureIdOf(claim('objectiveFallFromPeak'))).toBe('objectiveFallFromPeak')
    expect(figureOf(recent, 'peakObjective')).toBe(0.75)
    expect(figureOf(recent, 'objectiveFallFromPeak')).toBe(0.25)
    // A run that ends at its best has fallen by 0, and a negative objective falls from its highest: −3 − (−4.5) = 1.5.
    expect(figureOf({ ...recent, peakObjective: 0.5 }, 'objectiveFallFromPeak')).toBe(0)
    expect(figureOf({ ...recent, recentObjective: -4.5, peakObjective: -3 }, 'objectiveFallFromPeak')).toBe(1.5)
    const { peakObjective: _, ...older } = recent
    expect(figureOf(older, 'peakObjective')).toBeNull()
    expect(figureOf(older, 'objectiveFallFromPeak')).toBeNull()
    expect(figureOf({ ...recent, recentObjective: null, peakObjective: null }, 'objectiveFallFromPeak')).toBeNull()
  })
})

describe('goldPeakSqrtKl and the best-of-n figures', () => {
  it('reads √(kl · length) of the iteration whose objective is highest, the first on a tie', () => {
    // objectives 0.1, 0.3, 0.3: the second iteration peaks first; kl 0.5 per token × length 8 = 4 per completion, √4 = 2
    const iterations = [
      { objective: 0.1, length: 6, diagnostics: { kl: 0.01 } },
      { objective: 0.3, length: 8, diagnostics: { kl: 0.5 } },
      { objective: 0.3, length: 8, diagnostics: { kl: 2 } },
    ]
    expect(goldPeakSqrtKl(iterations)).toBe(2)
    expect(figureOf({ recentObjective: 0, recentReturn: 0, recentContributions: null, recentZeroAdvantageFraction: null, goldPeakSqrtKl: 2 }, 'goldPeakSqrtKl')).toBe(2)
  })

  it('skips iterations without an objective or a kl, and has none when no iteration has both', () => {
    expect(goldPeakSqrtKl([{ objective: 0.9, length: 4, diagnostics: {} }, { objective: null, length: null, diagnostics: { kl: 1 } }])).toBeNull()
    // only the second counts: kl 0.25 × length 4 = 1, √1 = 1
    expect(goldPeakSqrtKl([{ objective: 0.9, length: 4, diagnostics: {} }, { objective: 0.2, length: 4, diagnostics: { kl: 0.25 } }])).toBe(1)
  })

  it('reads the best-of-n figures from best-of-n’s peak, none for a run measured without it', () => {
    const recent = { recentObjective: 0, recentReturn: 0, recentContributions: null, recentZeroAdvantageFraction: null }
    const bestOfN = { peakN: 256, peakGold: 0.75, peakSqrtKl: 2.13, goldFall: 0.2, proxyRise: 0.13 }
    expect(figureOf({ ...recent, bestOfN }, 'bestOfNGoldFall')).toBe(0.2)
    expect(figureOf({ ...recent, bestOfN }, 'bestOfNProxyRise')).toBe(0.13)
    expect(figureOf({ ...recent, bestOfN }, 'bestOfNPeakSqrtKl')).toBe(2.13)
    expect(figureOf(recent, 'bestOfNGoldFall')).toBeNull()
    expect(figureOf(recent, 'goldPeakSqrtKl')).toBeNull()
  })
})

describe('a claim’s figure in the schema', () => {
  it('accepts a contribution claim that names its component, and the zero-advantage fraction', () => {
    expect(claim('contribution', { component: 'format' })).toMatchObject({ figure: 'contribution', component: 'format' })
    expect(claim('zeroAdvantageFraction')).not.toHaveProperty('component')
  })

  it.each([
    [{ figure: 'contribution' }, 'component', "a contribution claim names its component (component: 'format')"],
    [{ figure: 'objective', component: 'coin' }, 'component', 'only a contribution claim names a component, not a objective claim'],
    [{ figure: 'contribution', component: 'not a name' }, 'component', 'expected a component name: letters, digits and _ (e.g. format)'],
    [{ figure: 'advantage' }, 'figure', 'expected a figure: objective, shapedReturn, contribution, zeroAdvantageFraction, signFlipFraction, episodeLength, peakObjective, objectiveFallFromPeak, goldPeakSqrtKl, bestOfNGoldFall, bestOfNProxyRise, bestOfNPeakSqrtKl, monitorFired, monitorLead'],
  ])('refuses %j with one message', (figure, path, message) => {
    const parsed = ClaimSchema.safeParse({ text: 'a', variant: 0, relation: { kind: 'atLeast', value: 0 }, ...figure })
    expect(parsed.success).toBe(false)
    expect(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([[path, message]])
  })
})

describe('componentProblems', () => {
  it('passes a contribution claim whose component every variant it names has', () => {
    expect(componentProblems(checkOf(claim('contribution', { component: 'coin', variant: 1, relation: { kind: 'above', variant: 0 } })), coin.variants)).toEqual([])
  })

  it('names, in one line per variant, a component a named variant does not have, and the ones it has', () => {
    const problems = componentProblems(checkOf(claim('objective'), claim('contribution', { component: 'format', variant: 1 })), coin.variants)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^claims\[1\]: variant 1 \(Coin worth 10\) has no component "format"; accepted: step, hazard, goal, progress, coin/)
  })
})
