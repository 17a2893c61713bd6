/** The bench's command line: `npm run bench -- [--json] [--quick] [--only NAME,...] [--backend NAME] [--soak]`. */

export const SECTIONS = ['envs', 'rescore', 'prover-success', 'ppo-node', 'grpo', 'tensors', 'ppo-browser', 'tabs', 'backends', 'reward-model', 'rollouts', 'soak'] as const
export type Section = (typeof SECTIONS)[number]
/** Sections run unless --only names them: the soak takes ten minutes and runs with --soak. */
const ON_REQUEST: readonly Section[] = ['soak']
export const BROWSER_BACKENDS = ['webgpu', 'wasm', 'webgl', 'cpu'] as const

export interface BenchArgs {
  json: boolean
  quick: boolean
  only: Section[]
  /** The backend the browser sections use (`?backend=`); null: the app's own choice. */
  backend: (typeof BROWSER_BACKENDS)[number] | null
  help: boolean
}

export const USAGE = `usage: npm run bench -- [--json] [--quick] [--only ${SECTIONS.join(',')}] [--backend ${BROWSER_BACKENDS.join('|')}] [--soak]

  --json     print one JSON object of figures on stdout (progress goes to stderr)
  --quick    fewer repeats and seeds, shorter timings: a smoke run, not a measurement
  --only     run only these sections (comma-separated): ${SECTIONS.join(', ')}
             (backends: one PPO training step on each TensorFlow.js backend in Chromium over batch
             rows × network width, and where webgpu overtakes wasm; every backend whatever --backend says; about 3 minutes;
             reward-model: 10,000 simulated preference pairs labelled and fitted, linear and MLP, in the page's Label pairs panel;
             rollouts: a 100,000-completion verl dump (about 235 MB, written to a temporary folder) opened in the
             Your rollouts panel, its time and JS heaps, and a weight slider's move to the views)
  --backend  the browser sections train on this backend (the app's ?backend=), and compare it with
             wasm at 1024 environment copies; run it where the machine has a real GPU: --backend webgpu
  --soak     also train in the browser for 10 minutes (2 with --quick) and report the heap's growth

Each section runs under its own time limit; one that fails or runs past it is reported under
"sections" with its reason and the others are still measured. Exit status: 0 when the bench ran,
2 for arguments it does not accept, 1 only when the bench itself broke.
`

export class ArgsError extends Error {}

export function parseArgs(argv: string[]): BenchArgs {
  const args: BenchArgs = { json: false, quick: false, only: SECTIONS.filter((s) => !ON_REQUEST.includes(s)), backend: null, help: false }
  let only: Section[] | null = null
  let soak = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--json') args.json = true
    else if (arg === '--quick') args.quick = true
    else if (arg === '--soak') soak = true
    else if (arg === '--help' || arg === '-h') args.help = true
    else if (arg === '--only' || arg.startsWith('--only=')) {
      const value = arg === '--only' ? argv[++i] : arg.slice('--only='.length)
      if (value === undefined || value === '') throw new ArgsError(`--only needs a list of sections; accepted: ${SECTIONS.join(', ')}`)
      only = value.split(',').map((name) => {
        const section = SECTIONS.find((s) => s === name.trim())
        if (!section) throw new ArgsError(`unknown section "${name}" in --only; accepted: ${SECTIONS.join(', ')}`)
        return section
      })
    } else if (arg === '--backend' || arg.startsWith('--backend=')) {
      const value = arg === '--backend' ? argv[++i] : arg.slice('--backend='.length)
      const backend = BROWSER_BACKENDS.find((name) => name === value)
      if (!backend) throw new ArgsError(`unknown backend "${value ?? ''}" for --backend; accepted: ${BROWSER_BACKENDS.join(', ')}`)
      args.backend = backend
    } else throw new ArgsError(`unknown argument "${arg}"; accepted: --json, --quick, --only ${SECTIONS.join(',')}, --backend ${BROWSER_BACKENDS.join('|')}, --soak, --help`)
  }
  if (only !== null) args.only = only
  else if (soak) args.only = [...args.only, 'soak']
  return args
}
