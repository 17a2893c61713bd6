import { z } from 'zod'

/** How a team's outcome is credited to each agent (coop): the independent learners' option (team.ts computes them). */
export const TeamCreditSchema = z.enum(['shared', 'equal', 'difference', 'shapley', 'local', 'mix'])
export type TeamCredit = z.infer<typeof TeamCreditSchema>
