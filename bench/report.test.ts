import { describe, expect, it } from 'vitest'
import { flattenTable, toJson, toTable, type BenchReport } from './report'

const report: BenchReport = {
  machine: { cpu: 'test cpu', cores: 2, memory_gib: 4, os: 'Linux', node: 'v20', chromium: null, tfjs: '4.22.0', load_average_at_start: 0 },
  quick: true,
  sections: { backends: { ok: true, seconds: 1, load_average_at_start: 0.5, load_average_at_end: 0.7 } },
  figures: { ppo_cartpole_1024_vs_16_copies_steps_per_s_ratio: 2.5 },
  tables: {
    backend_step_ms: { wasm: { '64': { '16': 1.5, '4096': null } } },
    webgpu_wasm_crossover_rows: { '64': null, '256': 1024 },
  },
  notes: {},
  runs: {},
  bench_wall_seconds: 1,
}

describe('figure tables', () => {
  it('flatten to one dotted name per cell, in order', () => {
    expect(flattenTable('backend_step_ms', report.tables.backend_step_ms)).toEqual([
      ['backend_step_ms.wasm.64.16', 1.5],
      ['backend_step_ms.wasm.64.4096', null],
    ])
  })

  it('sit at the top level of the JSON beside the plain figures', () => {
    const json = JSON.parse(toJson(report)) as Record<string, unknown>
    expect(json.ppo_cartpole_1024_vs_16_copies_steps_per_s_ratio).toBe(2.5)
    expect(json.backend_step_ms).toEqual({ wasm: { '64': { '16': 1.5, '4096': null } } })
    expect(json.webgpu_wasm_crossover_rows).toEqual({ '64': null, '256': 1024 })
  })

  it('print a line per cell in the table for people', () => {
    const lines = toTable(report).split('\n')
    expect(lines).toContainEqual(expect.stringMatching(/^backend_step_ms\.wasm\.64\.16 +1\.5$/))
    expect(lines).toContainEqual(expect.stringMatching(/^webgpu_wasm_crossover_rows\.256 +1024$/))
    expect(lines).toContainEqual(expect.stringMatching(/^webgpu_wasm_crossover_rows\.64 +null \(see notes\)$/))
  })

  it('say how each section went, with the load beside it, and why one failed', () => {
    const failed: BenchReport = { ...report, sections: { ...report.sections, 'reward-model': { ok: false, seconds: 600, error: 'ran past its limit of 600 s and was stopped', load_average_at_start: 1, load_average_at_end: 2 } } }
    const lines = toTable(failed).split('\n')
    expect(lines).toContain('section backends: 1 s, load 0.5 → 0.7')
    expect(lines).toContain('FAILED reward-model (after 600 s, load 1 → 2): ran past its limit of 600 s and was stopped')
    expect(JSON.parse(toJson(failed)).sections['reward-model']).toMatchObject({ ok: false, error: 'ran past its limit of 600 s and was stopped' })
  })
})
