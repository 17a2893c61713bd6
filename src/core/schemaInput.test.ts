import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { formatPath, parseWithSchema } from './schemaInput'

describe('formatPath', () => {
  it('writes plain keys after dots, indices and other keys in brackets', () => {
    expect(formatPath(['transforms', 'alive', 0, 'lo'])).toBe('transforms.alive[0].lo')
    expect(formatPath(['values', '0,1'])).toBe('values["0,1"]')
    expect(formatPath([3, 'name'])).toBe('[3].name')
    expect(formatPath([])).toBe('')
  })
})

describe('parseWithSchema', () => {
  const Schema = z.object({ weight: z.number() })

  it('reads JSON text and parsed values alike', () => {
    expect(parseWithSchema(Schema, '{"weight": 2}', 'design')).toEqual({ ok: true, value: { weight: 2 } })
    expect(parseWithSchema(Schema, { weight: 3 }, 'design')).toEqual({ ok: true, value: { weight: 3 } })
  })

  it('says where text stops being JSON, naming the root, with nothing refused', () => {
    const parsed = parseWithSchema(Schema, '{"weight": }', 'design')
    expect(parsed.ok).toBe(false)
    if (parsed.ok) return
    expect(parsed.problems).toHaveLength(1)
    expect(parsed.problems[0]).toMatch(/^design: not valid JSON \(/)
    expect(parsed.refused).toBeNull()
  })

  it('names each refused path, the root where the whole value is refused, and keeps the value and issues', () => {
    const wrong = parseWithSchema(Schema, { weight: 'heavy' }, 'design')
    expect(wrong.ok).toBe(false)
    if (wrong.ok) return
    expect(wrong.problems).toEqual(['weight: expected number, received string'])
    expect(wrong.refused?.value).toEqual({ weight: 'heavy' })
    const whole = parseWithSchema(Schema, 7, 'design')
    expect(!whole.ok && whole.problems[0].startsWith('design: ')).toBe(true)
  })
})
