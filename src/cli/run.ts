import { advantagesCommand } from './advantages-command'
import { bestOfNCommand } from './best-of-n-command'
import { bradleyTerryCommand } from './bradley-terry-command'
import { creditCommand } from './credit-command'
import { dpoLossCommand } from './dpo-loss-command'
import { envsCommand } from './envs-command'
import { lessonCommand, lessonsCommand } from './lesson-command'
import { lossCommand } from './loss-command'
import { monitorCommand } from './monitor-command'
import { preferencesCommand } from './preferences-command'
import { rewardModelCommand } from './reward-model-command'
import { rolloutsCommand } from './rollouts-command'
import { sweepCommand } from './sweep-command'
import { traceCommand } from './trace-command'
import { trainCommand } from './train-command'
import { messageLine, terminalText } from './message'
import { withoutBom } from './bounded-read'
import { FileWriteError } from './file-errors'
import { HELP, UsageError } from './usage'
import { errorMessage } from '../core/errorMessage'
import type { CliIo, StreamingCommand } from './command'

export type { CliIo }

/** A command gets its arguments and a way to read stdin, and returns what to print. */
type Command = (argv: string[], readStdin: () => string) => string

const COMMANDS: Record<string, Command> = {
  envs: envsCommand,
  trace: traceCommand,
  advantages: advantagesCommand,
  credit: creditCommand,
  'bradley-terry': bradleyTerryCommand,
  'dpo-loss': dpoLossCommand,
  loss: lossCommand,
  lessons: lessonsCommand,
}
const STREAMING_COMMANDS: Record<string, StreamingCommand> = { train: trainCommand, lesson: lessonCommand, monitor: monitorCommand, preferences: preferencesCommand, 'reward-model': rewardModelCommand, sweep: sweepCommand, rollouts: rolloutsCommand, 'best-of-n': bestOfNCommand }
const ACCEPTED = [...Object.keys(COMMANDS), ...Object.keys(STREAMING_COMMANDS), '--help'].join(', ')

type Dispatch = { done: number } | { command: string; rest: string[] }

/** Help, a missing or unknown command: answered here; otherwise the command to run. */
function dispatch(argv: string[], io: CliIo): Dispatch {
  const [command, ...rest] = argv
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    if (command === undefined) {
      printError(io, `missing command; accepted: ${ACCEPTED}`)
      return { done: 2 }
    }
    io.out(HELP)
    return { done: 0 }
  }
  if (!Object.hasOwn(COMMANDS, command) && !Object.hasOwn(STREAMING_COMMANDS, command)) {
    printError(io, `unknown command "${command}"; accepted: ${ACCEPTED}`)
    return { done: 2 }
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(HELP)
    return { done: 0 }
  }
  return { command, rest }
}

function stdinReader(command: string, io: CliIo): () => string {
  return () => {
    if (io.stdin === undefined) throw new UsageError(`${command} reads JSON on stdin, and there is none to read`)
    return withoutBom(io.stdin())
  }
}

/** One line on stderr, however long the values the message quotes. */
function printError(io: CliIo, message: string): void {
  io.err(`${messageLine(message)}\n`)
}

/** Report a thrown error as one line: exit 2 for a usage error, 1 for anything else (a file that could not be written says so; the rest is an internal error). */
function reportError(error: unknown, io: CliIo): number {
  const message = errorMessage(error)
  if (error instanceof UsageError) {
    printError(io, message)
    return 2
  }
  if (error instanceof FileWriteError) {
    printError(io, message)
    return 1
  }
  printError(io, `internal error: ${message}`)
  return 1
}

/**
 * Run one command line synchronously; returns the exit code (0 ok, 1 internal failure, 2 bad
 * arguments). The streaming commands (train) need runCliAsync.
 */
export function runCli(argv: string[], io: CliIo): number {
  const step = dispatch(argv, io)
  if ('done' in step) return step.done
  const handler = COMMANDS[step.command]
  if (handler === undefined) {
    io.err(`internal error: ${step.command} runs asynchronously; call runCliAsync\n`)
    return 1
  }
  try {
    io.out(handler(step.rest, stdinReader(step.command, io)))
    return 0
  } catch (error) {
    return reportError(error, io)
  }
}

/** Run any command line, train included; resolves to the exit code (0 ok, 1 failure, 2 bad arguments). */
export async function runCliAsync(argv: string[], io: CliIo): Promise<number> {
  const step = dispatch(argv, io)
  if ('done' in step) return step.done
  const streaming = STREAMING_COMMANDS[step.command]
  if (streaming === undefined) return runCli(argv, io)
  try {
    // Progress and notes quote names and values too: no control character reaches the terminal.
    return await streaming(step.rest, { out: io.out, err: (text) => io.err(terminalText(text)), readStdin: stdinReader(step.command, io) })
  } catch (error) {
    return reportError(error, io)
  }
}
