import { useMemo } from 'react'
import { tokenCreditComparison } from '../../model/tokenCreditComparison'
import { usePlayground } from '../../state/run/store'
import { useViewRun } from '../run/useViewRun'

/** A token's colour for its advantage A: gold above 0, red below, alpha = |A| / max |A|. */
function colourOf(advantage: number, reach: number): string {
  const alpha = (Math.abs(advantage) / reach).toFixed(2)
  return advantage === 0 ? 'transparent' : advantage > 0 ? `rgba(255, 209, 102, ${alpha})` : `rgba(239, 71, 111, ${alpha})`
}

/**
 * The latest recorded batch's first group, each completion twice: its tokens coloured by the credit
 * the outcome gives them (the answer's group advantage, the same on every token) and by the credit
 * the process gives them (each token's sum of group-normalised rewards from it on). Shown for a run
 * under the process baseline, whose batch carries each token's reward.
 */
export function TokenCreditComparison() {
  const groupBatch = useViewRun((run) => run.groupBatch)
  const weights = usePlayground((state) => state.design.weights)
  const learner = usePlayground((state) => state.design.learner)
  const rows = useMemo(() => (groupBatch && learner.kind === 'grpo' ? tokenCreditComparison(groupBatch, weights, learner.estimator) : null), [groupBatch, weights, learner])
  if (rows === null) return <p className="advantage-summary">Shown after the first recorded update.</p>
  const reach = Math.max(1e-9, ...rows.flatMap((row) => [...row.outcome, ...row.process].map(Math.abs)))
  return (
    <ol className="token-credit" aria-label="Credit per token, outcome and process">
      {rows.flatMap((row, i) =>
        (['outcome', 'process'] as const).map((kind) => (
          <li key={`${i}-${kind}`} aria-label={`answer ${i + 1}, ${kind} credit`}>
            <span className="prompt">{kind === 'outcome' ? `${i + 1}. outcome` : '   process'}</span>
            {row.tokens.map((token, t) => (
              <span key={t} className="token" style={{ background: colourOf(row[kind][t], reach) }} title={`A = ${row[kind][t].toFixed(3)}`}>
                {token}
              </span>
            ))}
          </li>
        )),
      )}
    </ol>
  )
}
