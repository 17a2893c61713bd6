import type { Browser } from 'playwright'
import { openApp, withBuiltApp } from './browserApp'
import { benchMountainCarShaped } from './mountaincarBrowser'
import { SEEDS, SOLVED_RETURN } from './ppoNode'
import { emptyResult, type SectionResult } from './results'
import { seedsThroughput } from './seedsBrowser'
import { median, progress, ratio, round, withSpread } from './stats'
import { POLL_MS, trainInPage, WALL_SLACK_S, type BrowserRun, type Figures, type ProbeState, type TrainGoal } from './trainInPage'
import { PPO_PRESETS } from '../src/core/run/config'

/** CartPole is solved when the mean return of the last 20 episodes reaches 475. */
const CARTPOLE_SOLVED: TrainGoal = { figure: 'Return (last 20)', threshold: SOLVED_RETURN, atMost: false, minEpisodes: 0 }

/**
 * `ppo_cartpole_seconds_to_475_browser[_<backend>]`: the built app in headless Chromium, Start
 * clicked, the status bar watched until "Return (last 20)" reaches 475; its Time and Steps figures
 * are the result. Also the longest main-thread task while the default backend trains, and on the
 * default backend MountainCar with energy shaping (mountaincarBrowser.ts); then steps per second
 * with 1024 copies, with one and several seeds, and 1024 copies' rate against one seed's 16.
 */
export async function benchPpoBrowser(quick: boolean, requested: string | null = null): Promise<SectionResult> {
  const result = emptyResult()
  const capSeconds = quick ? 60 : 150
  return withBuiltApp(async (browser, url, buildSeconds) => {
    // The app's default PPO (fast preset) on each backend; CleanRL's defaults (`l=ppo` with no
    // fields) once on the default backend, to set beside CleanRL's own figures.
    // With --backend, that backend alone (a machine with a real GPU: --backend webgpu).
    const plan: { backend: string | null; seeds: number[]; cleanrl?: true }[] =
      requested !== null
        ? [{ backend: requested, seeds: quick ? SEEDS.slice(0, 1) : SEEDS }]
        : [
            { backend: null, seeds: quick ? SEEDS.slice(0, 1) : SEEDS },
            { backend: 'wasm', seeds: [SEEDS[0]] },
            { backend: 'webgl', seeds: [SEEDS[0]] },
            { backend: 'cpu', seeds: [SEEDS[0]] },
            ...(quick ? [] : [{ backend: null, seeds: [SEEDS[0]], cleanrl: true as const }]),
          ]
    for (const { backend, seeds, cleanrl } of plan) {
      const runs: BrowserRun[] = []
      for (const seed of seeds) {
        const query = new URLSearchParams({ ...(backend === null ? {} : { backend }), seed: String(seed), ...(cleanrl ? { l: 'ppo' } : {}) })
        const run = await trainInPage(browser, url, query, { backendRequested: backend ?? 'default', seed }, CARTPOLE_SOLVED, capSeconds)
        runs.push(run)
        progress(
          `browser ${run.backendRequested} (${run.backendUsed}) seed ${seed}: ` +
            (run.seconds === null ? `not reached (${run.stop}; last ${JSON.stringify(run.last)})` : `475 after ${run.seconds} s, ${run.steps} steps`),
        )
      }
      const suffix = cleanrl ? '_cleanrl' : backend === null ? '' : `_${backend}`
      const name = `ppo_cartpole_seconds_to_475_browser${suffix}`
      Object.assign(result.figures, runs.length > 1 ? withSpread(name, runs.map((run) => run.seconds)) : { [name]: median(runs.map((run) => run.seconds)) })
      result.figures[`ppo_cartpole_steps_to_475_browser${suffix}`] = median(runs.map((run) => run.steps))
      result.runs[`ppo_cartpole_browser${suffix}`] = runs
      const used = [...new Set(runs.map((run) => run.backendUsed))].join(', ')
      const missed = runs.filter((run) => run.seconds === null)
      result.notes[name] =
        `${cleanrl ? "CleanRL's PPO defaults, " : ''}${backend === null ? 'default backend' : `?backend=${backend}`} (the app used ${used}), ${runs.length === 1 ? `seed ${runs[0].seed}` : `median of seeds ${seeds.join(', ')} (_min, _max: the fastest and slowest)`}; the app's own Time and Steps figures` +
        (missed.length > 0 ? `; ${missed.map((run) => `seed ${run.seed} not reached: ${run.stop}`).join('; ')}` : '')
      if (backend === requested && !cleanrl) {
        const longest = Math.max(...runs.map((run) => run.longestTaskMsTraining))
        result.figures.ui_longest_main_thread_task_ms = round(longest, 4)
        result.notes.ui_longest_main_thread_task_ms =
          `the longest main-thread task (Long Tasks API, which sees only tasks over 50 ms; 0 means none) from Start until 475 or the cap, worst of the default-backend runs; ` +
          `page load before Start: up to ${round(Math.max(...runs.map((run) => run.longestTaskMsPageLoad)), 4)} ms`
      }
    }
    // MountainCar with the sparse-vs-shaped lesson's energy shaping, on the default backend.
    if (requested === null) {
      const mountainCar = await benchMountainCarShaped(browser, url, quick)
      Object.assign(result.figures, mountainCar.figures)
      Object.assign(result.notes, mountainCar.notes)
      Object.assign(result.runs, mountainCar.runs)
    }
    // Large batches: 1024 copies × 32 steps per rollout, steps per second on wasm and on the
    // requested backend (WebGPU must beat wasm here on a real GPU).
    for (const backend of [...new Set(['wasm', ...(requested !== null ? [requested] : [])])]) {
      const large = await throughputInPage(browser, url, backend, quick ? 10 : 20)
      const name = `ppo_cartpole_1024_copies_steps_per_s_browser_${backend}`
      result.figures[name] = large.stepsPerSecond === null ? null : round(large.stepsPerSecond, 4)
      result.notes[name] = `PPO with 1024 CartPole copies × 32 steps per rollout, ?backend=${backend} (the app used ${large.backendUsed}); env steps per second of training (rollout and update) after a 5 s warm-up${large.problem ? `; ${large.problem}` : ''}`
      progress(`browser 1024 copies on ${backend} (${large.backendUsed}): ${large.stepsPerSecond === null ? large.problem : `${Math.round(large.stepsPerSecond)} steps/s`}`)
    }
    // Several seeds at once: all seeds' steps per second together, against one seed's.
    if (requested === null) {
      const cores = await browserCores(browser)
      const count = Math.min(cores, 8)
      const oneSeed = await seedsThroughput(browser, url, 1, quick ? 5 : 15)
      const one = oneSeed.stepsPerSecond
      result.figures.ppo_cartpole_steps_per_s_browser_1_seed = one
      // Large batches against the default's 16 copies: ratio = steps/s with 1024 copies ÷ steps/s with 16
      const large = 'ppo_cartpole_1024_copies_steps_per_s_browser_wasm'
      const copiesRatio = ratio(result.figures[large], one)
      result.figures.ppo_cartpole_1024_vs_16_copies_steps_per_s_ratio = copiesRatio === null ? null : round(copiesRatio, 3)
      result.notes.ppo_cartpole_1024_vs_16_copies_steps_per_s_ratio =
        `${large} ÷ ppo_cartpole_steps_per_s_browser_1_seed: PPO on CartPole with 1024 copies (?backend=wasm) against the default ${PPO_PRESETS.fast.numEnvs} copies (one seed, the app's default backend, which was ${oneSeed.backendUsed ?? 'none'}), ` +
        `both ${PPO_PRESETS.fast.numSteps} steps per rollout at learning rate ${PPO_PRESETS.fast.learningRate}; above 1: more steps per second with more copies. The 1024-copy rate is Δ Steps ÷ Δ Time after a 5 s warm-up, the ${PPO_PRESETS.fast.numEnvs}-copy one the mean of the status bar's Steps/s` +
        (copiesRatio === null ? `; null: ${result.figures[large] == null ? 'no 1024-copy figure' : 'no 1-seed figure'}` : '')
      if (count > 1) {
        const many = (await seedsThroughput(browser, url, count, quick ? 5 : 15)).stepsPerSecond
        result.figures[`ppo_cartpole_steps_per_s_browser_${count}_seeds`] = many
        // efficiency = rate with K seeds / (K × rate with one seed)
        result.figures.seeds_at_once_scaling_efficiency = one !== null && many !== null ? round(many / (count * one), 3) : null
        result.notes.seeds_at_once_scaling_efficiency = `steps per second of ${count} seeds at once (one worker each, the browser reports ${cores} cores) ÷ (${count} × one seed's); 1 is perfectly linear`
      }
    }
    result.runs.browser = { chromium: browser.version(), buildSeconds: round(buildSeconds, 3), capSeconds }
    return result
  })
}

