import { accessSync, constants, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { ENVIRONMENTS, findEnv } from '../core/envs/registry'
import type { RunConfig } from '../core/run/config'
import type { IterationReport, Trainer } from '../core/run/trainer'
import { stepFiles } from '../core/rollouts/stepFiles'
import { verlDumpText, type DumpText } from '../core/rollouts/verlDump'
import { FileWriteError, writeFailure, writeRemedy } from './file-errors'
import { makeFolder } from './makeFolder'
import { writeNewFile } from './writeNewFile'
import { UsageError } from './usage'

/*
 * `train --dump-rollouts DIR`: each update's completions written in verl's format, DIR/<update>.jsonl
 * (updates counted from 1; an update that was skipped, with nothing to train on, writes no file),
 * so that `rollouts` can read a run whose advantages are known. Only a GRPO run on an environment
 * whose prompts and tokens are text (its promptText) has completions to write. DIR is made if
 * missing, must be writable, and must hold no <step>.jsonl already: a shorter run's files mixed
 * with a longer one's would read as one run.
 */

const FLAG = '--dump-rollouts'
const ADVICE = 'give a folder to write the rollouts in (made if missing)'

export interface RolloutDump {
  /** After update `update` (from 1): its completions to DIR/<update>.jsonl. */
  write(report: IterationReport, update: number): void
}

/** Refuse, before anything is built, a run that has no text completions to write. */
export function checkRolloutDump(config: RunConfig): void {
  const writable = ENVIRONMENTS.filter((definition) => definition.promptText !== undefined).map((definition) => definition.spec.id)
  const accepted = `accepted: the grpo learner on ${writable.join(', ')}`
  if (config.learner.kind !== 'grpo') throw new UsageError(`train ${FLAG} writes a GRPO run's completions, and the config's learner is ${config.learner.kind}; ${accepted}`)
  if (findEnv(config.env.id)?.promptText === undefined) throw new UsageError(`train ${FLAG} writes completions whose prompts and tokens are text, and ${config.env.id}'s are not; ${accepted}`)
}

/** DIR ready to write in, and the trainer keeping its completions. */
export function openRolloutDump(dir: string, config: RunConfig, trainer: Trainer): RolloutDump {
  makeFolder(dir, FLAG, ADVICE)
  try {
    accessSync(dir, constants.W_OK)
  } catch (error) {
    throw new UsageError(`cannot write to ${FLAG} "${dir}": ${writeFailure(error)}; ${ADVICE}`)
  }
  const held = stepFiles(readdirSync(dir))
  if (held.length > 0) throw new UsageError(`${FLAG} "${dir}" already holds rollouts (${held[0].name}${held.length > 1 ? ` and ${held.length - 1} more` : ''}); give a new or empty folder`)
  if (trainer.keepCompletions === undefined) throw new Error(`the ${config.learner.kind} trainer keeps no completions to dump`)
  trainer.keepCompletions()
  const text: DumpText = { promptText: findEnv(config.env.id)!.promptText!, tokenLabels: trainer.spec.actionLabels, stride: trainer.spec.stateVars.length }
  return {
    write(report, update) {
      if (report.groupBatch === undefined) return
      writeNew(join(dir, `${update}.jsonl`), verlDumpText(report.groupBatch, update, text))
    },
  }
}

/** A new file with `text`, created exclusively (never through a link left under its name). */
function writeNew(path: string, text: string): void {
  try {
    writeNewFile(path, text)
  } catch (error) {
    throw new FileWriteError(`cannot write the rollouts file "${path}": ${writeFailure(error)}; ${writeRemedy(error)}`)
  }
}
