import { useEffect, useState } from 'react'
import { REWARD_MODEL_DEFAULT_NAME } from '../../core/rewards/designSchema'
import { refitModelProblem } from '../../core/rewards/refitModelProblem'
import { MAX_REFIT_EVERY, MAX_REFIT_PAIRS_PER_REFIT, MIN_REFIT_PAIRS, RewardModelRefitSchema, type RewardModelRefit } from '../../core/rewards/rewardModelRefitSchema'
import { fitAccuracyText, useAsRewardText } from '../../model/rewardModelFitText'
import { countOf } from '../../core/plural'
import { fitRewardModel, useLabels } from '../../state/labels/labels'
import { usePlayground } from '../../state/run/store'
import { changeReward, rewardChangeRestarts } from '../../state/run/trainingClient'
import type { FittedRewardModel } from '../../worker/protocol'
import { useRestartGuard } from '../design/useRestartGuard'

/** The page's ensembles: up to 5 members (the command line takes up to 16). */
const MAX_PAGE_ENSEMBLE = 5
/** The most held out: half the pairs (a fit needs pairs to learn from). */
const MAX_HOLDOUT = 0.5


/**
 * Fit a reward model to the labels (in a worker of its own), see how well it orders the pairs it
 * learnt from and those held out, and use it as the design's rm component.
 */
export function RewardModelFit() {
  const fit = useLabels((state) => state.fit)
  const seed = usePlayground((state) => state.design.seed)
  const [kind, setKind] = useState<'linear' | 'mlp'>('linear')
  const [ensemble, setEnsemble] = useState(1)
  const [holdout, setHoldout] = useState('0.2')
  const [decorrelate, setDecorrelate] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const fitting = fit.status === 'fitting'
  const run = () => {
    const fraction = holdout.trim() === '' ? NaN : Number(holdout)
    if (!(fraction >= 0 && fraction <= MAX_HOLDOUT)) {
      setProblem(`Held out must be a fraction from 0 (none) to ${MAX_HOLDOUT}, not "${holdout}"`)
      return
    }
    setProblem(null)
    // l2 = 1 and the design's seed: reward-model fit --l2 1 --seed S on the exported pairs fits the same model.
    void fitRewardModel({ kind, ensemble, holdout: fraction, l2: 1, seed, ...(decorrelate && kind === 'linear' ? { decorrelateLength: true } : {}) })
  }
  return (
    <fieldset className="reward-model-fit">
      <legend>Fit a reward model</legend>
      <label>
        Model{' '}
        <select value={kind} onChange={(event) => setKind(event.target.value as 'linear' | 'mlp')}>
          <option value="linear">linear (Bradley–Terry, Newton)</option>
          <option value="mlp">MLP [features, 32, 32, 1]</option>
        </select>
      </label>
      <label>
        Ensemble members{' '}
        <select value={ensemble} onChange={(event) => setEnsemble(Number(event.target.value))}>
          {Array.from({ length: MAX_PAGE_ENSEMBLE }, (_, k) => (
            <option key={k + 1} value={k + 1}>
              {k + 1}
            </option>
          ))}
        </select>
      </label>
      <label title="After ODIN: the fit gives length its own head and keeps the reward's scores uncorrelated with length over the pairs (reward-model fit --decorrelate length)">
        <input type="checkbox" checked={decorrelate && kind === 'linear'} disabled={kind !== 'linear'} onChange={(event) => setDecorrelate(event.target.checked)} /> Length gets its own head (linear)
      </label>
      <label>
        Held out <input type="text" inputMode="decimal" value={holdout} onChange={(event) => setHoldout(event.target.value)} />
      </label>
      <button type="button" onClick={run} disabled={fitting}>
        Fit
      </button>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {fitting && <FitProgress startedAt={fit.startedAt} />}
      {fit.status === 'failed' && (
        <p className="field-error" role="alert">
          {fit.problem}
        </p>
      )}
      {fit.status === 'done' && fit.result && <FitResult result={fit.result} />}
    </fieldset>
  )
}

/** The seconds a fit under way has taken so far. */
function FitProgress({ startedAt }: { startedAt: number }) {
  const [now, setNow] = useState(() => performance.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 100)
    return () => clearInterval(timer)
  }, [])
  return (
    <p className="hint" role="status" aria-label="Fit progress">
      Fitting in a worker… {((now - startedAt) / 1000).toFixed(1)} s
    </p>
  )
}

/** ", length head 0.12 per token (not in the reward)" for a length-decorrelated model (its members' mean), else nothing. */
function lengthHeadText(model: FittedRewardModel['model']): string {
  if (model.kind !== 'linear') return ''
  const heads = model.members.map((member) => member.lengthWeight).filter((weight): weight is number => weight !== undefined)
  if (heads.length === 0) return ''
  const mean = heads.reduce((sum, weight) => sum + weight, 0) / heads.length
  return `, length head ${Number(mean.toPrecision(3))} per token (not in the reward)`
}

