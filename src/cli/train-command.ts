import { dirname } from 'node:path'
import { checkRunConfig, RUN_CONFIG_SHAPE } from '../core/run/checkRunConfig'
import type { RunConfig } from '../core/run/config'
import { MetricsAccumulator, RECENT_EPISODES, type MetricsSummary } from '../core/run/metrics'
import type { Trainer } from '../core/run/trainer'
import { parseFlags, parseNumber } from './args'
import { ScheduledMix } from '../core/run/scheduledMix'
import { createCliTrainer } from './cliTrainer'
import { REFIT_DIAGNOSTICS } from '../core/preferences/rewardModelRefit'
import { DiagnosticMeans } from './diagnosticMeans'
import { readInputFile, sourceName } from './input-file'
import { parseJsonText } from './json-input'
import { MAX_ITERATIONS, MAX_STEPS } from './limits'
import { listProblems, messageLine } from './message'
import type { StreamingCommand } from './command'
import { inlineRewardModelFiles } from './rewardModelFiles'
import { checkRolloutDump, openRolloutDump } from './rolloutDump'
import { UsageError } from './usage'
import { errorMessage } from '../core/errorMessage'

/*
 * `train --config FILE`: the same run the app's worker drives (one run config: environment, reward
 * design, learner, seed), from a terminal, printing one JSON line per reporting interval. Nothing
 * grows with the length of the run: the metrics fold into a bounded accumulator and every line is
 * written as soon as it is ready. A GRPO run's lines also carry its mean KL(π‖π_ref) (the k3
 * estimate per token its loss computes), the x axis of an over-optimisation curve. With
 * --dump-rollouts DIR a GRPO run on the token task also writes each update's completions in verl's
 * format (rolloutDump.ts).
 */

const FLAGS = ['config', 'iterations', 'steps', 'every', 'dump-rollouts']

/** Iterations when neither --iterations nor --steps is given. */
export const DEFAULT_ITERATIONS = 100

const CONFIG_SHAPE = RUN_CONFIG_SHAPE

/** The diagnostic of the GRPO family's KL(π‖π_ref): the mean k3 estimate over the batch's tokens (learn/grpoLoss.ts). */
const KL_DIAGNOSTIC = 'kl'

export const trainCommand: StreamingCommand = async (argv, io) => {
  const flags = parseFlags('train', argv, FLAGS)
  const path = flags.get('config')
  if (path === undefined) throw new UsageError(`train needs --config FILE (a run config as JSON, ${CONFIG_SHAPE}), or --config - to read it from stdin`)
  const iterations = positiveInteger(flags, 'iterations', MAX_ITERATIONS)
  const steps = positiveInteger(flags, 'steps', MAX_STEPS)
  if (iterations !== undefined && steps !== undefined) throw new UsageError('give --iterations or --steps, not both')
  const every = positiveInteger(flags, 'every', MAX_ITERATIONS) ?? 1
  // A reward model's file is relative to the config file, or to the working directory for stdin.
  const config = parseRunConfig(readInputFile('--config', path, io.readStdin), sourceName(path), path === '-' ? process.cwd() : dirname(path))
  const dumpDir = flags.get('dump-rollouts')
  if (dumpDir !== undefined) checkRolloutDump(config)

  const trainer: Trainer = await createCliTrainer(config).catch((error: unknown) => {
    throw new UsageError(`--config ${sourceName(path)}: ${errorMessage(error)}`)
  })

  let dump
  try {
    dump = dumpDir === undefined ? null : openRolloutDump(dumpDir, config, trainer)
  } catch (error) {
    trainer.dispose()
    throw error
  }
  const names = trainer.spec.components.map((component) => component.name)
  const metrics = new MetricsAccumulator(names.length, RECENT_EPISODES)
  const scheduled = ScheduledMix.of(config)
  // λ of each cost after the line's last iteration, on the lines of a run with constraints only.
  const multipliersPart = () => (scheduled.constrained ? { multipliers: scheduled.multipliers() } : {})
  const kl = config.learner.kind === 'grpo' || config.learner.kind === 'dpo' ? new DiagnosticMeans(KL_DIAGNOSTIC) : null
  const startedAt = performance.now()
  const wallSeconds = () => Math.round(performance.now() - startedAt) / 1000
  const print = (summary: MetricsSummary) => {
    const line = { ...intervalLine(summary, names, wallSeconds()), ...multipliersPart() }
    io.out(`${JSON.stringify(kl === null ? line : { ...line, meanKl: kl.takeInterval() })}\n`)
  }
  let last: MetricsSummary | null = null
  let unprinted = 0
  // The refits of a refit option so far (learn/refittingTrainer.ts); on the done line only with one.
  const refitting = (config.mix.rewardModels ?? []).some((entry) => entry.refit !== undefined)
  let refits = 0
  const finished = (done: number) => (steps === undefined ? done >= (iterations ?? DEFAULT_ITERATIONS) : metrics.totalEnvSteps >= steps)
  try {
    for (let done = 0; !finished(done); done++) {
      let report
      try {
        // The schedules' weights at the env steps so far, once per iteration before its rollout.
        scheduled.applyBefore(trainer, metrics.totalEnvSteps)
        report = await trainer.iterate()
        metrics.add(report)
        // Each cost's λ from the episodes that finished in it, in force from the next iteration.
        scheduled.after(report.episodes, names)
        kl?.add(report.diagnostics)
        refits = report.diagnostics[REFIT_DIAGNOSTICS.refits] ?? refits
      } catch (error) {
        // A NaN or ±Infinity reward or loss: the learner stops rather than train on garbage.
        if (unprinted > 0) print(metrics.flush())
        io.err(`${messageLine(`run paused at iteration ${done + 1} (after ${metrics.totalEnvSteps} env steps): ${errorMessage(error)}`)}\n`)
        return 1
      }
      // A file that cannot be written stops the run with its own message (FileWriteError), not as a pause.
      dump?.write(report, done + 1)
      unprinted += 1
      if (unprinted === every) {
        last = metrics.flush()
        print(last)
        unprinted = 0
      }
    }
    if (unprinted > 0) {
      last = metrics.flush()
      print(last)
    }
  } finally {
    trainer.dispose()
  }
  const summary = last!
  io.out(
    `${JSON.stringify({
      done: true,
      iterations: summary.iteration,
      envSteps: summary.envSteps,
      wallSeconds: wallSeconds(),
      episodes: summary.episodesTotal,
      recentReturn: summary.recentReturn,
      recentObjective: summary.recentObjective,
      recentContributions: byName(names, summary.recentContributions),
      recentZeroAdvantageFraction: summary.recentZeroAdvantageFraction,
      recentSignFlipFraction: summary.recentSignFlipFraction,
      recentLength: summary.recentLength,
      peakObjective: summary.peakObjective,
      ...(kl === null ? {} : { recentKl: kl.recent() }),
      ...(refitting ? { rmRefits: refits } : {}),
      ...multipliersPart(),
    })}\n`,
  )
  return 0
}

