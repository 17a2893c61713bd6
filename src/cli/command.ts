/* The shapes of a command-line command and of the input and output it is given. */

export interface CliIo {
  out(text: string): void
  err(text: string): void
  /** All of standard input; called only by the commands that read JSON there (advantages, credit, bradley-terry, dpo-loss, loss, --mix -, --config -). */
  stdin?: () => string
}

/**
 * A long-running command (train, lesson, preferences, reward-model, sweep): prints as it goes and resolves to its exit code. Usage errors
 * it throws are reported like any other command's.
 */
export type StreamingCommand = (argv: string[], io: { out(text: string): void; err(text: string): void; readStdin: () => string }) => Promise<number>
