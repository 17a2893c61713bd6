import { closeSync, readSync } from 'node:fs'
import { StringDecoder } from 'node:string_decoder'
import { errorMessage } from '../core/errorMessage'
import { BradleyTerryFitError } from '../core/preferences/fitError'
import { LENGTH_FEATURE } from '../core/preferences/lengthDecorrelatedFit'
import { truncate } from '../core/truncate'
import type { GoldPairs } from '../core/preferences/goldPairs'
import { MAX_ENSEMBLE_MEMBERS, MAX_PAIR_LINE_LENGTH, MAX_PAIRS_FILE_BYTES, MAX_PAIRS_FILE_SIZE } from '../core/preferences/limits'
import { PairsCollector } from '../core/preferences/pairsFile'
import type { ModelAccuracy, PairAccuracy } from '../core/preferences/rewardModelAccuracy'
import type { RewardModelFit, RewardModelFitOptions } from '../learn/rewardModelFit'
import { parseFlags } from './args'
import { holdoutFlag, l2Flag, wholeNumberFlag } from './fitFlags'
import type { StreamingCommand } from './command'
import { withoutBom } from './bounded-read'
import { readFailure } from './file-errors'
import { sourceName } from './input-file'
import { openRegular } from './regular-file'
import { UsageError } from './usage'
import { MAX_SEED } from '../core/rng'

/*
 * `reward-model fit --pairs FILE`: a reward model fitted to a JSONL file of labelled pairs (as
 * `preferences` writes it), judged on a held-out part (learn/rewardModelFit.ts), printed as one
 * JSON object: the model, enough to score a completion's features again, and each member's and
 * the ensemble's accuracies.
 */

const FLAGS = ['pairs', 'model', 'ensemble', 'holdout', 'l2', 'seed', 'decorrelate']
const SUBCOMMANDS = ['fit']
const MODELS = ['linear', 'mlp'] as const
const DEFAULTS = { model: 'linear', ensemble: 1, holdout: 0.2, l2: 1, seed: 1 } as const
/** Bytes read from the file at a time. */
const CHUNK_BYTES = 1 << 16

export const rewardModelCommand: StreamingCommand = async (argv, io) => {
  const [subcommand, ...rest] = argv
  if (subcommand === undefined || !SUBCOMMANDS.includes(subcommand)) {
    throw new UsageError(`reward-model needs a subcommand${subcommand === undefined ? '' : `, not "${subcommand}"`}; accepted: ${SUBCOMMANDS.join(', ')}`)
  }
  // --process stands alone (a switch): the fit on step labels has flags of its own.
  if (rest.some((word) => word === '--process' || word.startsWith('--process='))) {
    if (!rest.includes('--process')) throw new UsageError('flag --process is a switch and takes no value')
    if (rest.filter((word) => word === '--process').length > 1) throw new UsageError('flag --process given twice')
    const { processFitCommand } = await import('./processFitCommand')
    return processFitCommand(rest.filter((word) => word !== '--process'), io)
  }
  const flags = parseFlags('reward-model fit', rest, FLAGS)
  const path = flags.get('pairs')
  if (path === undefined) throw new UsageError('reward-model fit needs --pairs FILE: labelled pairs as JSONL, one pair a line, as preferences writes them (- for stdin)')
  const options = fitOptions(flags)
  const where = `--pairs ${sourceName(path)}`
  const collector = new PairsCollector()
  if (path === '-') readLines(io.readStdin(), collector, where)
  else readPairsFile(path, collector, where)
  let read: { featureNames: string[]; pairs: GoldPairs }
  try {
    read = collector.result()
  } catch (error) {
    throw new UsageError(`${where} ${errorMessage(error)}`)
  }
  // Segment pairs (and any file without a length) have nothing for a length head to absorb.
  if (options.decorrelateLength === true && !read.featureNames.includes(LENGTH_FEATURE)) {
    throw new UsageError(`--decorrelate ${LENGTH_FEATURE} needs pairs with a feature named "${LENGTH_FEATURE}" (the token task's); ${where} has ${read.featureNames.join(', ')}`)
  }

  if (options.kind === 'mlp') {
    const { initBackend } = await import('../learn/backend')
    await initBackend('wasm')
  }
  const { fitRewardModel, MemberFitError } = await import('../learn/rewardModelFit')
  let fit: RewardModelFit
  try {
    fit = await fitRewardModel(read.pairs, read.featureNames, options)
  } catch (error) {
    // A member that cannot be fitted says something about the pairs (or the penalty chosen for them).
    if (!(error instanceof MemberFitError)) throw error
    const advice = error.cause instanceof BradleyTerryFitError ? `; ${remedy(error.cause, options.l2)}` : ''
    throw new UsageError(`${where}: ${error.message}${advice}`)
  }
  // JSON would print an overflowed number as null, which means "none" here: refuse instead.
  const line = JSON.stringify(fitReport(fit, read.pairs.count, options), (_key, value: unknown) => {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new UsageError(`${where}: a number of the fit came out as ${value}: the features are too large to compute with; rescale them`)
    return value
  })
  io.out(`${line}\n`)
  return 0
}

/** What the user can do about a linear fit that has no answer. */
function remedy(error: BradleyTerryFitError, l2: number): string {
  switch (error.failure) {
    case 'separable':
    case 'undetermined':
    case 'undecided':
      return 'give --l2 > 0 (the default is 1)'
    case 'singular':
      return `give a larger --l2 than ${l2}`
    case 'overflow':
      return 'rescale the features'
    case 'stalled':
      return 'rescale the features or give a larger --l2'
  }
}

