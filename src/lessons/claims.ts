import { z } from 'zod'
import { IDENTIFIER, MAX_NAME_LENGTH } from '../core/rewards/designSchema'
import { MONITOR_NAMES } from '../core/monitors/registry'

/*
 * What a lesson claims a student will see, in machine form, so that a command can train it over
 * seeds and say whether it holds (`reward-playground lesson check`). A figure is read at the end
 * of the training budget, as the page's "last 20" readouts show it; the two peak figures also
 * look back over the run, so that a claim can say a curve peaked and fell.
 */

/**
 * The figures a claim can be about, each a mean over the end of the run:
 *   objective              the true objective of the last 20 finished episodes;
 *   shapedReturn           the shaped return Σ_t r_t of the last 20 finished episodes;
 *   contribution           one component's contribution Σ_t w_k·c_k,t over the last 20 finished
 *                          episodes (the claim names the component: `component: 'format'`);
 *   zeroAdvantageFraction  the zero_advantage_fraction diagnostic (the share of an update's
 *                          advantages that are zero) over the last 20 iterations;
 *   signFlipFraction       the sign_flip_fraction diagnostic (the share of an update's completions
 *                          whose advantage sign is opposite to r − V(prompt), V the prompt's exact
 *                          expected reward; GRPO on the bandit) over the last 20 iterations that reported it;
 *   episodeLength          the length (steps; tokens on the token task) of the last 20 finished episodes;
 *   peakObjective          the highest objective figure (last 20 episodes) read after any iteration of the run;
 *   objectiveFallFromPeak  peakObjective − the objective at the end: how far the objective fell from its best;
 *   goldPeakSqrtKl         √KL(π‖π_ref) per completion where the objective peaked: the GRPO family's kl
 *                          diagnostic (the mean k3 per token) times the mean completion length, of the
 *                          iteration whose completions' mean objective was the run's highest (the first such).
 * and three that need no training, read from best-of-n against the variant's own reward on the token
 * task (core/run/bestOfN.ts), from the start policy of the seed, BEST_OF_N_CHECK's prompts and ns:
 *   bestOfNGoldFall        the gold's fall from its peak over n to the largest n;
 *   bestOfNProxyRise       the proxy's (the design's reward's) climb from the gold's peak to the largest n;
 *   bestOfNPeakSqrtKl      √KL(best-of-n ‖ π) = √(log n − (n − 1)/n) at the n where the gold peaks.
 * and two read from the run's hacking monitors:
 *   monitorFired           1 where a hacking monitor (core/monitors/, the claim names it: `monitor:
 *                          'length-drift'`) fired anywhere in the run, 0 where it stayed quiet;
 *   monitorLead            the env steps by which that monitor's first firing came before the gold
 *                          turned (core/monitors/goldTurned.ts): T − F, T the turn's env steps and F
 *                          the firing's; negative when it fired late; a monitor that never fired
 *                          counts as firing at the run's last frame (F = its env steps E ≥ T).
 * Both monitor figures read the run cut into the frames `monitor check` scores and the monitors and
 * the gold's turn with their defaults, as the page's Monitors panel does (claimFigures.ts); a run
 * has no monitorLead where the gold never turned, and neither where the monitor cannot measure it.
 */
export const CLAIM_FIGURES = [
  'objective',
  'shapedReturn',
  'contribution',
  'zeroAdvantageFraction',
  'signFlipFraction',
  'episodeLength',
  'peakObjective',
  'objectiveFallFromPeak',
  'goldPeakSqrtKl',
  'bestOfNGoldFall',
  'bestOfNProxyRise',
  'bestOfNPeakSqrtKl',
  'monitorFired',
  'monitorLead',
] as const
export type ClaimFigure = (typeof CLAIM_FIGURES)[number]

/** Whether a figure is read from the learner's updates (a diagnostic over the last 20 iterations) rather than from finished episodes. */
export function isUpdateFigure(figure: ClaimFigure): boolean {
  return figure === 'zeroAdvantageFraction' || figure === 'signFlipFraction'
}

/** The best-of-n figures: read from best-of-n's draws of the variant's design, not from its run. */
export const BEST_OF_N_FIGURES = ['bestOfNGoldFall', 'bestOfNProxyRise', 'bestOfNPeakSqrtKl'] as const satisfies readonly ClaimFigure[]
export type BestOfNFigure = (typeof BEST_OF_N_FIGURES)[number]

export function isBestOfNFigure(figure: string): figure is BestOfNFigure {
  return (BEST_OF_N_FIGURES as readonly string[]).includes(figure)
}

/** The best-of-n a check measures: prompts per seed and the ns, powers of two up to largestN (the largest n's draws serve every n). */
export const BEST_OF_N_CHECK = { prompts: 256, largestN: 1024 } as const

