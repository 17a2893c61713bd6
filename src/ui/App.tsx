import { Header } from './Header'
import { DesignPanel } from './DesignPanel'
import { LearningCurve } from './LearningCurve'
import { EnvView } from './EnvView'
import { RunStatusBar } from './RunStatusBar'
import { Diagnostics } from './Diagnostics'
import { Notice } from './Notice'
import { AdvantageView } from './AdvantageView'
import { SeedSpread } from './SeedSpread'
import { SavedRuns } from './SavedRuns'
import { IfVisible } from './IfVisible'
import { Tour } from './Tour'

export function App() {
  return (
    <div className="app">
      <Header />
      <Notice />
      <main className="layout">
        <DesignPanel />
        <section className="analysis" aria-label="Training">
          <RunStatusBar />
          <LearningCurve />
          <SeedSpread />
          <div className="lower">
            <EnvView />
            <AdvantageView />
            <Diagnostics />
          </div>
          <IfVisible control="savedRuns">
            <SavedRuns />
          </IfVisible>
        </section>
      </main>
      <Tour />
    </div>
  )
}