/**
 * One reporting interval. `episodes` and the means are over the episodes that finished in it (null
 * when none did); recentReturn and recentObjective over the last RECENT_EPISODES of the whole run.
 */
function intervalLine(summary: MetricsSummary, names: string[], wallSeconds: number) {
  const contributions = byName(names, summary.meanContributions)
  return {
    iteration: summary.iteration,
    envSteps: summary.envSteps,
    wallSeconds,
    episodes: summary.episodesInFrame,
    meanReturn: summary.meanReturn,
    meanObjective: summary.meanObjective,
    meanLength: summary.meanLength,
    recentReturn: summary.recentReturn,
    recentObjective: summary.recentObjective,
    contributions,
    diagnostics: summary.diagnostics,
  }
}

/** Per-component numbers in spec order as {name: value}; null stays null. */
function byName(names: readonly string[], values: readonly number[] | null): Record<string, number> | null {
  return values === null ? null : Object.fromEntries(names.map((name, k) => [name, values[k]]))
}

/** A whole number from 1 to `max`, or undefined when the flag is not given. */
function positiveInteger(flags: Map<string, string>, name: string, max: number): number | undefined {
  const text = flags.get(name)
  if (text === undefined) return undefined
  const value = parseNumber(text, `--${name}`)
  if (!Number.isInteger(value) || value < 1) throw new UsageError(`--${name} must be a whole number of at least 1, got "${text}"`)
  if (value > max) throw new UsageError(`--${name} must be at most ${max}, got "${text}"`)
  return value
}

/**
 * A run config as RunConfigSchema takes it, and fitting its environment: a known environment with
 * valid parameters, a learner that can train it, a reward design whose names and expressions fit,
 * its reward models' files read in (relative to `baseDir`, the working directory unless given).
 * Every problem is named at once (checkRunConfig), a model read from a file by its file.
 */
export function parseRunConfig(text: string, source: string, baseDir: string = process.cwd()): RunConfig {
  const where = `--config ${source}`
  if (text.trim() === '') throw new UsageError(`${where} is empty; expected a run config ${CONFIG_SHAPE}`)
  const raw = parseJsonText(text, where, `a run config ${CONFIG_SHAPE}`)
  const files = inlineRewardModelFiles(raw, baseDir)
  const checked = checkRunConfig(files.raw)
  const problems = [...files.problems, ...(checked.ok ? [] : checked.problems.flatMap((problem) => files.relabel(problem) ?? []))]
  if (problems.length > 0 || !checked.ok) throw new UsageError(`${where}: ${listProblems(problems)}`)
  return checked.config
}
