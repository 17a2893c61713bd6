import { describe, expect, it } from 'vitest'
import { emptyResult } from './results'
import { runSection } from './sectionRun'

describe('a bench section under its time limit', () => {
  it('hands back the figures of a section that finishes', async () => {
    const result = { ...emptyResult(), figures: { answer: 42 } }
    const { outcome, result: got } = await runSection(() => result, 1000)
    expect(outcome.ok).toBe(true)
    expect(got?.figures).toEqual({ answer: 42 })
  })

  it('says why a section that throws failed, with no figures', async () => {
    const { outcome, result } = await runSection(() => Promise.reject(new Error('page.waitForFunction: Timeout 120000ms exceeded')), 1000)
    expect(outcome).toMatchObject({ ok: false, error: 'page.waitForFunction: Timeout 120000ms exceeded' })
    expect(result).toBeNull()
  })

  it('stops waiting for a section that hangs at its limit, and abandons it', async () => {
    let abandoned = 0
    const { outcome, result } = await runSection(() => new Promise(() => {}), 20, () => {
      abandoned++
    })
    expect(outcome).toMatchObject({ ok: false, error: 'ran past its limit of 0.02 s and was stopped' })
    expect(outcome.seconds).toBeGreaterThanOrEqual(0.015)
    expect(result).toBeNull()
    expect(abandoned).toBe(1)
  })
})
