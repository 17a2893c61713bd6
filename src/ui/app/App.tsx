import { Header } from './Header'
import { DesignPanel } from '../design/DesignPanel'
import { LearningCurve } from '../run/LearningCurve'
import { EnvView } from '../run/EnvView'
import { RunStatusBar } from '../run/RunStatusBar'
import { Diagnostics } from '../run/Diagnostics'
import { Notice } from './Notice'
import { AdvantageView } from '../credit/AdvantageView'
import { OverOptimisation } from '../run/OverOptimisation'
import { SeedSpread } from '../run/SeedSpread'
import { SavedRuns } from '../library/SavedRuns'
import { SweepPanel } from '../sweep/SweepPanel'
import { LabelPairsPanel } from '../labels/LabelPairsPanel'
import { RolloutsPanel } from '../rollouts/RolloutsPanel'
import { MonitorsPanel } from '../run/MonitorsPanel'
import { useClassroom } from '../../state/link/classroom'
import { IfVisible } from '../common/IfVisible'
import { Tour } from './Tour'
import { SKIP_TARGETS, SkipLinks } from './SkipLinks'
import { useNarrowLayout } from '../common/useNarrowLayout'

/**
 * The page, in one order at every width: how training goes (the learning curve first), the design,
 * then the other views. Wide, the design is a column on the left beside both, staying in view while
 * the views scroll; narrow (a phone, a small window), the three follow one another down the page.
 * The class only changes the styles, so crossing the width keeps every view's own state.
 */
export function App() {
  const narrow = useNarrowLayout()
  return (
    <div className={narrow ? 'app app-narrow' : 'app app-wide'}>
      <SkipLinks />
      <Header />
      <Notice />
      {/* Here in the page's order: on a phone the tour card sits in the flow above the views instead of over them. */}
      <Tour />
      <main className="layout">
        <section className="analysis progress" aria-label="Training" id={SKIP_TARGETS.charts} tabIndex={-1}>
          <Progress />
        </section>
        <DesignPanel />
        <section className="analysis views" aria-label="Views of the run">
          <Views />
        </section>
      </main>
    </div>
  )
}

/** How training goes: the run's figures, the learning curve, the seeds' spread when several run, and gold against proxy when a reward model pays. */
function Progress() {
  return (
    <>
      <RunStatusBar />
      <LearningCurve />
      <SeedSpread />
      <OverOptimisation />
    </>
  )
}

/** The agent's replay, where credit went, the learner's diagnostics, the hacking monitors, the saved runs, the sweep, and a run's own rollouts. */
function Views() {
  const classroom = useClassroom((state) => state.visible !== null)
  return (
    <>
      <div className="lower">
        <EnvView />
        <AdvantageView />
        <Diagnostics />
      </div>
      <IfVisible control="monitors">
        <MonitorsPanel />
      </IfVisible>
      <IfVisible control="savedRuns">
        <SavedRuns />
      </IfVisible>
      {/* A classroom link shows the controls a teacher chose; the sweep and one's own rollouts, tools for one's own research, are not among them. */}
      {!classroom && <SweepPanel />}
      {!classroom && <LabelPairsPanel />}
      {!classroom && <RolloutsPanel />}
    </>
  )
}
