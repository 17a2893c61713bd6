import { useEffect, useId, useMemo, useState } from 'react'
import { resolveEnvironment } from '../../core/envs/registry'
import { COUNT_BONUS_KINDS, hasCountDiscretiser } from '../../core/rewards/countBonus'
import type { BONUS_KINDS } from '../../core/rewards/designSchema'
import { checkExpression } from '../../core/rewards/expression'
import { expressionVariables } from '../../core/rewards/extras'
import { potentialsFor } from '../../core/rewards/shaping'
import type { Transform } from '../../core/rewards/transforms'
import type { RewardExtras } from '../../model/design'
import { usePlayground } from '../../state/run/store'
import { changeReward, rewardChangeRestarts } from '../../state/run/trainingClient'
import { useRestartGuard } from './useRestartGuard'
import { DesignFile } from './DesignFile'
import { IfVisible } from '../common/IfVisible'
import { Panel } from '../common/Panel'

/**
 * The transforms a user can add from the panel: the picker's label, the name a chain shows, what it
 * does (the option's tooltip). Redistribute needs whole episodes, so only PPO and GRPO take it (the
 * trainer says so to any other); par needs the environment's reference answer (the check says
 * which environments and components have one).
 */
const TRANSFORMS: { kind: Transform['kind']; label: string; name: string; description: string; make: () => Transform }[] = [
  { kind: 'scale', label: 'scale ×2', name: 'scale', description: 'Multiplies the component by a factor.', make: () => ({ kind: 'scale', factor: 2 }) },
  { kind: 'clip', label: 'clip to [−1, 1]', name: 'clip', description: 'Keeps the component within [lo, hi].', make: () => ({ kind: 'clip', lo: -1, hi: 1 }) },
  {
    kind: 'normalize',
    label: 'normalise (running, γ 0.99)',
    name: 'normalise',
    description: 'Divides by the running std of the discounted return (Gymnasium’s NormalizeReward).',
    make: () => ({ kind: 'normalize', gamma: 0.99, epsilon: 1e-8 }),
  },
  {
    kind: 'bounded',
    label: 'bounded, constant reference: σ(episode reward − 0), paid at the end',
    name: 'bounded, constant reference',
    description: 'Pays σ(R − r_ref) at the episode’s end, R the episode’s sum, with one constant r_ref for every prompt.',
    make: () => ({ kind: 'bounded', reference: 0 }),
  },
  {
    kind: 'par',
    label: 'PAR: σ(r − r_ref), reference per prompt',
    name: 'PAR',
    description:
      'Preference as reward (Fu et al. 2025): pays σ(R − R_ref) at the episode’s end, R_ref the same component, through the transforms before it, scored on the environment’s reference answer to that prompt (the token task’s correct, well-formed answer).',
    make: () => ({ kind: 'par' }),
  },
  { kind: 'delay', label: 'delay to the episode’s end', name: 'delay', description: 'Holds the component and pays its episode sum at the end.', make: () => ({ kind: 'delay' }) },
  { kind: 'redistribute', label: 'redistribute over the episode (PPO)', name: 'redistribute', description: 'Spreads each episode’s sum evenly over its steps (PPO, GRPO).', make: () => ({ kind: 'redistribute' }) },
]

/** What a chain shows for one transform: its name in the panel ("bounded, constant reference", not "bounded"). */
const transformName = (kind: Transform['kind']) => TRANSFORMS.find((t) => t.kind === kind)?.name ?? kind

/** The numeric parameters of a transform, editable in place. */
function numericFields(transform: Transform): string[] {
  return Object.entries(transform)
    .filter(([key, value]) => key !== 'kind' && typeof value === 'number')
    .map(([key]) => key)
}

/** A small number input that applies on Enter or when it loses focus. */
function NumberField({ label, value, onCommit }: { label: string; value: number; onCommit: (value: number) => void }) {
  const [text, setText] = useState(String(value))
  useEffect(() => setText(String(value)), [value])
  const commit = () => {
    const parsed = Number(text)
    if (text.trim() !== '' && Number.isFinite(parsed) && parsed !== value) onCommit(parsed)
    else setText(String(value))
  }
  return (
    <input className="number-field" type="text" inputMode="decimal" aria-label={label} value={text} onChange={(event) => setText(event.target.value)} onBlur={commit} onKeyDown={(event) => event.key === 'Enter' && commit()} />
  )
}

/**
 * What the reward adds to the environment's components: your own terms, potential-based (or
 * naive) shaping, exploration bonuses and per-component transforms. Each added term gets a slider.
 */
