import { restorePins, type PinnedRun } from '../../model/compare'
import { pinsRecord } from '../../storage/savedPins'
import type { RunLibrary } from '../../storage/runLibrary'
import { errorMessage } from '../../core/errorMessage'
import { openSavedRuns } from './savedRuns'
import { usePlayground } from '../run/store'

/**
 * Keep the Compare view's pins across reloads: once the library opens, the pins kept before come
 * back (unless some were pinned meanwhile), and every change of the pins is written as one record.
 * A damaged record is named in the page's notice and replaced by the pins as they are now; where
 * the browser keeps nothing (saving off) pins live as long as the page.
 */
export async function startPinAutosave(open: () => Promise<RunLibrary | null> = openSavedRuns): Promise<() => void> {
  const library = await open()
  if (!library) return () => {}
  try {
    const kept = await library.loadPins()
    if (kept && !kept.ok) noticeBeside(`The pinned runs kept from before could not be read (${kept.problem}); the Compare view starts without them.`)
    else if (kept && kept.ok && usePlayground.getState().pins.length === 0) usePlayground.setState({ pins: restorePins(kept.pins) })
  } catch (error) {
    noticeBeside(`The pinned runs kept from before could not be read: ${errorMessage(error)}.`)
  }
  let written: readonly PinnedRun[] = usePlayground.getState().pins
  return usePlayground.subscribe((state) => {
    if (state.pins === written) return
    written = state.pins
    library.savePins(pinsRecord(state.pins)).catch((error: unknown) => noticeBeside(`The pinned runs were not kept: ${errorMessage(error)}.`))
  })
}

/** Add a line to the page's notice, after what it says already. */
function noticeBeside(line: string): void {
  const { notice, setNotice } = usePlayground.getState()
  setNotice(notice ? `${notice} ${line}` : line)
}
