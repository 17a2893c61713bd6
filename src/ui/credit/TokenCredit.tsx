import { EMPTY, MAX_LENGTH_INDEX, TOKEN_LABELS, tokenSeqLayout } from '../../core/envs/tokenseq'
import { estimatorBaseline, isProcessBaseline } from '../../core/run/learnerOptions'
import { usePlayground } from '../../state/run/store'
import { creditColour } from '../common/colours'
import { useViewRun } from '../run/useViewRun'
import { TokenCreditComparison } from './TokenCreditComparison'

/**
 * The latest group's completions with every token coloured by the advantage its completion got
 * (a group learner gives all tokens of a completion the same advantage): gold above zero, red
 * below, grey for none at all.
 */
export function TokenCredit() {
  const latest = useViewRun((run) => run.latest)
  const perToken = usePlayground((state) => state.design.learner.kind === 'grpo' && (isProcessBaseline(estimatorBaseline(state.design.learner.estimator)) || state.design.learner.progress !== undefined))
  // Under process supervision, or with PAV's progress on, every token has credit of its own: each kind's, token by token.
  if (perToken) return <TokenCreditComparison />
  const demo = latest?.demo
  const advantages = latest?.advantages
  if (!demo || demo.steps === 0 || !advantages) return <p className="advantage-summary">Shown after the first update.</p>
  const stateSize = demo.states.length / (demo.steps * demo.copies)
  const lastStep = (demo.steps - 1) * demo.copies * stateSize
  const L = demo.states[lastStep + MAX_LENGTH_INDEX]
  const { lastA, lastB, lastTokens } = tokenSeqLayout(L)
  const reach = Math.max(1e-9, ...Array.from(advantages.subarray(0, demo.copies), Math.abs))
  return (
    <ol className="token-credit" aria-label="Tokens by advantage">
      {Array.from({ length: demo.copies }, (_, copy) => {
        const base = lastStep + copy * stateSize
        const advantage = advantages[copy] ?? 0
        const tokens: string[] = []
        for (let j = 0; j < L; j++) {
          const token = demo.states[base + lastTokens + j]
          if (token === EMPTY) break
          tokens.push(TOKEN_LABELS[token] ?? '?')
        }
        // alpha = |A| / max |A| over the group
        const colour = creditColour(advantage, reach)
        return (
          <li key={copy}>
            <span className="prompt">
              {demo.states[base + lastA]}+{demo.states[base + lastB]}=
            </span>
            {tokens.map((token, j) => (
              <span key={j} className="token" style={{ background: colour }}>
                {token}
              </span>
            ))}
            <span className="token-advantage">A = {advantage.toFixed(2)}</span>
          </li>
        )
      })}
    </ol>
  )
}
