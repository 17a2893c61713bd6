import { describe, expect, it } from 'vitest'
import { readRunLines, recordLine } from './runRecord'
import { hazardSweep, record } from './testSweeps'

/* A results file read back: whole lines are runs, an unfinished last line is none, a damaged line is named. */

describe('readRunLines', () => {
  const sweep = hazardSweep(2)
  const lines = [record(sweep, 0, 1, -3), record(sweep, 3, null, null), record(sweep, 5, 0.5, -1)].map(recordLine)

  it('reads every whole line back as it was written', () => {
    expect(readRunLines(lines.join(''), 'runs.jsonl', sweep)).toEqual({ records: [record(sweep, 0, 1, -3), record(sweep, 3, null, null), record(sweep, 5, 0.5, -1)], problems: [], torn: false })
    expect(readRunLines('', 'runs.jsonl', sweep)).toEqual({ records: [], problems: [], torn: false })
  })

  it('takes text after the last newline for a line a killed process did not finish: no run', () => {
    const torn = lines[2].slice(0, 40)
    expect(readRunLines(lines[0] + lines[1] + torn, 'runs.jsonl', sweep)).toEqual({ records: [record(sweep, 0, 1, -3), record(sweep, 3, null, null)], problems: [], torn: true })
    // Even an unfinished line that happens to be whole JSON: the newline is what says it was written.
    expect(readRunLines(lines[0] + lines[1].trimEnd(), 'runs.jsonl', sweep).records).toEqual([record(sweep, 0, 1, -3)])
  })

  it('names a damaged line by file and line, and a line of another sweep', () => {
    const other = { ...record(sweep, 2, 1, 1), seed: 9 }
    const read = readRunLines([lines[0], '{"run": 1, "po\n', recordLine({ ...record(sweep, 1, 1, 1), objective: 'high' } as never), recordLine(other), recordLine(record(sweep, 4, 1, 1)).replace('"run":4', '"run":6')].join(''), 'runs.jsonl', sweep)
    expect(read.records).toEqual([record(sweep, 0, 1, -3)])
    expect(read.problems).toEqual([
      'runs.jsonl line 2: not a JSON line; a results line is one run\'s JSON object',
      'runs.jsonl line 3: objective: Invalid input: expected number, received string',
      'runs.jsonl line 4: run 2 of this sweep is point 1 (w.hazard=50) on seed 5, but the line says point 1 (w.hazard=50) on seed 9: it is of another sweep',
      'runs.jsonl line 5: run 6 is past this sweep\'s last run, 5',
    ])
  })
})
