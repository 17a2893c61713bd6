import { z } from 'zod'
import type { MonitorFrame } from '../core/monitors/frames'

/** A line `train --every 1` prints per iteration: what a frame reads of it. */
const IntervalLineSchema = z.object({
  envSteps: z.number().finite(),
  episodes: z.number().int().min(0),
  meanReturn: z.number().nullable(),
  meanObjective: z.number().nullable(),
  meanLength: z.number().nullable(),
  contributions: z.record(z.string(), z.number()).nullable(),
  diagnostics: z.record(z.string(), z.number()),
})

/** One iteration's frame from the line a child `train --every 1` printed for it. */
export function frameOfLine(line: unknown): MonitorFrame {
  const parsed = IntervalLineSchema.safeParse(line)
  if (!parsed.success) throw new Error(`a training run printed a line that is not an interval line: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`)
  const { envSteps, episodes, meanReturn, meanObjective, meanLength, contributions, diagnostics } = parsed.data
  return { envSteps, episodes, shapedReturn: meanReturn, objective: meanObjective, length: meanLength, contributions, diagnostics }
}
