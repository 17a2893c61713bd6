import { advantagesCommand } from './advantages-command'
import { creditCommand } from './credit-command'
import { envsCommand } from './envs-command'
import { traceCommand } from './trace-command'
import { HELP, UsageError } from './usage'

export interface CliIo {
  out(text: string): void
  err(text: string): void
  /** All of standard input; called only by the commands that read JSON there (advantages, credit). */
  stdin?: () => string
}

/** A command gets its arguments and a way to read stdin, and returns what to print. */
type Command = (argv: string[], readStdin: () => string) => string

const COMMANDS: Record<string, Command> = { envs: envsCommand, trace: traceCommand, advantages: advantagesCommand, credit: creditCommand }

/** Run one command line; returns the exit code (0 ok, 1 internal failure, 2 bad arguments). */
export function runCli(argv: string[], io: CliIo): number {
  const [command, ...rest] = argv
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    if (command === undefined) {
      io.err(`missing command; accepted: ${Object.keys(COMMANDS).join(', ')}, --help\n`)
      return 2
    }
    io.out(HELP)
    return 0
  }
  const handler = COMMANDS[command]
  if (handler === undefined) {
    io.err(`unknown command "${command}"; accepted: ${Object.keys(COMMANDS).join(', ')}, --help\n`)
    return 2
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(HELP)
    return 0
  }
  try {
    const readStdin = (): string => {
      if (io.stdin === undefined) throw new UsageError(`${command} reads JSON on stdin, and there is none to read`)
      return io.stdin()
    }
    io.out(handler(rest, readStdin))
    return 0
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const oneLine = message.replace(/\s*\n\s*/g, ' ')
    if (error instanceof UsageError) {
      io.err(`${oneLine}\n`)
      return 2
    }
    io.err(`internal error: ${oneLine}\n`)
    return 1
  }
}
