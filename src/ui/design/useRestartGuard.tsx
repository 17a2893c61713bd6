import { useState, type ReactNode } from 'react'
import { pinLiveRun } from '../../state/library/pinLiveRun'
import { usePlayground } from '../../state/run/store'
import { RestartConfirm } from './RestartConfirm'

/**
 * Ask before a change that starts the run over while a curve is on screen: `guard(change, why)`
 * applies the change at once where nothing would be lost, else holds it until the user answers the
 * question `confirm` draws (pin the run first, apply, or cancel). `why` says what makes it a restart.
 */
export function useRestartGuard(): { guard(change: () => void, why?: string): void; confirm: ReactNode } {
  const [pending, setPending] = useState<{ change: () => void; why?: string } | null>(null)
  const points = usePlayground((state) => state.run.series.length)
  const guard = (change: () => void, why?: string) => {
    if (usePlayground.getState().run.series.length > 0) setPending({ change, why })
    else change()
  }
  const confirm = pending && (
    <RestartConfirm
      points={points}
      why={pending.why}
      onApply={(pinFirst) => {
        if (pinFirst) pinLiveRun()
        pending.change()
        setPending(null)
      }}
      onCancel={() => setPending(null)}
    />
  )
  return { guard, confirm }
}
