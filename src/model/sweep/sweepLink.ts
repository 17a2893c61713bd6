import { runConfigOf, truncate, type Design } from '../design'
import { summariseProblems } from '../problemList'
import { checkSweepDefinition, type Sweep, type SweepLabels } from './definition'
import { MAX_SWEEP_LINK_CHARS } from './limits'
import { pageBoundProblem, pagePointsProblem } from './sweepForm'

/*
 * A sweep in the page's link, `sweep=`: the definition's own words, its axes as written then its
 * seeds and budget, joined by ";":
 *   sweep=w.length=0,0.5,1,2,4;seeds=5;steps=20000
 *   sweep=w.hazard=0:200:10;l.alpha=0.1,0.5;seeds=3;steps=20000
 * The config is the rest of the link (the design it opens), so the axes are checked against that
 * design by the link's own reader, exactly as a definition file's are. A bad value drops the whole
 * sweep (a part of one is another experiment) and is named, shortened, with what is accepted.
 * Nothing in it is executed.
 */

/** What a sweep= value holds, for messages. */
const LINK_FORM = 'AXIS[;AXIS];seeds=K;steps=N, each AXIS NAME=v1,v2,… or NAME=lo:hi:N[:log]'

const LINK_LABELS: SweepLabels = {
  config: 'the design of the link',
  configProblem: (problem) => `the design of the link: ${problem}`,
  axes: 'axes',
  axis: (index, text) => `axis ${index + 1} "${truncate(text)}"`,
  seeds: 'seeds',
  steps: 'steps',
}

/** The sweep= value of a sweep. */
export function sweepToLinkText(sweep: Pick<Sweep, 'axisTexts' | 'seeds' | 'steps'>): string {
  return [...sweep.axisTexts, `seeds=${sweep.seeds}`, `steps=${sweep.steps}`].join(';')
}

export type LinkedSweep = { ok: true; sweep: Sweep } | { ok: false; problem: string }

/** The sweep a sweep= value makes of the link's design, or the one problem to name (it starts `sweep`). */
export function sweepFromLinkText(text: string, design: Design): LinkedSweep {
  if (text.length > MAX_SWEEP_LINK_CHARS) return refuse(`${text.length} characters; a sweep link holds at most ${MAX_SWEEP_LINK_CHARS} (export the definition file for a bigger sweep)`)
  const problems: string[] = []
  const axes: string[] = []
  const counts = new Map<'seeds' | 'steps', string>()
  for (const part of text.split(';').map((each) => each.trim())) {
    if (part === '') continue
    const equals = part.indexOf('=')
    const key = equals < 0 ? part : part.slice(0, equals).trim()
    if (key === 'seeds' || key === 'steps') {
      if (counts.has(key)) problems.push(`${key} is given twice; give it once`)
      else counts.set(key, part.slice(equals + 1).trim())
    } else if (/^[wlp]\.\S/.test(key) && equals > 0) axes.push(part)
    else problems.push(`unknown part "${truncate(key)}" (accepted: ${LINK_FORM})`)
  }
  if (problems.length > 0) return refuse(summariseProblems(problems))
  const tooMany = pagePointsProblem(axes)
  if (tooMany !== null) return refuse(tooMany)
  const checked = checkSweepDefinition({ config: runConfigOf(design), axes, seeds: whole(counts.get('seeds')), steps: whole(counts.get('steps')) }, LINK_LABELS)
  if (!checked.ok) return refuse(summariseProblems(checked.problems))
  const bound = pageBoundProblem(checked.sweep)
  if (bound !== null) return refuse(bound)
  return { ok: true, sweep: checked.sweep }
}

/** A count's text as the definition's check takes it: a whole number where it is one, else the text (quoted, shortened, by the check). */
function whole(text: string | undefined): number | string | undefined {
  if (text === undefined) return undefined
  return /^\d{1,10}$/.test(text) ? Number(text) : truncate(text)
}

function refuse(problem: string): LinkedSweep {
  return { ok: false, problem: `sweep: ${problem}` }
}
