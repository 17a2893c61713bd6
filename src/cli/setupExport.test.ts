import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { PpoOptionsSchema } from '../core/run/config'
import { defaultDesign, runConfigOf } from '../model/design'
import { setupToJson } from '../model/setupFile'
import { gridSetup, mountainCarSetup } from '../model/testDesigns'
import { parseRunConfig } from './train-command'
import { cliAsync, jsonLines } from './testing'

const DIR = mkdtempSync(join(tmpdir(), 'setup-'))
afterAll(() => rmSync(DIR, { recursive: true, force: true }))

describe('the whole setup as a run config', () => {
  it.each([
    ['cartpole, defaults', defaultDesign()],
    ['mountaincar with terms, shaping, a transform, REINFORCE', mountainCarSetup()],
    ['gridworld lava, tabular', gridSetup()],
  ])('%s: the command line’s parseRunConfig reads the exported text as the same config', (_, design) => {
    const text = setupToJson(design)
    expect(parseRunConfig(text, 'setup.json')).toEqual(runConfigOf(design))
    expect(Object.keys(JSON.parse(text))).toEqual(['env', 'mix', 'learner', 'seed'])
  })

  it('trains from the command line: `train --config` on the exported file', async () => {
    const design = defaultDesign('cartpole', 3)
    design.learner = PpoOptionsSchema.parse({ kind: 'ppo', numEnvs: 2, numSteps: 32 })
    const path = join(DIR, 'setup.json')
    writeFileSync(path, setupToJson(design))
    const { code, stdout, stderr } = await cliAsync(['train', '--config', path, '--iterations', '2'])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const lines = jsonLines<{ iteration?: number; envSteps: number; done?: boolean }>(stdout)
    expect(lines.map((line) => line.envSteps)).toEqual([64, 128, 128])
    expect(lines.at(-1)!.done).toBe(true)
  })
})