/** The fit's figures and the button that makes it the design's rm component. */
function FitResult({ result }: { result: FittedRewardModel }) {
  const { guard, confirm } = useRestartGuard()
  const [problems, setProblems] = useState<string[]>([])
  const [done, setDone] = useState<string | null>(null)
  const members = result.model.members.length
  const [refitOn, setRefitOn] = useState(false)
  const [refitFields, setRefitFields] = useState<RefitFields>({ every: '20', pairs: '500', temperature: '0.1' })
  const refitUnavailable = refitModelProblem(result.model)
  const useAsReward = () => {
    const refit = refitOn && refitUnavailable === null ? parseRefit(refitFields) : null
    if (refit !== null && 'problems' in refit) {
      setProblems(refit.problems)
      return
    }
    const reward = usePlayground.getState().design.reward
    // Replaces the rm entry (a model fitted before), keeps any other.
    const others = (reward.rewardModels ?? []).filter((entry) => entry.name !== REWARD_MODEL_DEFAULT_NAME)
    const entry = { name: REWARD_MODEL_DEFAULT_NAME, model: result.model, aggregate: 'mean' as const, ...(refit === null ? {} : { refit: refit.refit }) }
    const next = { ...reward, rewardModels: [...others, entry] }
    const note = `rm := ${result.model.kind} reward model${members > 1 ? ` (${members} members)` : ''}${refit === null ? '' : `, refit every ${refit.refit.every} updates on ${refit.refit.pairs} pairs`}`
    const replaced = others.length !== (reward.rewardModels ?? []).length
    // Apply, then say back what it did (the weight is the one the design gives rm after the change).
    const apply = () => {
      const refused = changeReward(next, note)
      setProblems(refused)
      const weight = usePlayground.getState().design.weights[REWARD_MODEL_DEFAULT_NAME]
      setDone(refused.length > 0 || weight === undefined ? null : useAsRewardText({ name: REWARD_MODEL_DEFAULT_NAME, weight, replaced, refit: refit === null ? null : refit.refit }))
    }
    const restart = rewardChangeRestarts(next)
    if (restart === null) apply()
    else guard(apply, restart)
  }
  return (
    <div className="fit-result" role="region" aria-label="Fitted reward model">
      <p role="status" aria-label="Fit accuracy">
        {result.model.kind} model{members > 1 ? `, ${members} members` : ''}{lengthHeadText(result.model)}, fitted in {result.seconds.toFixed(2)} s on {countOf(result.trainPairs, 'pair')}. Train accuracy: {fitAccuracyText(result.train, result.trainPairs)}. Held-out accuracy ({countOf(result.heldOutPairs, 'pair')}):{' '}
        {fitAccuracyText(result.heldOut, result.heldOutPairs)}.
      </p>
      <fieldset className="refit-option" title={refitUnavailable ?? 'Iterated RLHF: every N GRPO updates, M fresh pairs of the current policy labelled by the simulated labeler against the gold, and the model refitted on all the pairs so far'}>
        <legend>
          <label>
            <input type="checkbox" checked={refitOn && refitUnavailable === null} disabled={refitUnavailable !== null} onChange={(event) => setRefitOn(event.target.checked)} /> Refit every N updates on M fresh pairs
          </label>
        </legend>
        <label>
          Refit every (updates) <input type="number" min={1} max={MAX_REFIT_EVERY} step={1} disabled={!refitOn || refitUnavailable !== null} value={refitFields.every} onChange={(event) => setRefitFields({ ...refitFields, every: event.target.value })} />
        </label>
        <label>
          Fresh pairs per refit <input type="number" min={MIN_REFIT_PAIRS} max={MAX_REFIT_PAIRS_PER_REFIT} step={1} disabled={!refitOn || refitUnavailable !== null} value={refitFields.pairs} onChange={(event) => setRefitFields({ ...refitFields, pairs: event.target.value })} />
        </label>
        <label>
          Refit labeler temperature <input type="text" inputMode="decimal" disabled={!refitOn || refitUnavailable !== null} value={refitFields.temperature} onChange={(event) => setRefitFields({ ...refitFields, temperature: event.target.value })} />
        </label>
      </fieldset>
      <button type="button" onClick={useAsReward}>
        Use as reward
      </button>
      {confirm}
      {done && (
        <p className="hint" role="status" aria-label="Reward model in use">
          {done}
        </p>
      )}
      {problems.map((text) => (
        <p key={text} className="field-error" role="alert">
          {text}
        </p>
      ))}
    </div>
  )
}

/** The refit fields as typed. */
interface RefitFields {
  every: string
  pairs: string
  temperature: string
}

const REFIT_FIELD_LABELS: Record<keyof RefitFields, string> = { every: 'Refit every', pairs: 'Fresh pairs per refit', temperature: 'Refit labeler temperature' }

/** The refit option the fields give, or one message per field that gives none, naming what it accepts. */
function parseRefit(fields: RefitFields): { refit: RewardModelRefit } | { problems: string[] } {
  const number = (text: string) => (text.trim() === '' ? NaN : Number(text))
  const parsed = RewardModelRefitSchema.safeParse({ every: number(fields.every), pairs: number(fields.pairs), temperature: number(fields.temperature) })
  if (parsed.success) return { refit: parsed.data }
  return { problems: parsed.error.issues.map((issue) => `${REFIT_FIELD_LABELS[issue.path[0] as keyof RefitFields]}: ${issue.message}, not "${fields[issue.path[0] as keyof RefitFields]}"`) }
}
