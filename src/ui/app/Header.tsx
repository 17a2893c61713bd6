import { usePlayground } from '../../state/run/store'
import { Classroom } from './Classroom'
import { IfVisible } from '../common/IfVisible'
import { Lessons } from '../lessons/Lessons'
import { TourButton } from './Tour'

/** The title and tagline; beside them the page's own buttons above the compute backend. The groups wrap onto new lines rather than squeeze. */
export function Header() {
  const backend = usePlayground((state) => state.backend)
  return (
    <header className="header">
      <div className="brand">
        <h1>Reward Playground</h1>
        <p className="tagline">Compose a reward, train an agent, watch what the reward does.</p>
      </div>
      <div className="header-side">
        <div className="header-actions">
          <Classroom />
          <IfVisible control="lessons">
            <Lessons />
          </IfVisible>
          <IfVisible control="tour">
            <TourButton />
          </IfVisible>
        </div>
        <div className="backend" role="status" aria-label="Compute backend">
          <span className="backend-name">Backend: {backend.name ?? (backend.error ? 'none' : '…')}</span>
          <span className="backend-reason">{backend.error ?? backend.reason}</span>
        </div>
      </div>
    </header>
  )
}
