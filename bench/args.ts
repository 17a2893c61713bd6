/** The bench's command line: `npm run bench -- [--json] [--quick] [--only NAME,...]`. */

export const SECTIONS = ['envs', 'rescore', 'ppo-node', 'grpo', 'tensors', 'ppo-browser'] as const
export type Section = (typeof SECTIONS)[number]

export interface BenchArgs {
  json: boolean
  quick: boolean
  only: Section[]
  help: boolean
}

export const USAGE = `usage: npm run bench -- [--json] [--quick] [--only ${SECTIONS.join(',')}]

  --json    print one JSON object of figures on stdout (progress goes to stderr)
  --quick   fewer repeats and seeds, shorter timings: a smoke run, not a measurement
  --only    run only these sections (comma-separated): ${SECTIONS.join(', ')}
`

export class ArgsError extends Error {}

export function parseArgs(argv: string[]): BenchArgs {
  const args: BenchArgs = { json: false, quick: false, only: [...SECTIONS], help: false }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--json') args.json = true
    else if (arg === '--quick') args.quick = true
    else if (arg === '--help' || arg === '-h') args.help = true
    else if (arg === '--only' || arg.startsWith('--only=')) {
      const value = arg === '--only' ? argv[++i] : arg.slice('--only='.length)
      if (value === undefined || value === '') throw new ArgsError(`--only needs a list of sections; accepted: ${SECTIONS.join(', ')}`)
      args.only = value.split(',').map((name) => {
        const section = SECTIONS.find((s) => s === name.trim())
        if (!section) throw new ArgsError(`unknown section "${name}" in --only; accepted: ${SECTIONS.join(', ')}`)
        return section
      })
    } else throw new ArgsError(`unknown argument "${arg}"; accepted: --json, --quick, --only ${SECTIONS.join(',')}, --help`)
  }
  return args
}
