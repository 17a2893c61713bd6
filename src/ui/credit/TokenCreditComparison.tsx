import { useMemo } from 'react'
import { tokenCreditComparison, tokenCreditKinds, type TokenCreditKind } from '../../model/tokenCreditComparison'
import { usePlayground } from '../../state/run/store'
import { creditColour } from '../common/colours'
import { useViewRun } from '../run/useViewRun'

/** What a token's tooltip calls each kind's number. */
const SYMBOLS: Record<TokenCreditKind, string> = { outcome: 'A', process: 'A', progress: 'p', total: 'A + p' }

/** The caption under each kind of row, where the rows carry it. */
function captionOf(kinds: readonly TokenCreditKind[]): string | null {
  if (!kinds.includes('progress')) return null
  const own = kinds.includes('process') ? 'process' : 'outcome'
  return `progress: PAV’s p = weight × the prover’s change in its chance of a right answer at that token; total: ${own} + progress, what the loss weighs each token by.`
}

/**
 * The latest recorded batch's first group, each completion once for each kind of credit its tokens
 * get: the outcome's (the answer's group advantage, the same on every token); under the process
 * baseline the process's (each token's sum of group-normalised rewards from it on); with PAV's
 * progress on, each token's progress and the total the loss uses. Shown for a run under the process
 * baseline or with progress on, whose batch carries its tokens.
 */
export function TokenCreditComparison() {
  const groupBatch = useViewRun((run) => run.groupBatch)
  const weights = usePlayground((state) => state.design.weights)
  const learner = usePlayground((state) => state.design.learner)
  const rows = useMemo(() => (groupBatch && learner.kind === 'grpo' ? tokenCreditComparison(groupBatch, weights, learner.estimator) : null), [groupBatch, weights, learner])
  if (rows === null) return <p className="advantage-summary">Shown after the first recorded update.</p>
  const kinds = tokenCreditKinds(rows)
  // alpha = |credit| / the largest |credit| of every row shown, so the kinds compare by colour.
  const reach = Math.max(1e-9, ...rows.flatMap((row) => kinds.flatMap((kind) => row[kind]!.map(Math.abs))))
  const caption = captionOf(kinds)
  return (
    <>
      {caption && <p className="advantage-summary">{caption}</p>}
      <ol className="token-credit" aria-label={`Credit per token, ${kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)}` : kinds.join('')}`}>
        {rows.flatMap((row, i) =>
          kinds.map((kind, k) => (
            <li key={`${i}-${kind}`} aria-label={`answer ${i + 1}, ${kind} credit`}>
              <span className="prompt">{k === 0 ? `${i + 1}. ${kind}` : `   ${kind}`}</span>
              {row.tokens.map((token, t) => (
                <span key={t} className="token" style={{ background: creditColour(row[kind]![t], reach) }} title={`${SYMBOLS[kind]} = ${row[kind]![t].toFixed(3)}`}>
                  {token}
                </span>
              ))}
            </li>
          )),
        )}
      </ol>
    </>
  )
}
