import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { GOLD_TURN_DEFAULTS } from '../core/monitors/goldTurned'
import { MONITORS } from '../core/monitors/registry'
import { monitorSetupFingerprint } from '../core/monitors/setupFingerprint'
import { LESSONS } from '../lessons/catalogue'
import { designFingerprint } from '../lessons/fingerprint'
import { monitorEvidenceStaleness } from '../lessons/monitorEvidenceStaleness'
import { monitorTableMarkdown, TABLE_END, TABLE_START, tableInText } from '../lessons/monitorTable'
import { MADE_UP } from '../lessons/testMonitorEvidence'
import { checkMonitorDestinations, monitorEvidenceOf, readMonitorEvidence, writeMonitorEvidence } from './monitorEvidenceWrite'
import { monitorCheckArguments } from './monitor-command'
import { cliAsync, expectUsageError } from './testing'

const coin = LESSONS.find((lesson) => lesson.id === 'coin-loop')!
const machine = { cpu: 'test', cores: 2, node: 'v20.19.0' }

/** A folder with a README holding the markers around an old table, and the paths of the README and of a measured file not yet written. */
function folder(): { json: string; readme: string } {
  const dir = mkdtempSync(join(tmpdir(), 'monitor-evidence-'))
  const readme = join(dir, 'README.md')
  writeFileSync(readme, `# Title\n\n${TABLE_START}\nold\n${TABLE_END}\n\nAfter.\n`)
  return { json: join(dir, 'measured.json'), readme }
}

describe('monitorEvidenceOf', () => {
  // coin-loop's 3 variants on seeds 4–5: 6 runs, the gold turned in two; every monitor quiet or missing.
  const runs = Array.from({ length: 6 }, (_, k) => ({ goldTurned: k < 2 ? { frame: 50, envSteps: 10_000, peak: 1, value: 0 } : null, monitors: {} }))
  const scores = MONITORS.map((monitor) => ({ monitor: monitor.name, label: monitor.label, runs: 6, hits: 0, late: 0, misses: 2, falseAlarms: 0, quiet: 4, unmeasurable: 0, lead: null }))
  const file = monitorEvidenceOf([coin], 2, 4, GOLD_TURN_DEFAULTS, 100, MONITORS, { runs, scores }, machine, new Date('2026-12-01T12:00:00Z'))

  it('records the counts, the seeds, every variant’s fingerprint and the setup’s, and which monitor reads the gold', () => {
    expect(file).toMatchObject({ date: '2026-12-01T12:00:00.000Z', firstSeed: 4, seeds: 2, runs: 6, goldTurned: 2, setupFingerprint: monitorSetupFingerprint(), generatedBy: 'npm run -s cli -- monitor check coin-loop --seeds 2 --write' })
    expect(file.lessons).toEqual([{ id: 'coin-loop', steps: 20_000, variants: coin.variants.map((variant, index) => ({ index, label: variant.label, fingerprint: designFingerprint(variant.design) })) }])
    expect(file.scores.map((score) => score.needsGold)).toEqual([false, false, false, false, false, false, true])
    expect(monitorEvidenceStaleness([coin], file)).toEqual([])
  })

  it('writes the file and the README’s table from it, leaving the rest of the README as it was', () => {
    const { json, readme } = folder()
    checkMonitorDestinations(json, readme)
    writeMonitorEvidence(file, json, readme)
    expect(readMonitorEvidence(json)).toEqual(file)
    const text = readFileSync(readme, 'utf8')
    expect(tableInText(text)).toEqual({ table: monitorTableMarkdown(file) })
    expect(text.startsWith(`# Title\n\n${TABLE_START}\nMeasured 2026-12-01 over 6 runs`)).toBe(true)
    expect(text.endsWith(`${TABLE_END}\n\nAfter.\n`)).toBe(true)
  })
})

describe('checkMonitorDestinations', () => {
  it('refuses, before anything trains, a README without its markers', () => {
    const { json, readme } = folder()
    writeFileSync(readme, '# Title\n')
    expect(() => checkMonitorDestinations(json, readme)).toThrow(`cannot put the monitors' table in ${readme}: it has no ${TABLE_START} marker; put back the two marker lines around it`)
  })

  it('refuses a measured file that is damaged or not JSON, rather than overwrite it unseen', () => {
    const { json, readme } = folder()
    writeFileSync(json, JSON.stringify({ ...MADE_UP, runs: 7 }))
    expect(() => checkMonitorDestinations(json, readme)).toThrow(`the monitors' measured table ${json} is damaged: runs: must be the seeds times the variants measured`)
    writeFileSync(json, '{ nope')
    expect(() => checkMonitorDestinations(json, readme)).toThrow(`the monitors' measured table ${json} is not JSON`)
  })
})

describe('monitor check --write and monitor table', () => {
  it('takes --write as a flag without a value, and refuses it with another margin', async () => {
    expect(monitorCheckArguments(['coin-loop', '--write', '--seeds', '2'])).toMatchObject({ write: true, seeds: 2 })
    expect(monitorCheckArguments(['coin-loop'])).toMatchObject({ write: false })
    expect(expectUsageError(await cliAsync(['monitor', 'check', '--write', '--margin', '0.5']))).toContain('--write records the monitors as declared, the gold turning at --margin 0.25; drop --margin 0.5')
  })

  it('prints the table from the measured file; takes nothing but --write', async () => {
    const { code, stdout } = await cliAsync(['monitor', 'table'])
    expect(code).toBe(0)
    expect(stdout).toMatch(/^Measured \d{4}-\d\d-\d\d over \d+ runs: every variant of /)
    expect(expectUsageError(await cliAsync(['monitor', 'table', '--json']))).toContain('monitor table takes only --write, got "--json"')
    expect(expectUsageError(await cliAsync(['monitor', 'tables']))).toContain('monitor needs check or table, got "tables"')
  })
})