function fitOptions(flags: Map<string, string>): RewardModelFitOptions {
  const kind = flags.get('model') ?? DEFAULTS.model
  if (!(MODELS as readonly string[]).includes(kind)) throw new UsageError(`unknown --model "${kind}"; accepted: ${MODELS.join(', ')}`)
  const ensemble = wholeNumberFlag(flags, 'ensemble', 1, MAX_ENSEMBLE_MEMBERS) ?? DEFAULTS.ensemble
  const holdout = holdoutFlag(flags, DEFAULTS.holdout)
  const l2 = l2Flag(flags, DEFAULTS.l2)
  const seed = wholeNumberFlag(flags, 'seed', 0, MAX_SEED) ?? DEFAULTS.seed
  const decorrelate = flags.get('decorrelate')
  if (decorrelate !== undefined && decorrelate !== LENGTH_FEATURE) throw new UsageError(`unknown --decorrelate "${truncate(decorrelate)}"; accepted: ${LENGTH_FEATURE}`)
  if (decorrelate !== undefined && kind !== 'linear') throw new UsageError(`--decorrelate ${LENGTH_FEATURE} fits a linear model only; give --model linear`)
  return { kind: kind as RewardModelFitOptions['kind'], ensemble, holdout, l2, seed, ...(decorrelate === undefined ? {} : { decorrelateLength: true }) }
}

/** Every line of `text` into the collector, numbered from 1; a final newline ends the last line. */
function readLines(text: string, collector: PairsCollector, where: string): void {
  const lines = text.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  lines.forEach((line, i) => addLine(collector, line, i + 1, where))
}

function addLine(collector: PairsCollector, line: string, lineNumber: number, where: string): void {
  if (line.length > MAX_PAIR_LINE_LENGTH) throw new UsageError(`${where}: line ${lineNumber} is longer than ${MAX_PAIR_LINE_LENGTH} characters, the longest a pair's line may be`)
  try {
    // A file written on Windows ends its lines with \r\n.
    collector.add(line.endsWith('\r') ? line.slice(0, -1) : line, lineNumber)
  } catch (error) {
    throw new UsageError(`${where}: ${errorMessage(error)}`)
  }
}

/**
 * The file's lines into the collector as they are read, so that a file is never held whole: at
 * most MAX_PAIRS_FILE_BYTES are read, and a line longer than MAX_PAIR_LINE_LENGTH is refused as
 * soon as it is seen.
 */
function readPairsFile(path: string, collector: PairsCollector, where: string): void {
  const opened = openRegular(path)
  if ('reason' in opened) throw new UsageError(`cannot read --pairs file "${path}": ${opened.reason}; give a JSONL file of pairs, or - for stdin`)
  const fd = opened.fd
  try {
    const decoder = new StringDecoder('utf8')
    const buffer = Buffer.alloc(CHUNK_BYTES)
    let pending = ''
    let lineNumber = 0
    let total = 0
    for (;;) {
      const bytes = readChunk(fd, buffer, path)
      if (bytes === 0) break
      total += bytes
      if (total > MAX_PAIRS_FILE_BYTES) throw new UsageError(`${where} holds more than ${MAX_PAIRS_FILE_SIZE}, the most a pairs file may; give a smaller file`)
      const text = decoder.write(buffer.subarray(0, bytes))
      const lines = (pending + (total === bytes ? withoutBom(text) : text)).split('\n')
      pending = lines.pop() as string
      for (const line of lines) addLine(collector, line, ++lineNumber, where)
      if (pending.length > MAX_PAIR_LINE_LENGTH) addLine(collector, pending, lineNumber + 1, where)
    }
    pending += decoder.end()
    if (pending !== '') addLine(collector, pending, lineNumber + 1, where)
  } finally {
    closeSync(fd)
  }
}

/** One read, retried while a non-blocking descriptor is momentarily empty. */
function readChunk(fd: number, buffer: Buffer, path: string): number {
  for (;;) {
    try {
      return readSync(fd, buffer, 0, buffer.length, null)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5)
        continue
      }
      if (code === 'EOF') return 0
      throw new UsageError(`cannot read --pairs file "${path}": ${readFailure(error)}; give a JSONL file of pairs, or - for stdin`)
    }
  }
}

/** A member's or the ensemble's figures: on the training pairs, and on the held-out ones (null when none are). */
function figures(train: PairAccuracy, heldOut: PairAccuracy | null) {
  return {
    trainAccuracy: train.accuracy,
    trainGoldAccuracy: train.goldAccuracy,
    trainLoss: train.loss,
    heldOutAccuracy: heldOut?.accuracy ?? null,
    heldOutGoldAccuracy: heldOut?.goldAccuracy ?? null,
    heldOutLoss: heldOut?.loss ?? null,
  }
}

function fitReport(fit: RewardModelFit, total: number, options: RewardModelFitOptions) {
  const heldOut: ModelAccuracy | null = fit.heldOut
  const members = fit.train.members.map((train, k) => ({ ...figures(train, heldOut?.members[k] ?? null), ...(fit.lossByEpoch === null ? {} : { lossByEpoch: fit.lossByEpoch[k] }) }))
  return {
    model: fit.model,
    pairs: { total, train: fit.trainPairs, heldOut: fit.heldOutPairs, trainGold: fit.train.ensemble.goldPairs, heldOutGold: heldOut?.ensemble.goldPairs ?? 0 },
    ensemble: figures(fit.train.ensemble, heldOut?.ensemble ?? null),
    members,
    options: { model: options.kind, ensemble: options.ensemble, holdout: options.holdout, l2: options.l2, seed: options.seed, ...(options.decorrelateLength === true ? { decorrelate: LENGTH_FEATURE } : {}), ...(fit.mlpTraining === null ? {} : fit.mlpTraining) },
  }
}
