import { TOKEN_FIXED_PROVER_RECIPE } from '../core/envs/tokenseqFixedProverRecipe'
import { MAX_CHECK_SEEDS, MIN_CHECK_SEEDS } from '../lessons/claims'
import { EVIDENCE_FIRST_SEED } from '../lessons/evidenceStaleness'
import { findLesson, LESSON_IDS, LESSONS } from '../lessons/catalogue'
import type { Lesson } from '../lessons/types'
import { MAX_SEED } from '../model/design'
import { setupToJson } from '../model/setupFile'
import { parseFlags, parseNumber } from './args'
import { defaultJobs } from './cores'
import type { StreamingCommand } from './command'
import { checkLesson, type LessonCheckResult } from './lessonCheck'
import { fitLessonModels, LESSON_MODELS_PATH, lessonModelsText, readLessonModelsText, writeLessonModels } from './lessonModels'
import { checkEvidenceDestination, evidenceEntryOf, EVIDENCE_PATH, readEvidenceFile, thisMachine, writeEvidence } from './evidenceWrite'
import { asUsage, UsageError } from './usage'

/*
 * `lessons` lists the catalogue with every lesson's variants and claims; `lesson check` trains the
 * claims over seeds and says whether each holds; `lesson export` prints one variant's setup.
 */

/** The most runs trained at once. */
export const MAX_JOBS = 64

/** `lessons`: every lesson, its variants (index, label) and its claims, as JSON. */
export function lessonsCommand(argv: string[]): string {
  if (argv.length > 0) throw new UsageError(`lessons takes no arguments, got "${argv[0]}"`)
  const lessons = LESSONS.map((lesson) => ({
    id: lesson.id,
    title: lesson.title,
    variants: lesson.variants.map((variant, index) => ({ index, label: variant.label })),
    check: lesson.check ?? null,
  }))
  return JSON.stringify(lessons, null, 2) + '\n'
}

/** `lesson check …` and `lesson export …`. */
export const lessonCommand: StreamingCommand = async (argv, io) => {
  const [action, ...rest] = argv
  if (action === 'export') {
    io.out(lessonExport(rest))
    return 0
  }
  if (action === 'models') return lessonModels(rest, io)
  if (action !== 'check') throw new UsageError(`lesson needs check, export or models, got ${action === undefined ? 'nothing' : `"${action.slice(0, 40)}"`}; accepted: lesson check [ID ...], lesson export ID --variant K, lesson models [--write]`)
  const { lessons, seeds, firstSeed, jobs, jobsNote, json, write } = checkArguments(rest)
  if (jobsNote !== null) io.err(`lesson check: ${jobsNote}\n`)
  // A damaged evidence file, or one that cannot be written, is refused before anything trains, not after minutes of training.
  if (write !== null) {
    checkEvidenceDestination(write)
    asUsage(() => readEvidenceFile(write))
  }
  let holds = true
  for (const lesson of lessons) {
    const result = await checkLesson(lesson, seeds ?? lesson.check!.seeds, firstSeed, jobs, (line) => io.err(`${line}\n`))
    holds &&= result.holds
    io.out(json ? `${JSON.stringify(result)}\n` : describeResult(result))
    // Each lesson as it finishes, so that an interrupted run keeps what it measured; a failed claim is evidence too.
    if (write !== null) {
      writeEvidence(write, { [lesson.id]: evidenceEntryOf(lesson, result, firstSeed, thisMachine(), new Date()) })
      io.err(`${lesson.id}: evidence written to ${write}\n`)
    }
  }
  return holds ? 0 : 1
}

/**
 * `lesson models [--write]`: fit the lessons' reward models from their recipes and train the token
 * task's fixed prover from its own; with --write write src/lessons/rewardModels.json,
 * src/lessons/processRewardModel.json and src/core/envs/tokenseqFixedProver.json. Without it, print
 * the reward models and say of each file whether it is what its recipe gives (exit 1 when one is not).
 */
