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
import { progress, round } from './stats'
import { benchTensorLeak } from './tensorLeak'
import { errorMessage } from '../src/core/errorMessage'

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
  const report: BenchReport = { machine, quick: args.quick, sections: [], figures: {}, tables: {}, notes: {}, runs: {}, errors: {}, bench_wall_seconds: 0 }
  // A fixed order: the Node figures first, the browser (which loads both cores) last.
  for (const section of SECTIONS.filter((s) => args.only.includes(s))) {
    progress(`— ${section}`)
    report.sections.push(section)
    try {
      const result = await RUNNERS[section](args)
      Object.assign(report.figures, result.figures)
      Object.assign(report.tables, result.tables)
      Object.assign(report.notes, result.notes)
      Object.assign(report.runs, result.runs)
    } catch (error) {
      report.errors[section] = errorMessage(error)
      progress(`${section} failed: ${report.errors[section]}`)
    } finally {
      await cleanUpAll()
    }
  }
  machine.load_average_at_end = loadAverage()
  report.bench_wall_seconds = round((performance.now() - started) / 1000, 4)
  process.stdout.write(args.json ? `${toJson(report)}\n` : toTable(report))
  return Object.keys(report.errors).length > 0 ? 1 : 0
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
