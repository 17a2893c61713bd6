import { progressRewards } from '../src/core/credit/progressRewards'
import { proverSuccess, type Prover } from '../src/core/credit/proverSuccess'
import { randomMlpProver, uniformProver } from '../src/core/credit/testProvers'
import { END, THINK } from '../src/core/envs/tokenseq'
import { emptyResult, type SectionResult } from './results'
import { median, progress, round } from './stats'

/**
 * `prover_success_100_prompts_l8_ms_*`: PAV's exact prover success (proverSuccess) for all 100
 * prompts of the token task at max_length 8, with a uniform prover and with a random 47 → 16 → 12
 * tanh MLP written as a plain function (the prover's own time included); and the progress of 10,000
 * completions of 5 tokens by one table. Median of many repeats, one Node thread.
 */
export function benchProverSuccess(quick: boolean): SectionResult {
  const result = emptyResult()
  const prompts: { a: number; b: number }[] = []
  for (let a = 0; a < 10; a++) for (let b = 0; b < 10; b++) prompts.push({ a, b })
  const repeats = quick ? 5 : 50
  const provers: [string, Prover][] = [
    ['uniform', uniformProver],
    ['mlp16', randomMlpProver(1)],
  ]
  let sink = 0
  for (const [name, prover] of provers) {
    const times: number[] = []
    for (let r = 0; r < repeats; r++) {
      const start = performance.now()
      for (const prompt of prompts) sink += proverSuccess(prompt, 8, prover)([])
      times.push(performance.now() - start)
    }
    const figure = `prover_success_100_prompts_l8_ms_${name}`
    result.figures[figure] = round(median(times)!, 3)
    result.runs[figure] = [round(Math.min(...times), 3), round(Math.max(...times), 3)]
    progress(`${figure}: ${result.figures[figure]}`)
  }
  result.notes.prover_success_100_prompts_l8_ms_mlp16 = `a 47 → 16 → 12 tanh MLP, softmax, asked once per prompt about the states still on the answer (checksum ${sink.toFixed(6)})`
  const q = proverSuccess({ a: 5, b: 7 }, 8, randomMlpProver(1))
  const completion = [THINK, 1, THINK, 2, END]
  const times: number[] = []
  for (let r = 0; r < repeats; r++) {
    const start = performance.now()
    for (let i = 0; i < 10000; i++) sink += progressRewards({ a: 5, b: 7 }, completion, 8, q)[3]
    times.push(performance.now() - start)
  }
  result.figures.progress_rewards_10k_completions_ms = round(median(times)!, 3)
  result.runs.progress_rewards_10k_completions_ms = [round(Math.min(...times), 3), round(Math.max(...times), 3)]
  progress(`progress_rewards_10k_completions_ms: ${result.figures.progress_rewards_10k_completions_ms}`)
  return result
}