/** Whether a figure is a hacking monitor's verdict on the run (the claim names the monitor). */
export function isMonitorFigure(figure: ClaimFigure): figure is 'monitorFired' | 'monitorLead' {
  return figure === 'monitorFired' || figure === 'monitorLead'
}

const finite = z.number().refine(Number.isFinite, 'must be a finite number')
const variantIndex = z.number().int().min(0)

/**
 * How a variant's figure relates to a bound or to another variant's figure:
 *   atLeast / atMost  a fixed value, inclusive (steps to goal ≤ 150);
 *   above / below     another variant of the lesson, strictly (SARSA's return above Q-learning's).
 */
export const RelationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('atLeast'), value: finite }),
  z.object({ kind: z.literal('atMost'), value: finite }),
  z.object({ kind: z.literal('above'), variant: variantIndex }),
  z.object({ kind: z.literal('below'), variant: variantIndex }),
])
export type Relation = z.infer<typeof RelationSchema>

export const ClaimSchema = z
  .object({
    /** The claim in the words a student reads. */
    text: z.string().min(1).max(300),
    figure: z.enum(CLAIM_FIGURES, { error: `expected a figure: ${CLAIM_FIGURES.join(', ')}` }),
    /** With figure 'contribution' only: the component whose contribution it is (its name in the variants' spec). */
    component: z
      .string()
      .max(MAX_NAME_LENGTH)
      .regex(IDENTIFIER, { error: 'expected a component name: letters, digits and _ (e.g. format)' })
      .optional(),
    /** With figure 'monitorFired' or 'monitorLead' only: the monitor (its kebab-case name in core/monitors/registry.ts). */
    monitor: z.enum(MONITOR_NAMES as [string, ...string[]], { error: `expected a monitor: ${MONITOR_NAMES.join(', ')}` }).optional(),
    /** The variant the claim is about (index into the lesson's variants). */
    variant: variantIndex,
    relation: RelationSchema,
  })
  .superRefine((claim, context) => {
    if (claim.figure === 'contribution' && claim.component === undefined) context.addIssue({ code: 'custom', path: ['component'], message: "a contribution claim names its component (component: 'format')" })
    if (claim.figure !== 'contribution' && claim.component !== undefined) context.addIssue({ code: 'custom', path: ['component'], message: `only a contribution claim names a component, not a ${claim.figure} claim` })
    if (isMonitorFigure(claim.figure) && claim.monitor === undefined) context.addIssue({ code: 'custom', path: ['monitor'], message: `a ${claim.figure} claim names its monitor (monitor: 'length-drift'); accepted: ${MONITOR_NAMES.join(', ')}` })
    if (!isMonitorFigure(claim.figure) && claim.monitor !== undefined) context.addIssue({ code: 'custom', path: ['monitor'], message: `only a monitorFired or monitorLead claim names a monitor, not a ${claim.figure} claim` })
  })
export type Claim = z.infer<typeof ClaimSchema>

/** The most seeds a check trains per variant; the fewest that can tell an effect from a lucky seed. */
export const MAX_CHECK_SEEDS = 50
export const MIN_CHECK_SEEDS = 2

export const LessonCheckSchema = z.object({
  /** Environment steps every variant trains for (whole iterations: a run may overshoot by one). */
  steps: z.number().int().min(1).max(10_000_000),
  /** Seeds per variant by default (the check's --seeds overrides). */
  seeds: z.number().int().min(MIN_CHECK_SEEDS).max(MAX_CHECK_SEEDS),
  claims: z.array(ClaimSchema).min(1),
})
export type LessonCheck = z.infer<typeof LessonCheckSchema>

/** Problems of a lesson's check against its variants: a claim naming a variant it does not have. */
export function checkProblems(check: LessonCheck, variants: number): string[] {
  const problems: string[] = []
  check.claims.forEach((claim, index) => {
    const named = [claim.variant, ...('variant' in claim.relation ? [claim.relation.variant] : [])]
    for (const variant of named) if (variant >= variants) problems.push(`claims[${index}]: variant ${variant} does not exist (the lesson has ${variants})`)
    if ('variant' in claim.relation && claim.relation.variant === claim.variant) problems.push(`claims[${index}]: compares variant ${claim.variant} with itself`)
  })
  return problems
}

/** The variants a check's claims name (the one each claim is about and any it compares with), ascending. */
export function namedVariants(check: LessonCheck): number[] {
  return [...new Set(check.claims.flatMap((claim) => [claim.variant, ...('variant' in claim.relation ? [claim.relation.variant] : [])]))].sort((a, b) => a - b)
}
