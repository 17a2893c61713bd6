import { useState } from 'react'
import { END, THINK } from '../../core/envs/tokenseq'
import type { LabelerBias } from '../../core/preferences/biasedLabeler'
import { MAX_LABELER_BIAS, MAX_LABELER_TEMPERATURE } from '../../core/preferences/limits'
import { labelBySimulation, useLabels } from '../../state/labels/labels'
import { MAX_PAIRS_PER_DRAW } from '../../worker/protocol'

/** A field's number, or why it is not one in range. */
function numberIn(text: string, min: number, max: number, what: string, integer = false): { value: number } | { problem: string } {
  const value = text.trim() === '' ? NaN : Number(text)
  if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) return { problem: `${what} must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}, not "${text}"` }
  return { value }
}

/**
 * The simulated labeler (the command line's preferences --temperature --bias): Bradley–Terry over
 * the gold score at a temperature, with the optional length, format and token biases, each its own
 * term s = gold + Σ w_k·f_k.
 */
/** `withBiases`: the token task's length, format and token terms; a labeler of segments judges by their gold alone. */
export function SimulatedLabeler({ withBiases = true }: { withBiases?: boolean }) {
  const drawing = useLabels((state) => state.drawing)
  const [count, setCount] = useState('100')
  const [temperature, setTemperature] = useState('0.1')
  const [length, setLength] = useState('0')
  const [format, setFormat] = useState('0')
  const [token, setToken] = useState(String(THINK))
  const [tokenWeight, setTokenWeight] = useState('0')
  const [problems, setProblems] = useState<string[]>([])
  const run = () => {
    const read = [
      numberIn(count, 1, MAX_PAIRS_PER_DRAW, 'Pairs', true),
      numberIn(temperature, 0, MAX_LABELER_TEMPERATURE, 'Temperature'),
      numberIn(length, -MAX_LABELER_BIAS, MAX_LABELER_BIAS, 'Length bias'),
      numberIn(format, -MAX_LABELER_BIAS, MAX_LABELER_BIAS, 'Format bias'),
      numberIn(token, 0, END, 'Biased token', true),
      numberIn(tokenWeight, -MAX_LABELER_BIAS, MAX_LABELER_BIAS, 'Token bias'),
    ]
    const found = read.flatMap((field) => ('problem' in field ? [field.problem] : []))
    setProblems(found)
    if (found.length > 0) return
    const [n, t, wLength, wFormat, id, wToken] = read.map((field) => ('value' in field ? field.value : 0))
    // A bias of 0 is no term at all, as the command line leaves out a --bias not given.
    const biases: LabelerBias[] = []
    if (wLength !== 0) biases.push({ kind: 'length', weight: wLength })
    if (wFormat !== 0) biases.push({ kind: 'format', weight: wFormat })
    if (wToken !== 0) biases.push({ kind: 'token', token: id, weight: wToken })
    void labelBySimulation(n, t, withBiases ? biases : [])
  }
  return (
    <fieldset className="simulated-labeler">
      <legend>Simulated labeler</legend>
      <label>
        Pairs <input type="text" inputMode="numeric" value={count} onChange={(event) => setCount(event.target.value)} />
      </label>
      <label>
        Temperature <input type="text" inputMode="decimal" value={temperature} onChange={(event) => setTemperature(event.target.value)} />
      </label>
      {withBiases && (
        <>
          <label>
            Length bias (per token) <input type="text" inputMode="decimal" value={length} onChange={(event) => setLength(event.target.value)} />
          </label>
          <label>
            Format bias <input type="text" inputMode="decimal" value={format} onChange={(event) => setFormat(event.target.value)} />
          </label>
          <label>
            Biased token (0–9, {THINK} think, {END} end) <input type="text" inputMode="numeric" value={token} onChange={(event) => setToken(event.target.value)} />
          </label>
          <label>
            Token bias (per occurrence) <input type="text" inputMode="decimal" value={tokenWeight} onChange={(event) => setTokenWeight(event.target.value)} />
          </label>
        </>
      )}
      <button type="button" onClick={run} disabled={drawing}>
        Simulated labeler
      </button>
      {problems.map((problem) => (
        <p key={problem} className="field-error" role="alert">
          {problem}
        </p>
      ))}
    </fieldset>
  )
}
