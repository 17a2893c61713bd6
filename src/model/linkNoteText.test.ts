import { describe, expect, it } from 'vitest'
import { linkNoteText, SHAREABLE_LINK_CHARS } from './linkNoteText'

describe('linkNoteText', () => {
  it('says nothing while the address carries the whole design at a length anyone can paste', () => {
    expect(linkNoteText({ length: 300, rewardModelsLeftOut: null })).toBeNull()
    expect(linkNoteText({ length: SHAREABLE_LINK_CHARS, rewardModelsLeftOut: null })).toBeNull()
  })

  it('names reward models left out of the address, how long they are, and where they are kept instead', () => {
    expect(linkNoteText({ length: 900, rewardModelsLeftOut: 35210 })).toBe(
      "The address leaves out this design's reward models: 35,210 characters, more than the 16,384 a link carries, so a reload or a shared link opens without them. Export setup keeps them in a file (Import opens it), and a saved run keeps them too.",
    )
  })

  it('names an address too long to share, and both at once', () => {
    expect(linkNoteText({ length: 104233, rewardModelsLeftOut: null })).toBe(
      'The address is 104,233 characters long; some chat apps, mail programs and servers cut links over 8,000: share this setup as the file Export setup writes.',
    )
    expect(linkNoteText({ length: 8001, rewardModelsLeftOut: 20000 })).toMatch(/^The address leaves out this design's reward models: 20,000 characters.* The address is 8,001 characters long;/)
  })
})