export function RewardTermsPanel() {
  const reward = usePlayground((state) => state.design.reward)
  const design = usePlayground((state) => state.design)
  const spec = usePlayground((state) => state.spec)
  // The environment's own spec: what a custom term or potential may read.
  const base = useMemo(() => resolveEnvironment(design.envId, design.params).spec, [design.envId, design.params])
  const [problems, setProblems] = useState<string[]>([])
  const { guard, confirm } = useRestartGuard()
  // Most changes reach the run live; one that starts it over asks first.
  const apply = (next: RewardExtras, note = 'reward design changed') => {
    const restart = rewardChangeRestarts(next)
    if (restart === null) setProblems(changeReward(next, note))
    else guard(() => setProblems(changeReward(next, note)), restart)
  }
  const potentials = potentialsFor(design.envId)
  const newTermName = () => {
    for (let k = 1; ; k++) if (!spec.components.some((c) => c.name === `term${k}`)) return `term${k}`
  }
  return (
    <Panel className="reward-terms" title="Add to the reward">
      {reward.terms.map((term, index) => (
        <TermEditor
          key={`${index}-${term.name}`}
          name={term.name}
          expression={term.expression}
          variables={expressionVariables(base)}
          onCommit={(expression) => apply({ ...reward, terms: reward.terms.map((t, i) => (i === index ? { ...t, expression } : t)) }, `${term.name} := ${expression}`)}
          onRemove={() => apply({ ...reward, terms: reward.terms.filter((_, i) => i !== index) }, `removed ${term.name}`)}
        />
      ))}
      {reward.shaping.map((term, index) => (
        <div className="added" key={`shaping-${index}`}>
          <span>
            {term.naive ? 'Naive' : 'Potential-based'} shaping with Φ = {term.potential === 'custom' ? term.expression : term.potential}, γ{' '}
            <NumberField label={`shaping ${term.potential} γ`} value={term.gamma} onCommit={(gamma) => apply({ ...reward, shaping: reward.shaping.map((t, i) => (i === index ? { ...t, gamma } : t)) }, `shaping ${term.potential} γ = ${gamma}`)} />
          </span>
          <button type="button" aria-label={`Remove shaping ${index + 1} (${term.potential})`} onClick={() => apply({ ...reward, shaping: reward.shaping.filter((_, i) => i !== index) }, `removed shaping ${term.potential}`)}>
            Remove
          </button>
        </div>
      ))}
      {reward.bonuses.map((bonus, index) => (
        <div className="added" key={`bonus-${index}`}>
          <span>
            {bonus.kind === 'rnd' ? 'RND bonus' : `Bonus ${bonus.kind.replace('count_', '')} β/√N`}, β{' '}
            <NumberField label={`${bonus.kind} β`} value={bonus.beta} onCommit={(beta) => apply({ ...reward, bonuses: reward.bonuses.map((b, i) => (i === index ? { ...b, beta } : b)) }, `${bonus.kind} β = ${beta}`)} />
          </span>
          <button type="button" aria-label={`Remove bonus ${index + 1} (${bonus.kind})`} onClick={() => apply({ ...reward, bonuses: reward.bonuses.filter((_, i) => i !== index) }, `removed ${bonus.kind} bonus`)}>
            Remove
          </button>
        </div>
      ))}
      {Object.entries(reward.transforms).map(([name, chain]) => (
        <div className="added" key={`transform-${name}`}>
          <span>
            {name}:{' '}
            {chain.map((transform, position) => (
              <span key={position} className="transform">
                {position > 0 && ' → '}
                {transformName(transform.kind)}
                {numericFields(transform).map((field) => (
                  <NumberField
                    key={field}
                    label={`${name} ${transform.kind} ${field}`}
                    value={(transform as unknown as Record<string, number>)[field]}
                    onCommit={(value) =>
                      apply(
                        { ...reward, transforms: { ...reward.transforms, [name]: chain.map((t, i) => (i === position ? ({ ...t, [field]: value } as Transform) : t)) } },
                        `${name} ${transform.kind} ${field} = ${value}`,
                      )
                    }
                  />
                ))}
              </span>
            ))}
          </span>
          <button
            type="button"
            aria-label={`Remove the transforms of ${name}`}
            onClick={() => {
              const { [name]: _removed, ...rest } = reward.transforms
              apply({ ...reward, transforms: rest }, `removed the transforms of ${name}`)
            }}
          >
            Remove
          </button>
        </div>
      ))}
      {reward.shaping.map((term, index) =>
        term.potential === 'custom' ? (
          <TermEditor
            key={`phi-${index}`}
            name={`Φ ${index + 1}`}
            label={`Potential Φ ${index + 1}`}
            expression={term.expression ?? '0'}
            variables={base.stateVars}
            onCommit={(expression) => apply({ ...reward, shaping: reward.shaping.map((t, i) => (i === index ? { ...t, expression } : t)) }, `Φ ${index + 1} := ${expression}`)}
            onRemove={() => apply({ ...reward, shaping: reward.shaping.filter((_, i) => i !== index) }, `removed Φ ${index + 1}`)}
          />
        ) : null,
      )}
      <div className="add-buttons">
        <button type="button" onClick={() => { const name = newTermName(); apply({ ...reward, terms: [...reward.terms, { name, expression: '0', weight: 1 }] }, `added ${name}`) }}>
          Add term
        </button>
        {(
          <AddShaping
            potentials={[...potentials.map((p) => p.name), 'custom']}
            gamma={'gamma' in design.learner ? design.learner.gamma : 0.99}
            onAdd={(potential, naive, gamma) => apply({ ...reward, shaping: [...reward.shaping, { potential, naive, gamma, weight: 1, ...(potential === 'custom' ? { expression: '0' } : {}) }] }, `added ${naive ? 'naive' : 'potential-based'} shaping ${potential}`)}
          />
        )}
        <AddChoice
          label="Add bonus"
          choiceLabel="Bonus kind"
          options={[
            ...(hasCountDiscretiser(base) ? COUNT_BONUS_KINDS.map((kind) => ({ value: kind, label: `${kind.replace('count_', '')} count bonus` })) : []),
            { value: 'rnd', label: 'random network distillation' },
          ]}
          onAdd={(kind) => apply({ ...reward, bonuses: [...reward.bonuses, { kind: kind as (typeof BONUS_KINDS)[number], beta: 0.1 }] }, `added ${kind} bonus`)}
        />
        <AddTransform components={spec.components.map((c) => c.name)} onAdd={(name, transform) => apply({ ...reward, transforms: { ...reward.transforms, [name]: [...(reward.transforms[name] ?? []), transform] } }, `${name}: added ${transform.kind}`)} />
      </div>
      {problems.length > 0 && (
        <p className="field-error" role="alert">
          Not applied: {problems.join('; ')}
        </p>
      )}
      {confirm}
      <IfVisible control="designFile"><DesignFile /></IfVisible>
    </Panel>
  )
}

