import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'
import { type CliIo, runCli, runCliAsync } from './run'

/*
 * Shared helpers for the CLI tests (not a test file itself): the entry point run in this process
 * or as a child process, and its JSON-lines output parsed.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** What a command line left behind: its exit code and everything it printed. */
export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

/** One line of `trace` output. */
export interface TraceLine {
  t: number
  state: number[]
  obs: number[]
  components: Record<string, number>
  reward: number
  terminated: boolean
  truncated: boolean
}

/** An io that collects stdout and stderr; `input` becomes stdin (a non-string is sent as its JSON). */
function collectingIo(input: unknown): { io: CliIo; result: (code: number) => CliResult } {
  let stdout = ''
  let stderr = ''
  const text = typeof input === 'string' || input === undefined ? input : JSON.stringify(input)
  const io: CliIo = { out: (chunk) => (stdout += chunk), err: (chunk) => (stderr += chunk), stdin: text === undefined ? undefined : () => text }
  return { io, result: (code) => ({ code, stdout, stderr }) }
}

/** The entry point in this process (runCli); `input` becomes stdin, a non-string as its JSON. */
export function cli(args: string[], input?: unknown): CliResult {
  const { io, result } = collectingIo(input)
  return result(runCli(args, io))
}

/** The entry point in this process through runCliAsync, which the streaming commands (train) need. */
export async function cliAsync(args: string[], input?: unknown): Promise<CliResult> {
  const { io, result } = collectingIo(input)
  return result(await runCliAsync(args, io))
}

/**
 * The real thing: a child process from the project root, `node --import tsx src/cli/main.ts` (one
 * process, where `npx tsx` starts three) unless another command and prefix are given. `input`,
 * when given, is piped to its stdin.
 */
export function spawnCli(args: string[], input?: string, command = process.execPath, prefix = ['--import', 'tsx', 'src/cli/main.ts']): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = execFile(command, [...prefix, ...args], { cwd: ROOT }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : Number((error as { code?: number }).code), stdout, stderr })
    })
    // The command may stop reading early (input over its limit): the broken pipe is its answer.
    child.stdin?.on('error', () => {})
    if (input !== undefined) child.stdin?.end(input)
  })
}

/** Output that is one JSON value a line, parsed. */
export function jsonLines<T = Record<string, unknown>>(text: string): T[] {
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as T)
}

/** The lines of `trace` output, parsed. */
export function traceLines(text: string): TraceLine[] {
  return jsonLines<TraceLine>(text)
}

/** A usage error: exit 2, nothing on stdout, one line on stderr; returns that line. */
export function expectUsageError(result: CliResult): string {
  expect(result.code).toBe(2)
  expect(result.stdout).toBe('')
  expect(result.stderr.endsWith('\n')).toBe(true)
  expect(result.stderr.trim().split('\n')).toHaveLength(1)
  return result.stderr.trim()
}
