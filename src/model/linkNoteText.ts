import { MAX_LINK_REWARD_MODEL_CHARS } from './designLink'

/** Links longer than this are cut by some chat apps, mail programs and servers (RFC 9110 asks them to take at least 8,000 octets). */
export const SHAREABLE_LINK_CHARS = 8000

const count = (n: number) => n.toLocaleString('en-US')

/**
 * What the address cannot do for this design, or null when it carries it whole at a length anyone
 * can paste: reward models too long for a link (a reload or a shared link opens without them), and
 * an address longer than SHAREABLE_LINK_CHARS.
 */
export function linkNoteText({ length, rewardModelsLeftOut }: { length: number; rewardModelsLeftOut: number | null }): string | null {
  const notes: string[] = []
  if (rewardModelsLeftOut !== null) {
    notes.push(
      `The address leaves out this design's reward models: ${count(rewardModelsLeftOut)} characters, more than the ${count(MAX_LINK_REWARD_MODEL_CHARS)} a link carries, so a reload or a shared link opens without them. Export setup keeps them in a file (Import opens it), and a saved run keeps them too.`,
    )
  }
  if (length > SHAREABLE_LINK_CHARS) {
    notes.push(`The address is ${count(length)} characters long; some chat apps, mail programs and servers cut links over ${count(SHAREABLE_LINK_CHARS)}: share this setup as the file Export setup writes.`)
  }
  return notes.length === 0 ? null : notes.join(' ')
}