/** Steps per second of PPO with 1024 copies, over `seconds` after a 5 s warm-up, from the app's own figures. */
async function throughputInPage(browser: Browser, baseUrl: string, backend: string, seconds: number): Promise<{ backendUsed: string | null; stepsPerSecond: number | null; problem: string | null }> {
  const query = new URLSearchParams({ backend, env: 'cartpole', l: 'ppo', 'l.numEnvs': '1024', 'l.numSteps': '32', 'l.learningRate': '0.003' })
  const { page, backendUsed, backendText, close } = await openApp(browser, baseUrl, query)
  try {
    if (backendUsed === null || backendUsed === 'none') return { backendUsed, stepsPerSecond: null, problem: `no backend: ${backendText.trim()}` }
    await page.evaluate('window.__benchWatch(Infinity)')
    await page.getByRole('button', { name: 'Start', exact: true }).click()
    const read = async () => ((await page.evaluate('window.__benchRead()')) as ProbeState).latest
    const deadline = performance.now() + (seconds + 5 + WALL_SLACK_S) * 1000
    let first: Figures | null = null
    for (;;) {
      await page.waitForTimeout(POLL_MS)
      const latest = await read()
      if (latest?.timeSeconds != null && latest.steps != null) {
        if (first === null && latest.timeSeconds >= 5) first = latest
        if (first !== null && latest.timeSeconds - first.timeSeconds! >= seconds) {
          // steps/s = Δ steps / Δ the app's training time
          return { backendUsed, stepsPerSecond: (latest.steps - first.steps!) / (latest.timeSeconds - first.timeSeconds!), problem: null }
        }
      }
      if (performance.now() > deadline) return { backendUsed, stepsPerSecond: null, problem: `no figures within ${seconds + 5} s of training` }
    }
  } finally {
    await close()
  }
}

/** How many cores the browser reports (navigator.hardwareConcurrency): the most seeds it offers at once. */
async function browserCores(browser: Browser): Promise<number> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    return Number(await page.evaluate('navigator.hardwareConcurrency')) || 1
  } finally {
    await context.close()
  }
}
