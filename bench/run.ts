import { ArgsError, parseArgs, SECTIONS, USAGE, type BenchArgs, type Section } from './args'
import { benchBackendsBrowser } from './backendsBrowser'
import { cleanUpAll } from './cleanup'
import { benchEnvSteps } from './envSteps'
import { benchGrpoTokenseq } from './grpoTokenseq'
import { benchProverSuccess } from './proverSuccess'
import { benchRescore } from './rescore'
import { describeMachine, loadAverage } from './machine'
import { benchPpoBrowser } from './ppoBrowser'
import { benchPpoNode } from './ppoNode'
import { benchSoak } from './soak'
import { benchRewardModelBrowser } from './rewardModelBrowser'
import { benchRolloutsBrowser } from './rolloutsBrowser'
import { benchTabsBrowser } from './tabsBrowser'
import { toJson, toTable, type BenchReport } from './report'
import type { SectionResult } from './results'
import { runSection } from './sectionRun'
import { progress, round } from './stats'
import { benchTensorLeak } from './tensorLeak'

/**
 * `npm run bench -- [--json] [--quick] [--only NAME,...]`: measures speed on this machine. Tests
 * assert behaviour, never timings; the numbers live here.
 */
const RUNNERS: Record<Section, (args: BenchArgs) => Promise<SectionResult> | SectionResult> = {
  envs: (args) => benchEnvSteps(args.quick),
  rescore: (args) => benchRescore(args.quick),
  'prover-success': (args) => benchProverSuccess(args.quick),
  'ppo-node': (args) => benchPpoNode(args.quick),
  grpo: (args) => benchGrpoTokenseq(args.quick),
  tensors: (args) => benchTensorLeak(args.quick),
  'ppo-browser': (args) => benchPpoBrowser(args.quick, args.backend),
  tabs: (args) => benchTabsBrowser(args.quick),
  'reward-model': (args) => benchRewardModelBrowser(args.quick),
  rollouts: (args) => benchRolloutsBrowser(args.quick),
  backends: (args) => benchBackendsBrowser(args.quick),
  soak: (args) => benchSoak(args.quick, args.backend),
}

/**
 * Each section's time limit in minutes: well above what it takes on a loaded 2-core machine (its
 * own caps on training included), so that only a section that hangs meets it.
 */
const LIMIT_MINUTES: Record<Section, number> = {
  envs: 5,
  rescore: 2,
  'prover-success': 5,
  'ppo-node': 20,
  grpo: 15,
  tensors: 5,
  'ppo-browser': 60,
  tabs: 10,
  backends: 15,
  'reward-model': 10,
  rollouts: 15,
  soak: 20,
}

/**
 * The exit code: 0 when the bench ran, whether or not every section measured (a failed section
 * says why under `sections`); 2 for a command line it does not accept; 1 only when the bench
 * itself broke outside any section.
 */
async function main(): Promise<number> {
  let args: BenchArgs
  try {
    args = parseArgs(process.argv.slice(2))
  } catch (error) {
    if (!(error instanceof ArgsError)) throw error
    process.stderr.write(`${error.message}\n\n${USAGE}`)
    return 2
  }
  if (args.help) {
    process.stdout.write(USAGE)
    return 0
  }
  // Libraries that log (TensorFlow.js greets Node users) must not spoil the JSON on stdout.
  console.log = console.error
  console.info = console.error

  const started = performance.now()
  const machine = await describeMachine()
  progress(`${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, ${machine.chromium ?? 'no Chromium'}`)
  const report: BenchReport = { machine, quick: args.quick, sections: {}, figures: {}, tables: {}, notes: {}, runs: {}, bench_wall_seconds: 0 }
  // A fixed order: the Node figures first, the browser (which loads both cores) last.
  for (const section of SECTIONS.filter((s) => args.only.includes(s))) {
    progress(`— ${section}`)
    const loadAtStart = loadAverage()
    const { outcome, result } = await runSection(() => RUNNERS[section](args), LIMIT_MINUTES[section] * 60_000, cleanUpAll)
    await cleanUpAll()
    // The load beside each section's figures: on a shared machine it changes from one to the next.
    report.sections[section] = { ...outcome, load_average_at_start: loadAtStart, load_average_at_end: loadAverage() }
    if (result !== null) {
      Object.assign(report.figures, result.figures)
      Object.assign(report.tables, result.tables)
      Object.assign(report.notes, result.notes)
      Object.assign(report.runs, result.runs)
    }
    progress(outcome.ok ? `${section} took ${outcome.seconds} s` : `${section} failed after ${outcome.seconds} s: ${outcome.error}`)
  }
  machine.load_average_at_end = loadAverage()
  report.bench_wall_seconds = round((performance.now() - started) / 1000, 4)
  process.stdout.write(args.json ? `${toJson(report)}\n` : toTable(report))
  return 0
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    progress(`${signal}: cleaning up`)
    void cleanUpAll().finally(() => process.exit(130))
  })
}

main()
  .then(async (code) => {
    await cleanUpAll()
    // TensorFlow.js and Playwright may hold handles open; the bench is done.
    process.exit(code)
  })
  .catch(async (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    await cleanUpAll()
    process.exit(1)
  })
