import { describe, expect, it } from 'vitest'
import { defaultJobs } from './cores'

describe('defaultJobs', () => {
  it('is one job per core up to the most', () => {
    expect(defaultJobs(64, 8)).toEqual({ jobs: 8, note: null })
    expect(defaultJobs(64, 128)).toEqual({ jobs: 64, note: null })
  })

  it.each([NaN, null, 0, -2, 2.5, '8', Infinity])('falls back to 1 and says why for a core count of %s', (cores) => {
    const { jobs, note } = defaultJobs(64, cores)
    expect(jobs).toBe(1)
    expect(note).toMatch(/^the number of cores is unknown \(the system reports .*\), so 1 run trains at a time; give --jobs N for more$/)
  })
})
