import { envsCommand } from './envs-command'
import { traceCommand } from './trace-command'
import { HELP, UsageError } from './usage'

export interface CliIo {
  out(text: string): void
  err(text: string): void
}

const COMMANDS: Record<string, (argv: string[]) => string> = { envs: envsCommand, trace: traceCommand }

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
    io.out(handler(rest))
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
