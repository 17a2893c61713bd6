import { useId, useState } from 'react'
import { getEnv } from '../core/envs/registry'
import { COUNT_BONUS_KINDS, hasCountDiscretiser } from '../core/rewards/countBonus'
import type { BONUS_KINDS } from '../core/rewards/designSchema'
import { checkExpression } from '../core/rewards/expression'
import { expressionVariables } from '../core/rewards/extras'
import { potentialsFor } from '../core/rewards/shaping'
import type { Transform } from '../core/rewards/transforms'
import type { RewardExtras } from '../state/design'
import { usePlayground } from '../state/store'
import { changeReward } from '../state/trainingClient'
import { DesignFile } from './DesignFile'

/** The transforms a user can add from the panel (redistribute needs whole episodes, so batch learners only: not offered here). */
const TRANSFORMS: { kind: Transform['kind']; label: string; make: () => Transform }[] = [
  { kind: 'scale', label: 'scale ×2', make: () => ({ kind: 'scale', factor: 2 }) },
  { kind: 'clip', label: 'clip to [−1, 1]', make: () => ({ kind: 'clip', lo: -1, hi: 1 }) },
  { kind: 'normalize', label: 'normalise (running, γ 0.99)', make: () => ({ kind: 'normalize', gamma: 0.99, epsilon: 1e-8 }) },
  { kind: 'bounded', label: 'bounded: sigmoid(r − 0)', make: () => ({ kind: 'bounded', reference: 0 }) },
  { kind: 'delay', label: 'delay to the episode’s end', make: () => ({ kind: 'delay' }) },
]

/**
 * What the reward adds to the environment's components: your own terms, potential-based (or
 * naive) shaping, exploration bonuses and per-component transforms. Each added term gets a slider.
 */
export function RewardTermsPanel() {
  const reward = usePlayground((state) => state.design.reward)
  const design = usePlayground((state) => state.design)
  const spec = usePlayground((state) => state.spec)
  const base = getEnv(design.envId).describe(design.params)
  const [problems, setProblems] = useState<string[]>([])
  const apply = (next: RewardExtras, note = 'reward design changed') => setProblems(changeReward(next, note))
  const potentials = potentialsFor(design.envId)
  const newTermName = () => {
    for (let k = 1; ; k++) if (!spec.components.some((c) => c.name === `term${k}`)) return `term${k}`
  }
  return (
    <fieldset className="reward-terms">
      <legend>Add to the reward</legend>
      {reward.terms.map((term, index) => (
        <TermEditor
          key={`${index}-${term.name}`}
          name={term.name}
          expression={term.expression}
          variables={expressionVariables(base)}
          onCommit={(expression) => apply({ ...reward, terms: reward.terms.map((t, i) => (i === index ? { ...t, expression } : t)) }, `${term.name} := ${expression}`)}
          onRemove={() => apply({ ...reward, terms: reward.terms.filter((_, i) => i !== index) })}
        />
      ))}
      {reward.shaping.map((term, index) => (
        <div className="added" key={`shaping-${index}`}>
          <span>
            {term.naive ? 'Naive' : 'Potential-based'} shaping with Φ = {term.potential === 'custom' ? term.expression : term.potential} (γ {term.gamma})
          </span>
          <button type="button" onClick={() => apply({ ...reward, shaping: reward.shaping.filter((_, i) => i !== index) })}>
            Remove
          </button>
        </div>
      ))}
      {reward.bonuses.map((bonus, index) => (
        <div className="added" key={`bonus-${index}`}>
          <span>
            {bonus.kind === 'rnd' ? 'RND bonus' : `Bonus ${bonus.kind.replace('count_', '')} β/√N`}, β = {bonus.beta}
          </span>
          <button type="button" onClick={() => apply({ ...reward, bonuses: reward.bonuses.filter((_, i) => i !== index) })}>
            Remove
          </button>
        </div>
      ))}
      {Object.entries(reward.transforms).map(([name, chain]) => (
        <div className="added" key={`transform-${name}`}>
          <span>
            {name}: {chain.map((t) => t.kind).join(' → ')}
          </span>
          <button
            type="button"
            onClick={() => {
              const { [name]: _removed, ...rest } = reward.transforms
              apply({ ...reward, transforms: rest })
            }}
          >
            Remove
          </button>
        </div>
      ))}
      <div className="add-buttons">
        <button type="button" onClick={() => apply({ ...reward, terms: [...reward.terms, { name: newTermName(), expression: '0', weight: 1 }] })}>
          Add term
        </button>
        {potentials.length > 0 && (
          <AddShaping
            potentials={potentials.map((p) => p.name)}
            gamma={'gamma' in design.learner ? design.learner.gamma : 0.99}
            onAdd={(potential, naive, gamma) => apply({ ...reward, shaping: [...reward.shaping, { potential, naive, gamma, weight: 1 }] })}
          />
        )}
        <AddChoice
          label="Add bonus"
          options={[
            ...(hasCountDiscretiser(base) ? COUNT_BONUS_KINDS.map((kind) => ({ value: kind, label: `${kind.replace('count_', '')} count bonus` })) : []),
            { value: 'rnd', label: 'random network distillation' },
          ]}
          onAdd={(kind) => apply({ ...reward, bonuses: [...reward.bonuses, { kind: kind as (typeof BONUS_KINDS)[number], beta: 0.1 }] })}
        />
        <AddTransform components={spec.components.map((c) => c.name)} onAdd={(name, transform) => apply({ ...reward, transforms: { ...reward.transforms, [name]: [...(reward.transforms[name] ?? []), transform] } })} />
      </div>
      {problems.length > 0 && (
        <p className="field-error" role="alert">
          Not applied: {problems.join('; ')}
        </p>
      )}
      <DesignFile />
    </fieldset>
  )
}

