import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './ui/app/App'
import { startUrlSync } from './state/link/urlSync'
import { connectTrainingWorker } from './state/run/trainingClient'
import { openSavedRuns, saveCheckpoint, saveCheckpointAtExit, setLiveRun } from './state/library/savedRuns'
import { startRunAutosave } from './state/library/runAutosave'
import { startPinAutosave } from './state/library/pinAutosave'
import { restoreSeedCount } from './state/run/seedFleet'
import { restoreLessonFromUrl } from './state/lessons/lessonSession'
import './ui/styles.css'

// The link is read completely (a compressed reward design is inflated asynchronously) before the
// first render, so the page never shows the default design first.
void startUrlSync()
  .catch((error: unknown) => {
    // Never a blank page: without the link's settings the default design still works.
    console.error(error)
    return null
  })
  .then((requestedBackend) => {
    restoreSeedCount()
    restoreLessonFromUrl()
    connectTrainingWorker(requestedBackend)
    void openSavedRuns()
    void startPinAutosave()
    startRunAutosave({ save: saveCheckpoint, saveAtExit: saveCheckpointAtExit, onLive: setLiveRun })
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    )
  })
