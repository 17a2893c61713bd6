import { SIGN_FLIP_FRACTION, ZERO_ADVANTAGE_FRACTION } from '../core/run/metrics'

/*
 * One line for a diagnostic of the Diagnostics panel whose name does not say what it measures; the
 * panel shows it as the row's hint. Diagnostics without an entry show their name alone.
 */
const HINTS: Readonly<Record<string, string>> = {
  [ZERO_ADVANTAGE_FRACTION]: 'The share of the latest update’s advantages (or TD errors) that are exactly zero: credit that moved nothing.',
  [SIGN_FLIP_FRACTION]:
    'The share of the latest update’s completions whose advantage has the wrong sign: above its group’s baseline yet below its prompt’s true expected reward under the policy, or the reverse. Measured by GRPO on the bandit, where that expectation is known exactly.',
}

/** The one-line explanation of diagnostic `name`, or null when its name is all there is. */
export function diagnosticHint(name: string): string | null {
  return Object.hasOwn(HINTS, name) ? HINTS[name] : null
}
