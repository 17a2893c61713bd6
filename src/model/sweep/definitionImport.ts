import { summariseProblems } from '../problemList'
import { checkSweepDefinition, SWEEP_SHAPE, type Sweep } from './definition'
import { MAX_DEFINITION_FILE_BYTES } from './limits'
import { pageBoundProblem, pagePointsProblem } from './sweepForm'

/*
 * A sweep definition file as the page's Sweep panel imports it: the very file `sweep --sweep FILE`
 * reads and the panel exports, held to a size, read as JSON and checked as the command line checks
 * it (the config a design a link can hold, every axis and value through the link's own reader),
 * and then to the page's bound in runs. A refused file is one message naming every problem (the
 * first few, the rest counted) and what is accepted.
 */

export type ImportedSweep = { ok: true; sweep: Sweep } | { ok: false; problem: string }

/** Check a file's size before reading it. */
export function definitionSizeProblem(bytes: number): string | null {
  return bytes > MAX_DEFINITION_FILE_BYTES ? `it is ${bytes} bytes; a sweep definition file is at most ${MAX_DEFINITION_FILE_BYTES} bytes` : null
}

/** Read a definition file's text. */
export function readDefinitionFile(text: string): ImportedSweep {
  const size = definitionSizeProblem(new TextEncoder().encode(text).length)
  if (size !== null) return { ok: false, problem: size }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return { ok: false, problem: `it is not JSON; expected a sweep definition ${SWEEP_SHAPE}` }
  }
  return checkDefinitionValue(raw)
}

/** A definition as JSON has it (from a file, or kept in the browser), checked as a file is. */
export function checkDefinitionValue(raw: unknown): ImportedSweep {
  // Past the page's bound in points alone, checking every point through the link is not worth its cost.
  const axes = typeof raw === 'object' && raw !== null && 'axes' in raw && Array.isArray(raw.axes) ? raw.axes.filter((axis): axis is string => typeof axis === 'string') : []
  const tooMany = pagePointsProblem(axes)
  if (tooMany !== null) return { ok: false, problem: tooMany }
  const checked = checkSweepDefinition(raw)
  if (!checked.ok) return { ok: false, problem: summariseProblems(checked.problems) }
  const bound = pageBoundProblem(checked.sweep)
  if (bound !== null) return { ok: false, problem: bound }
  return { ok: true, sweep: checked.sweep }
}
