import type { z } from 'zod'
import type { EnvSpec } from '../core/envs/types'
import { LearnerOptionsSchema, type LearnerOptions } from '../core/run/config'
import { learnerOptionsProblems } from '../core/run/learnerFit'

/** What is wrong with one option of a learner: its dotted path and what it must be, in words ("must be at most 1"). */
export interface LearnerProblem {
  path: string
  mustBe: string
}

export type LearnerCheck = { ok: true; learner: LearnerOptions } | { ok: false; problems: LearnerProblem[] }

/** A candidate learner checked as the page takes one: its schema, then what it asks of this environment. */
export function checkLearner(candidate: unknown, spec: EnvSpec): LearnerCheck {
  const parsed = LearnerOptionsSchema.safeParse(candidate)
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), mustBe: mustBeOf(issue) })) }
  // learnerOptionsProblems names its option first: "estimator.k: pass@k's k is 5, …".
  const misfits = learnerOptionsProblems(parsed.data, spec).map((text) => {
    const named = /^([\w.]+): (.*)$/.exec(text)
    return named ? { path: named[1], mustBe: named[2] } : { path: '', mustBe: text }
  })
  return misfits.length > 0 ? { ok: false, problems: misfits } : { ok: true, learner: parsed.data }
}

/**
 * Whether a problem is the field's to show beside it: one at the field's own path, or at an object
 * the field is part of (a refusal of GRPO's progress as a whole belongs beside its prover).
 */
export function problemOfField(problem: LearnerProblem, fieldPath: string): boolean {
  return problem.path === fieldPath || (problem.path !== '' && fieldPath.startsWith(`${problem.path}.`))
}

/** A schema issue in the words of a person, not of the validator: "must be a number", "must be above 0". */
function mustBeOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') return issue.expected === 'int' ? 'must be a whole number' : issue.expected === 'number' ? 'must be a number' : `must be a ${issue.expected}`
  if (issue.code === 'too_small' && issue.origin === 'number') return `must be ${issue.inclusive ? 'at least' : 'above'} ${Number(issue.minimum)}`
  if (issue.code === 'too_big' && issue.origin === 'number') return `must be ${issue.inclusive ? 'at most' : 'below'} ${Number(issue.maximum)}`
  if (issue.code === 'invalid_value') return `must be one of ${issue.values.map(String).join(', ')}`
  return issue.message
}

/**
 * The message beside a field, in its label's words: "Learning rate must be a number, e.g. 0.01";
 * `example` is the value still in use, offered where the text was no number at all.
 */
export function fieldProblemText(label: string, problem: LearnerProblem, example?: string): string {
  const name = label.charAt(0).toUpperCase() + label.slice(1)
  const eg = example !== undefined && example !== '' && /must be a (whole )?number$/.test(problem.mustBe) ? `, e.g. ${example}` : ''
  return /^must /.test(problem.mustBe) ? `${name} ${problem.mustBe}${eg}` : `${name}: ${problem.mustBe}`
}
