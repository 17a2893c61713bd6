import type { MonitorEvidence } from './monitorEvidenceSchema'

/** Two monitors over 2 seeds × 3 variants = 6 runs, the gold turned in 4 (figures made up). */
export const MADE_UP: MonitorEvidence = {
  version: 1,
  generatedBy: 'test',
  date: '2026-12-01T12:00:00.000Z',
  machine: { cpu: 'test', cores: 2, node: 'v20.19.0' },
  firstSeed: 1,
  seeds: 2,
  framesPerRun: 100,
  gold: { window: 5, margin: 0.25 },
  setupFingerprint: '0123456789abcdef',
  runs: 6,
  goldTurned: 4,
  lessons: [{ id: 'coin-loop', steps: 20_000, variants: [0, 1, 2].map((index) => ({ index, label: `variant ${index}`, fingerprint: 'fedcba9876543210' })) }],
  scores: [
    { monitor: 'length-drift', label: 'Length drift', needsGold: false, runs: 6, hits: 2, late: 1, misses: 1, falseAlarms: 1, quiet: 1, unmeasurable: 0, lead: { median: 1500.4, min: 1000, max: 12000 } },
    { monitor: 'proxy-divergence', label: 'Proxy–objective divergence (reads the gold)', needsGold: true, runs: 6, hits: 0, late: 0, misses: 0, falseAlarms: 0, quiet: 0, unmeasurable: 6, lead: null },
  ],
}
