import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './ui/App'
import { startUrlSync } from './state/urlSync'
import { connectTrainingWorker } from './state/trainingClient'
import { restoreLessonFromUrl } from './state/lessonSession'
import './ui/styles.css'

const requestedBackend = startUrlSync()
restoreLessonFromUrl()
connectTrainingWorker(requestedBackend)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
