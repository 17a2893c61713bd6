// The lesson checker's smoke for `npm test`: `lesson check coin-loop --jobs 1 --json` (tabular
// Q-learning, pure JS, deterministic, about two seconds) must exit 0 and print one JSON object of
// the shape the evidence writer reads. Returns the problems found, [] when it passes.
import { spawnSync } from 'node:child_process'

export const SMOKE_LESSON = 'coin-loop'

const isNumberOrNull = (value) => value === null || typeof value === 'number'

/** What is wrong with one lesson's --json result, in words ([] when nothing). */
export function resultProblems(result) {
  const problems = []
  if (result?.id !== SMOKE_LESSON) problems.push(`id is ${JSON.stringify(result?.id)}, not "${SMOKE_LESSON}"`)
  if (!Number.isInteger(result?.steps) || result.steps <= 0) problems.push('steps is not a positive whole number')
  if (!Array.isArray(result?.variants) || result.variants.length === 0) problems.push('variants is not a non-empty list')
  else
    for (const variant of result.variants)
      for (const figure of ['objective', 'shapedReturn']) {
        const entry = variant?.figures?.[figure]
        if (!entry || !isNumberOrNull(entry.mean) || !isNumberOrNull(entry.std) || !Array.isArray(entry.values) || entry.values.length !== variant.seeds?.length) problems.push(`variant ${variant?.index}: ${figure} lacks mean, std or one value per seed`)
      }
  if (!Array.isArray(result?.claims) || result.claims.length === 0) problems.push('claims is not a non-empty list')
  else if (!result.claims.every((claim) => typeof claim.holds === 'boolean' && typeof claim.meanMargin === 'number' && typeof claim.standardError === 'number' && Number.isInteger(claim.seedsHolding))) problems.push('a claim lacks holds, meanMargin, standardError or seedsHolding')
  if (result?.holds !== true) problems.push('not every claim held')
  return problems
}

/** Run the smoke; returns its problems and how long it took. */
export function lessonSmoke() {
  const started = Date.now()
  const run = spawnSync('npx', ['tsx', 'src/cli/main.ts', 'lesson', 'check', SMOKE_LESSON, '--jobs', '1', '--json'], { encoding: 'utf8' })
  const seconds = (Date.now() - started) / 1000
  if (run.status !== 0) return { problems: [`exit status ${run.status}: ${(run.stderr ?? '').trim().split('\n').at(-1)}`], seconds }
  let result
  try {
    result = JSON.parse(run.stdout)
  } catch {
    return { problems: ['its output is not one JSON object'], seconds }
  }
  return { problems: resultProblems(result), seconds }
}
