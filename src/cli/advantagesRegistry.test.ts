import { describe, expect, it } from 'vitest'
import { commandNameOf, GROUP_ESTIMATORS } from '../core/credit/estimators'
import { ADVANTAGES_ESTIMATORS, advantagesCommand } from './advantages-command'
import { HELP, UsageError } from './usage'

/** The estimators the help names after `advantages --estimator`, alone or as a|b|c. */
function estimatorsInHelp(): Set<string> {
  const named = [...HELP.matchAll(/advantages --estimator ([\w|]+)/g)].flatMap((match) => match[1].split('|'))
  return new Set(named)
}

describe('the advantages command reads the estimator registry', () => {
  it('lists every estimator by its command name, after gae and before tree', () => {
    expect(ADVANTAGES_ESTIMATORS).toEqual(['gae', ...GROUP_ESTIMATORS.map(commandNameOf), 'tree'])
  })

  it('has usage text for every estimator it lists', () => {
    const documented = estimatorsInHelp()
    for (const name of ADVANTAGES_ESTIMATORS) expect(documented.has(name), `reward-playground advantages --estimator ${name} in usage.ts`).toBe(true)
  })

  it('answers to every name and alias of every estimator (the command name reinforce_pp and the name token_batch alike)', () => {
    for (const record of GROUP_ESTIMATORS) {
      for (const name of [record.name, ...record.aliases]) {
        // Empty stdin: each command gets as far as reading its input, so the name was taken and has a command.
        const run = () => advantagesCommand(['--estimator', name, ...(name === 'passk' ? ['--k', '1'] : [])], () => '')
        expect(run, name).toThrow(UsageError)
        expect(run, name).not.toThrow(/unknown estimator/)
      }
    }
    const viaAlias = advantagesCommand(['--estimator', 'reinforce_pp'], () => '{"rewards": [1, 0], "penalties": [[0, 0], [0]]}')
    expect(advantagesCommand(['--estimator', 'token_batch'], () => '{"rewards": [1, 0], "penalties": [[0, 0], [0]]}')).toBe(viaAlias)
  })
})
