import { describe, expect, it } from 'vitest'
import { readNumpyReference, type ScriptOutcome } from './numpyReference'

function outcome(parts: Partial<ScriptOutcome>): ScriptOutcome {
  return { error: undefined, status: 0, signal: null, stdout: '', stderr: '', ...parts }
}

function spawnError(code: string): Error {
  return Object.assign(new Error(`spawnSync python3 ${code}`), { code })
}

describe('reading the numpy CartPole reference', () => {
  it('takes the rate, repeats and numpy version from the last line of output', () => {
    const stdout = 'a warning\n{"steps_per_s": 25000000.5, "repeats": [24000000, 25000000, 26000000], "numpy": "2.4.6"}\n'
    expect(readNumpyReference(outcome({ stdout }), 60_000)).toEqual({ stepsPerSecond: 25000000.5, repeats: [24000000, 25000000, 26000000], numpyVersion: '2.4.6' })
  })

  it.each([
    ['python3 is missing', outcome({ error: spawnError('ENOENT'), status: null }), 'python3 not found'],
    ['the script runs too long', outcome({ error: spawnError('ETIMEDOUT'), status: null, signal: 'SIGTERM' }), 'the numpy script ran past its 60 s limit'],
    [
      'numpy is missing',
      outcome({ status: 1, stderr: 'Traceback (most recent call last):\n  File "cartpole_numpy.py", line 16\nModuleNotFoundError: No module named \'numpy\'\n' }),
      'numpy not installed (python3 -m pip install numpy)',
    ],
    ['the script fails', outcome({ status: 1, stderr: 'Traceback (most recent call last):\nValueError: bad shape\n' }), 'the numpy script failed: ValueError: bad shape'],
    ['the script is killed silently', outcome({ status: null, signal: 'SIGKILL' }), 'the numpy script failed: killed by SIGKILL'],
    ['the output is not JSON', outcome({ stdout: 'steps: many\n' }), 'the numpy script printed no JSON line (got "steps: many")'],
    ['the rate is missing', outcome({ stdout: '{"repeats": []}' }), "the numpy script's steps_per_s is not a positive number (got undefined)"],
    ['the rate is zero', outcome({ stdout: '{"steps_per_s": 0}' }), "the numpy script's steps_per_s is not a positive number (got 0)"],
  ])('gives no figure, and says why, when %s', (_case, result, why) => {
    expect(readNumpyReference(result, 60_000)).toEqual({ skipped: why })
  })
})
