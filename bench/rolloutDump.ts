import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Rng } from '../src/core/rng'
import { onCleanup } from './cleanup'

/*
 * A made-up verl rollout dump (`trainer.rollout_data_dir`: one `<step>.jsonl` per training step,
 * one JSON line per completion) of the size a real run writes, for timing the Your rollouts panel.
 * Each line: "input" the prompt's text (the same for the group's completions, different for every
 * group of a step: verl groups by step and prompt), "output" the completion's text, "score" and
 * four more numeric components. A few rewards are null, as verl writes one that does not apply.
 * Seeded (src/core/rng.ts): the same options give the same bytes.
 */

export interface RolloutDumpOptions {
  /** The `<step>.jsonl` files, steps 1 … steps. */
  steps: number
  /** Completions per step: a whole number of groups. */
  completionsPerStep: number
  groupSize: number
  /** Each completion's text is this many characters or more, and fewer than outputMaxChars. */
  outputMinChars: number
  outputMaxChars: number
  seed: number
}

/** The size the issue asks for: 50 steps × 2,000 completions in groups of 8, outputs of 1.5–2.7 KB (about 235 MB). */
export const BENCH_DUMP: RolloutDumpOptions = { steps: 50, completionsPerStep: 2000, groupSize: 8, outputMinChars: 1500, outputMaxChars: 2700, seed: 1 }

/** The components after "score", in the order every line gives them. */
export const DUMP_COMPONENTS = ['correct', 'format', 'length_penalty', 'judge'] as const

/** The share of completions whose "judge" is null, and whose "score" is null (verl: the reward does not apply). */
const JUDGE_NULL_SHARE = 0.02
const SCORE_NULL_SHARE = 0.001

const WORDS = ['the', 'answer', 'is', 'so', 'we', 'take', 'step', 'then', 'add', 'both', 'sides', 'of', 'equation', 'therefore', 'let', 'x', 'be', 'sum', 'product', 'check', 'again', 'wait', 'which', 'gives', 'boxed', 'first', 'second', 'number', 'factor', 'divide', 'by', 'two', 'three', 'seven', 'and']

/** Characters of text drawn once and cut into outputs: outputs are slices of it at random places. */
const POOL_CHARS = 1 << 16

/** Every line of step `step`'s file (no trailing newline), drawn from `rng`. */
export function dumpStepLines(step: number, options: RolloutDumpOptions, pool: string, rng: Rng): string[] {
  const { completionsPerStep, groupSize, outputMinChars, outputMaxChars } = options
  const lines: string[] = []
  for (let group = 0; group * groupSize < completionsPerStep; group++) {
    // A group's prompt: its own difficulty p (the chance a completion is correct) and its own text.
    const difficulty = rng.uniform()
    const input = `Problem ${step}.${group + 1}: ${pool.slice(rng.int(POOL_CHARS - 200), POOL_CHARS).slice(0, 60 + rng.int(60))} What is the result?`
    for (let j = 0; j < groupSize; j++) {
      const length = outputMinChars + rng.int(outputMaxChars - outputMinChars)
      const start = rng.int(POOL_CHARS - outputMaxChars)
      const output = pool.slice(start, start + length)
      const correct = rng.uniform() < difficulty ? 1 : 0
      const format = rng.uniform() < 0.8 ? 1 : 0
      // length_penalty = −(L − L_min)/(L_max − L_min): 0 for the shortest output, near −1 for the longest.
      const lengthPenalty = -(length - outputMinChars) / (outputMaxChars - outputMinChars)
      const judge = rng.uniform() < JUDGE_NULL_SHARE ? null : round4(Math.min(1, Math.max(0, 0.6 * correct + 0.2 + 0.15 * rng.normal())))
      // score = correct + 0.5·format + 0.1·length_penalty, the reward the run paid
      const score = rng.uniform() < SCORE_NULL_SHARE ? null : round4(correct + 0.5 * format + 0.1 * lengthPenalty)
      lines.push(JSON.stringify({ input, output, score, step, correct, format, length_penalty: round4(lengthPenalty), judge }))
    }
  }
  return lines
}

/** Text of POOL_CHARS characters: words drawn from WORDS, with a full stop and a line break now and then. */
export function textPool(rng: Rng): string {
  const parts: string[] = []
  let chars = 0
  while (chars < POOL_CHARS) {
    const word = WORDS[rng.int(WORDS.length)]
    const end = rng.uniform() < 0.08 ? (rng.uniform() < 0.3 ? '.\n' : '. ') : ' '
    parts.push(word, end)
    chars += word.length + end.length
  }
  return parts.join('').slice(0, POOL_CHARS)
}

/**
 * Write the dump into a new temporary folder: `<step>.jsonl` for steps 1 … options.steps. Returns
 * the folder, its files' total bytes, and `remove` (also run at the bench's cleanup).
 */
export async function writeRolloutDump(options: RolloutDumpOptions): Promise<{ dir: string; bytes: number; completions: number; remove: () => Promise<void> }> {
  if (options.completionsPerStep % options.groupSize !== 0) throw new Error(`completionsPerStep (${options.completionsPerStep}) must be a whole number of groups of ${options.groupSize}`)
  if (!(options.outputMinChars > 0 && options.outputMaxChars > options.outputMinChars && options.outputMaxChars < POOL_CHARS)) throw new Error(`outputs must be 1 to ${POOL_CHARS - 1} characters, min below max; got ${options.outputMinChars}–${options.outputMaxChars}`)
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reward-playground-rollouts-'))
  const remove = onCleanup(() => rm(dir, { recursive: true, force: true }))
  const rng = new Rng(options.seed)
  const pool = textPool(rng)
  let bytes = 0
  for (let step = 1; step <= options.steps; step++) {
    const text = `${dumpStepLines(step, options, pool, rng).join('\n')}\n`
    const buffer = Buffer.from(text, 'utf8')
    bytes += buffer.byteLength
    await writeFile(path.join(dir, `${step}.jsonl`), buffer)
  }
  return { dir, bytes, completions: options.steps * options.completionsPerStep, remove }
}

function round4(value: number): number {
  return Math.round(value * 1e4) / 1e4
}
