import type { SignChangeCounts } from '../../core/rollouts/signChanges'
import { useRollouts } from '../../state/rollouts/rollouts'
import { formatCount, formatFixed } from '../common/format'

const KIND_LABELS = { flip: 'flip', toZero: 'to zero', fromZero: 'from zero' } as const

/** "3 flips, 1 to zero, 0 from zero of 768 compared". */
function countsText(counts: SignChangeCounts): string {
  return `${formatCount(counts.flips)} flip${counts.flips === 1 ? '' : 's'}, ${formatCount(counts.toZero)} to zero, ${formatCount(counts.fromZero)} from zero, of ${formatCount(counts.compared)} compared`
}

const valueText = (value: number | null) => (value === null ? '—' : formatFixed(value, 3))

/**
 * Where the design pushes completions the other way from the run's logged advantage (else the
 * file's own design): the counts for the chosen step (or the whole file), and the file's first
 * changes with their kept text, both advantages and every component's value. Texts are plain text.
 */
export function RolloutSignChangesShown({ chosen }: { chosen: number }) {
  const changes = useRollouts((state) => state.views?.signChanges)
  const names = useRollouts((state) => state.opened?.names ?? [])
  if (changes === undefined) return null
  if ('problem' in changes) {
    return (
      <section aria-label="Sign changes">
        <h3>Sign changes</h3>
        <p className="hint">No sign changes: {changes.problem}.</p>
      </section>
    )
  }
  const counts = chosen >= 0 && chosen < changes.steps.length ? changes.steps[chosen].counts : changes.whole
  const versus = changes.versus === 'logged advantage' ? "the run's logged advantage" : "the file's own design (score weighs 1, GRPO's estimator)"
  return (
    <section aria-label="Sign changes">
      <h3>Sign changes</h3>
      <p className="hint">Against {versus}: a flip turns a push the other way; to zero takes it away; from zero gives one.</p>
      <p aria-label="Sign change counts">{countsText(counts)}</p>
      {changes.listed.length > 0 && (
        <div className="rollouts-sign-changes">
          <table aria-label="First sign changes">
            <caption className="hint">The file&apos;s first {changes.listed.length} changes</caption>
            <thead>
              <tr>
                <th scope="col">step</th>
                <th scope="col">group</th>
                <th scope="col">change</th>
                <th scope="col">before</th>
                <th scope="col">after</th>
                {names.map((name) => (
                  <th scope="col" key={name}>
                    {name}
                  </th>
                ))}
                <th scope="col">text</th>
              </tr>
            </thead>
            <tbody>
              {changes.listed.map((change) => (
                <tr key={change.completion}>
                  <td>{change.step ?? '—'}</td>
                  <td>{change.group}</td>
                  <td>{KIND_LABELS[change.kind]}</td>
                  <td>{valueText(change.before)}</td>
                  <td>{valueText(change.after)}</td>
                  {change.values.map((value, k) => (
                    <td key={k}>{valueText(value)}</td>
                  ))}
                  <td className="rollouts-text">{change.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
