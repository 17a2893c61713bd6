import { useState } from 'react'
import type { RolloutTransform } from '../../core/rollouts/rolloutDesign'
import { setRolloutTransforms, useRollouts } from '../../state/rollouts/rollouts'

/** Each transform kind a file's components take, its fields and the values a new one starts with. */
const TRANSFORM_FIELDS: Record<RolloutTransform['kind'], readonly string[]> = { scale: ['factor'], clip: ['lo', 'hi'], bounded: ['reference'] }
const NEW_TRANSFORM: Record<RolloutTransform['kind'], RolloutTransform> = {
  scale: { kind: 'scale', factor: 1 },
  clip: { kind: 'clip', lo: -1, hi: 1 },
  bounded: { kind: 'bounded', reference: 0 },
}
const KINDS = Object.keys(TRANSFORM_FIELDS) as RolloutTransform['kind'][]

/** A transform as its fields' texts, as typed. */
type Draft = { kind: RolloutTransform['kind']; values: Record<string, string> }

const draftOf = (transform: RolloutTransform): Draft => ({
  kind: transform.kind,
  values: Object.fromEntries(TRANSFORM_FIELDS[transform.kind].map((field) => [field, String((transform as Record<string, unknown>)[field])])),
})

/** A typed value as the schema judges it: a number where the text is one, else the text itself, so that the core's message names it. */
const valueOf = (text: string): number | string => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text)

/**
 * A component's transforms, applied in order before it is weighed: add scale (factor), clip (lo,
 * hi) or bounded (reference), edit their values, remove one. A value the core's schema refuses is
 * shown with its message beside the inputs, and the last valid design stays in force.
 */
export function RolloutTransforms({ name }: { name: string }) {
  const transforms = useRollouts((state) => state.design?.components[name]?.transforms)
  // What is typed while it is refused, over the transforms it was typed on; otherwise (none, or the design changed since) the design's own.
  const [typed, setDraft] = useState<{ drafts: Draft[]; problem: string; over: readonly RolloutTransform[] } | null>(null)
  if (transforms === undefined) return null
  const draft = typed?.over === transforms ? typed : null
  const shown = draft?.drafts ?? transforms.map(draftOf)
  const apply = (drafts: Draft[]) => {
    const problem = setRolloutTransforms(
      name,
      drafts.map((item) => ({ kind: item.kind, ...Object.fromEntries(Object.entries(item.values).map(([field, text]) => [field, valueOf(text)])) })),
    )
    setDraft(problem === null ? null : { drafts, problem, over: transforms })
  }
  return (
    <div className="rollouts-transforms" role="group" aria-label={`Transforms of ${name}`}>
      <span className="hint">Transforms</span>
      <ol>
        {shown.map((item, t) => (
          <li key={t}>
            {item.kind}
            {TRANSFORM_FIELDS[item.kind].map((field) => (
              <label key={field}>
                {' '}
                {field}{' '}
                <input
                  type="text"
                  inputMode="decimal"
                  size={5}
                  aria-label={`${field} of ${item.kind} ${t + 1} on ${name}`}
                  value={item.values[field]}
                  onChange={(event) => apply(shown.map((other, at) => (at === t ? { ...other, values: { ...other.values, [field]: event.target.value } } : other)))}
                />
              </label>
            ))}{' '}
            <button type="button" aria-label={`Remove ${item.kind} ${t + 1} from ${name}`} onClick={() => apply(shown.filter((_, at) => at !== t))}>
              Remove
            </button>
          </li>
        ))}
      </ol>
      {KINDS.map((kind) => (
        <button key={kind} type="button" aria-label={`Add ${kind} to ${name}`} onClick={() => apply([...transforms.map(draftOf), draftOf(NEW_TRANSFORM[kind])])}>
          + {kind}
        </button>
      ))}
      {draft && (
        <p className="field-error" role="alert" aria-label={`Transforms problem of ${name}`}>
          {draft.problem}
        </p>
      )}
    </div>
  )
}