/** A custom term: the expression is checked as you type; it is applied on Enter or when you leave the field, once valid. */
function TermEditor({ name, label, expression, variables, onCommit, onRemove }: { name: string; label?: string; expression: string; variables: string[]; onCommit: (expression: string) => void; onRemove: () => void }) {
  const id = useId()
  const [text, setText] = useState(expression)
  // An expression set elsewhere (an imported design) shows here too.
  useEffect(() => setText(expression), [expression])
  const check = checkExpression(text, variables)
  const commit = () => check.ok && text !== expression && onCommit(text)
  return (
    <div className="field term">
      <label htmlFor={id}>{label ?? `Term ${name}`}</label>
      <input
        className="term-expression"
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
      {/* The Remove button sits under the box, beside its help, so the expression box is as wide as the panel. */}
      <div className="term-foot">
        {check.ok ? (
          <p className="hint" id={`${id}-help`}>
            Variables: {variables.join(', ')}. Press Enter to apply.
          </p>
        ) : (
          <p className="field-error" id={`${id}-help`} role="alert">
            {check.error.message}
          </p>
        )}
        <button type="button" onClick={onRemove} aria-label={`Remove term ${name}`}>
          Remove
        </button>
      </div>
    </div>
  )
}

function AddShaping({ potentials, gamma, onAdd }: { potentials: string[]; gamma: number; onAdd: (potential: string, naive: boolean, gamma: number) => void }) {
  const id = useId()
  const [naive, setNaive] = useState(false)
  return (
    <span className="add-shaping">
      <AddChoice label="Add shaping" choiceLabel="Shaping potential" options={potentials.map((p) => ({ value: p, label: `Φ = ${p}` }))} onAdd={(potential) => onAdd(potential, naive, gamma)} />
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
      <AddChoice label="Add transform" choiceLabel="Transform kind" options={TRANSFORMS.map((t) => ({ value: t.kind, label: t.label, title: t.description }))} onAdd={(kind) => onAdd(component, TRANSFORMS.find((t) => t.kind === kind)!.make())} />
    </span>
  )
}

/** Pick from a list, then press the button to add it (choosing alone changes nothing, so arrow keys are safe). */
function AddChoice({ label, choiceLabel, options, onAdd }: { label: string; choiceLabel: string; options: { value: string; label: string; title?: string }[]; onAdd: (value: string) => void }) {
  const [choice, setChoice] = useState(options[0]?.value ?? '')
  return (
    <span className="add-choice">
      <select aria-label={choiceLabel} value={choice} onChange={(event) => setChoice(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value} title={option.title}>
            {option.label}
          </option>
        ))}
      </select>
      <button type="button" disabled={choice === ''} onClick={() => onAdd(choice)}>
        {label}
      </button>
    </span>
  )
}
