import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './ui/App'
import { startUrlSync } from './state/urlSync'
import { connectTrainingWorker } from './state/trainingClient'
import { openSavedRuns, saveCheckpoint, setLiveRun } from './state/savedRuns'
import { startRunAutosave } from './state/runAutosave'
import { restoreSeedCount } from './state/seedFleet'
import './ui/styles.css'

const requestedBackend = startUrlSync()
restoreSeedCount()
connectTrainingWorker(requestedBackend)
void openSavedRuns()
startRunAutosave({ save: saveCheckpoint, onLive: setLiveRun })

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