async function lessonModels(argv: string[], io: Parameters<StreamingCommand>[1]): Promise<number> {
  const write = argv.length === 1 && argv[0] === '--write'
  if (argv.length > 0 && !write) throw new UsageError(`lesson models takes only --write, got "${argv[0].slice(0, 40)}"`)
  const models = await fitLessonModels()
  const { fitLessonProcessModel, lessonProcessModelText, readLessonProcessModelText, writeLessonProcessModel, LESSON_PROCESS_MODEL_PATH } = await import('./lessonProcessModel')
  const processModel = await fitLessonProcessModel()
  const { fitFixedProver, fixedProverSummary, fixedProverText, readFixedProverText, writeFixedProver, FIXED_PROVER_PATH } = await import('./lessonFixedProver')
  const tenth = Math.ceil(TOKEN_FIXED_PROVER_RECIPE.steps / 10)
  let reported = 0
  const prover = await fitFixedProver((envSteps) => {
    if (envSteps < reported + tenth) return
    reported = envSteps
    io.err(`fixed prover: ${envSteps.toLocaleString('en-US')} of ${TOKEN_FIXED_PROVER_RECIPE.steps.toLocaleString('en-US')} steps\n`)
  })
  io.err(`fixed prover: ${fixedProverSummary(prover)}\n`)
  if (write) {
    writeLessonModels(models)
    io.err(`lesson models written to ${LESSON_MODELS_PATH}\n`)
    writeLessonProcessModel(processModel)
    io.err(`lesson process model written to ${LESSON_PROCESS_MODEL_PATH}\n`)
    writeFixedProver(prover)
    io.err(`fixed prover written to ${FIXED_PROVER_PATH}\n`)
    return 0
  }
  io.out(lessonModelsText(models) + lessonProcessModelText(processModel))
  const files: [string, () => string, string][] = [
    [LESSON_MODELS_PATH, readLessonModelsText, lessonModelsText(models)],
    [LESSON_PROCESS_MODEL_PATH, readLessonProcessModelText, lessonProcessModelText(processModel)],
    [FIXED_PROVER_PATH, readFixedProverText, fixedProverText(prover)],
  ]
  let allMatch = true
  for (const [path, read, fresh] of files) {
    const matches = storedText(read) === fresh
    allMatch &&= matches
    io.err(`${path}: ${matches ? 'matches a fresh fit' : 'differs from a fresh fit; run lesson models --write'}\n`)
  }
  return allMatch ? 0 : 1
}

/** A stored file's text, or null when it cannot be read. */
function storedText(read: () => string): string | null {
  try {
    return read()
  } catch {
    return null
  }
}

interface CheckArguments {
  lessons: Lesson[]
  seeds: number | undefined
  firstSeed: number
  jobs: number
  /** Why jobs fell back to 1 (no core count), or null. */
  jobsNote: string | null
  json: boolean
  /** The evidence file to write (--write), or null. */
  write: string | null
}

/** A check's words: lesson ids (neither a flag nor a flag's value), the flags with values, and the switches --json and --write. */
export function checkWords(argv: readonly string[]): { ids: string[]; valued: string[]; json: boolean; write: boolean } {
  const ids: string[] = []
  const valued: string[] = []
  let json = false
  let write = false
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]
    if (word === '--json') json = true
    else if (word === '--write') write = true
    else if (!word.startsWith('--')) ids.push(word)
    else {
      valued.push(word)
      if (!word.includes('=') && i + 1 < argv.length) valued.push(argv[++i])
    }
  }
  return { ids, valued, json, write }
}

