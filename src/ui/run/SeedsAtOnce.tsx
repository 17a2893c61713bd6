import { useId } from 'react'
import { extraSeed, seedsAvailable, setSeedCount, useSeedFleet } from '../../state/run/seedFleet'
import { usePlayground } from '../../state/run/store'

/** How many seeds of the design train at once, each in its own worker (one per core at most). */
export function SeedsAtOnce() {
  const count = useSeedFleet((state) => state.count)
  const seed = usePlayground((state) => state.design.seed)
  const id = useId()
  const available = seedsAvailable()
  const seeds = Array.from({ length: count }, (_, k) => (k === 0 ? seed : extraSeed(seed, k)))
  return (
    <div className="field">
      <label htmlFor={id}>Seeds at once</label>
      <select id={id} value={count} aria-describedby={`${id}-hint`} onChange={(event) => setSeedCount(Number(event.target.value))} disabled={available === 1}>
        {Array.from({ length: available }, (_, k) => k + 1).map((k) => (
          <option key={k} value={k}>
            {k}
          </option>
        ))}
      </select>
      <p className="hint" id={`${id}-hint`}>
        {count === 1
          ? `Train seeds side by side, one worker each (up to ${available}, this machine's cores), to see the spread.`
          : `Seeds ${seeds.join(', ')} from the next Start; the charts follow seed ${seed}.`}
      </p>
    </div>
  )
}
