import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './ui/App'
import { startUrlSync } from './state/urlSync'
import { connectTrainingWorker } from './state/trainingClient'
import { openSavedRuns, saveCheckpoint, saveCheckpointAtExit, setLiveRun } from './state/savedRuns'
import { startRunAutosave } from './state/runAutosave'
import { startPinAutosave } from './state/pinAutosave'
import { restoreSeedCount } from './state/seedFleet'
import { restoreLessonFromUrl } from './state/lessonSession'
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