function checkArguments(argv: string[]): CheckArguments {
  const { ids, valued, json, write } = checkWords(argv)
  const flags = parseFlags('lesson check', valued, ['seeds', 'first-seed', 'jobs', 'evidence'])
  // One run per core by default, each in a process of its own; --jobs 1 trains here, one run after another.
  const { jobs, note: jobsNote } = flags.has('jobs') ? { jobs: wholeNumber(flags.get('jobs')!, '--jobs', 1, MAX_JOBS), note: null } : defaultJobs(MAX_JOBS)
  const seeds = flags.has('seeds') ? wholeNumber(flags.get('seeds')!, '--seeds', MIN_CHECK_SEEDS, MAX_CHECK_SEEDS) : undefined
  const firstSeed = flags.has('first-seed') ? wholeNumber(flags.get('first-seed')!, '--first-seed', 0, MAX_SEED - MAX_CHECK_SEEDS) : 1
  const named = ids.length > 0 ? ids.map(lessonOf) : LESSONS.filter((lesson) => lesson.check !== undefined)
  const unclaimed = named.filter((lesson) => lesson.check === undefined).map((lesson) => lesson.id)
  if (unclaimed.length > 0) {
    const claimed = LESSONS.filter((lesson) => lesson.check !== undefined).map((lesson) => lesson.id)
    throw new UsageError(`lesson ${unclaimed.join(', ')} has no claims written down yet, so there is nothing to check; lessons with claims: ${claimed.join(', ')}`)
  }
  if (flags.has('evidence') && !write) throw new UsageError('--evidence FILE names where --write puts the evidence; give --write too')
  // The evidence is of the check as declared: its own seeds, from seed 1.
  if (write && firstSeed !== EVIDENCE_FIRST_SEED) throw new UsageError(`--write records the check as declared, from seed ${EVIDENCE_FIRST_SEED}; drop --first-seed ${firstSeed} (or drop --write to try other seeds)`)
  const differing = seeds === undefined ? [] : named.filter((lesson) => lesson.check!.seeds !== seeds)
  if (write && differing.length > 0) throw new UsageError(`--write records the check as declared: ${differing.map((lesson) => `${lesson.id} has ${lesson.check!.seeds} seeds`).join(', ')}; drop --seeds ${seeds} (or drop --write to try other seeds)`)
  const evidence = flags.get('evidence')
  if (evidence !== undefined && evidence.trim() === '') throw new UsageError('--evidence needs a file path')
  return { lessons: named, seeds, firstSeed, jobs, jobsNote, json, write: write ? (evidence ?? EVIDENCE_PATH) : null }
}

/** `lesson export ID --variant K`: the variant's setup, in the schema `train --config` reads. */
function lessonExport(argv: string[]): string {
  const [id, ...rest] = argv
  if (id === undefined || id.startsWith('--')) throw new UsageError(`lesson export needs a lesson id; accepted: ${LESSON_IDS.join(', ')}`)
  const lesson = lessonOf(id)
  const flags = parseFlags('lesson export', rest, ['variant'])
  const text = flags.get('variant')
  if (text === undefined) throw new UsageError(`lesson export needs --variant K, K from 0 to ${lesson.variants.length - 1} (see reward-playground lessons)`)
  const index = wholeNumber(text, '--variant', 0, lesson.variants.length - 1)
  return `${setupToJson(lesson.variants[index].design)}\n`
}

export function lessonOf(id: string): Lesson {
  const lesson = findLesson(id)
  if (!lesson) throw new UsageError(`no lesson "${id.slice(0, 40)}"; accepted: ${LESSON_IDS.join(', ')}`)
  return lesson
}

export function wholeNumber(text: string, flag: string, min: number, max: number): number {
  const value = parseNumber(text, flag)
  if (!Number.isInteger(value) || value < min || value > max) throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got "${text.slice(0, 40)}"`)
  return value
}

/** A lesson's result for people: each variant's figures (mean ± std over the seeds), then each claim and what decided it. */
function describeResult(result: LessonCheckResult): string {
  const lines = [`${result.id} (${result.steps} steps per run, seeds ${result.variants[0].seeds.join(', ')})`]
  for (const variant of result.variants) {
    const figures = Object.entries(variant.figures).flatMap(([name, figure]) => (figure ? [`${name} ${format(figure.mean)} ± ${format(figure.std)} [${figure.values.map(format).join(', ')}]`] : []))
    lines.push(`  variant ${variant.index} ${variant.label}: ${figures.join('; ')}`)
  }
  for (const claim of result.claims) {
    const decided = `mean margin ${format(claim.meanMargin)}, standard error ${format(claim.standardError)}, ${claim.seedsHolding} of ${claim.seeds} seeds`
    lines.push(`  ${claim.holds ? 'holds' : 'FAILS'}: ${claim.claim.text} (${decided}${claim.failure ? `; ${claim.failure}` : ''})`)
  }
  return `${lines.join('\n')}\n`
}

function format(value: number): string {
  return Number.isFinite(value) ? String(Math.round(value * 1000) / 1000) : 'none'
}