/** A custom term: the expression is checked as you type; it is applied on Enter or when you leave the field, once valid. */
function TermEditor({ name, expression, variables, onCommit, onRemove }: { name: string; expression: string; variables: string[]; onCommit: (expression: string) => void; onRemove: () => void }) {
  const id = useId()
  const [text, setText] = useState(expression)
  const check = checkExpression(text, variables)
  const commit = () => check.ok && text !== expression && onCommit(text)
  return (
    <div className="field term">
      <label htmlFor={id}>Term {name}</label>
      <div className="term-row">
        <input
          id={id}
          type="text"
          spellCheck={false}
          value={text}
          aria-invalid={!check.ok}
          aria-describedby={`${id}-help`}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => event.key === 'Enter' && commit()}
        />
        <button type="button" onClick={onRemove} aria-label={`Remove term ${name}`}>
          Remove
        </button>
      </div>
      {check.ok ? (
        <p className="hint" id={`${id}-help`}>
          Variables: {variables.join(', ')}. Press Enter to apply.
        </p>
      ) : (
        <p className="field-error" id={`${id}-help`} role="alert">
          {check.error.message}
        </p>
      )}
    </div>
  )
}

function AddShaping({ potentials, gamma, onAdd }: { potentials: string[]; gamma: number; onAdd: (potential: string, naive: boolean, gamma: number) => void }) {
  const id = useId()
  const [naive, setNaive] = useState(false)
  return (
    <span className="add-shaping">
      <AddChoice label="Add shaping" options={potentials.map((p) => ({ value: p, label: `Φ = ${p}` }))} onAdd={(potential) => onAdd(potential, naive, gamma)} />
      <input id={id} type="checkbox" checked={naive} onChange={(event) => setNaive(event.target.checked)} />
      <label htmlFor={id}>naive</label>
    </span>
  )
}

function AddTransform({ components, onAdd }: { components: string[]; onAdd: (name: string, transform: Transform) => void }) {
  const id = useId()
  const [component, setComponent] = useState(components[0] ?? '')
  return (
    <span className="add-transform">
      <label htmlFor={id}>Transform</label>
      <select id={id} value={component} onChange={(event) => setComponent(event.target.value)}>
        {components.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <AddChoice label="Add transform" options={TRANSFORMS.map((t) => ({ value: t.kind, label: t.label }))} onAdd={(kind) => onAdd(component, TRANSFORMS.find((t) => t.kind === kind)!.make())} />
    </span>
  )
}

/** A select whose choice is added at once; it returns to its prompt afterwards. */
function AddChoice({ label, options, onAdd }: { label: string; options: { value: string; label: string }[]; onAdd: (value: string) => void }) {
  return (
    <select aria-label={label} value="" onChange={(event) => event.target.value && onAdd(event.target.value)}>
      <option value="">{label}…</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  )
}
