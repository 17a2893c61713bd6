import { describe, expect, it } from 'vitest'
import { readRunLines } from './runRecord'
import { summarizeSweep } from './summary'
import { recordsJsonLines, summaryCsv, summaryRows } from './sweepExport'
import { hazardSweep, record } from './testSweeps'

/* A sweep's records and summary as files: hand-made records, the rows and lines by hand. */

const FRONT = [
  { name: 'objective', higherIsBetter: true },
  { name: 'shapedReturn', higherIsBetter: true },
] as const

describe('sweep export', () => {
  const sweep = hazardSweep(2)
  // Point 0: objective 1 and 3, return −10 and −30; point 1: 0.5 and none; point 2: no run yet.
  const records = [record(sweep, 1, 3, -30), record(sweep, 0, 1, -10), record(sweep, 2, 0.5, -5), record(sweep, 3, null, null)]

  it('writes one row per point: its axes, runs, each figure’s mean and std over its seeds, and whether it is on the front', () => {
    const rows = summaryRows(sweep, summarizeSweep(sweep, records, FRONT))
    expect(rows[0]).toEqual([
      'point',
      'w.hazard',
      'runs',
      'objective mean',
      'objective std',
      'shapedReturn mean',
      'shapedReturn std',
      'zeroAdvantageFraction mean',
      'zeroAdvantageFraction std',
      'episodeLength mean',
      'episodeLength std',
      'contribution:step mean',
      'contribution:step std',
      'contribution:hazard mean',
      'contribution:hazard std',
      'contribution:goal mean',
      'contribution:goal std',
      'contribution:progress mean',
      'contribution:progress std',
      'pareto front',
    ])
    // Point 0: objective mean 2, std √((1 + 1)/1) = √2; return mean −20, std √((100 + 100)/1) = √200.
    expect(rows[1]).toEqual(['0', '0', '2', '2', String(Math.SQRT2), '-20', String(Math.sqrt(200)), '0.5', '0', '', '', '-20', String(Math.sqrt(200)), '0', '0', '0', '0', '0', '0', 'yes'])
    // Point 1: one run with figures (std 0 for one run), one without; the second run's contributions are none.
    expect(rows[2]).toEqual(['1', '50', '2', '0.5', '0', '-5', '0', '0.5', '0', '', '', '-5', '0', '0', '0', '0', '0', '0', '0', 'yes'])
    // Point 2: nothing yet, so empty cells and off the front.
    expect(rows[3]).toEqual(['2', '100', '0', ...Array.from({ length: 16 }, () => ''), 'no'])
    expect(rows).toHaveLength(4)
  })

  it('writes the rows as CSV with CRLF line ends', () => {
    const csv = summaryCsv(sweep, summarizeSweep(sweep, records, FRONT))
    const lines = csv.split('\r\n')
    expect(lines).toHaveLength(5)
    expect(lines[4]).toBe('')
    expect(lines[0].startsWith('point,w.hazard,runs,objective mean,objective std,')).toBe(true)
    expect(lines[3]).toBe(`2,100,0${','.repeat(16)},no`)
  })

  it('writes the runs as the command line’s JSON lines, in run order, each once, which read back as the same records', () => {
    const text = recordsJsonLines([...records, { ...records[0], seconds: 9 }])
    expect(text.split('\n')).toHaveLength(5)
    const read = readRunLines(text, 'runs.jsonl', sweep)
    expect(read).toEqual({ records: [records[1], records[0], records[2], records[3]], problems: [], torn: false })
  })
})
