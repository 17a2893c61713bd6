import { readdirSync, readFileSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { LINK, LINK_KEYS, type LinkKeyName } from './linkKeys'
import { defaultDesign } from './design'
import { designToSearch } from './designLink'

const SRC = fileURLToPath(new URL('..', import.meta.url))
const names = Object.keys(LINK) as LinkKeyName[]

function sources(): [string, string][] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .map((path) => path.split('\\').join('/'))
    .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && statSync(`${SRC}/${path}`).isFile())
    .map((path) => [path, readFileSync(`${SRC}/${path}`, 'utf8')])
}

describe('the table of link keys', () => {
  it('gives each key once, and no exact key is read as another prefix key', () => {
    const keys = names.map((name) => LINK_KEYS[name].key)
    expect(new Set(keys).size).toBe(keys.length)
    for (const name of names) expect(LINK_KEYS[name].key).toBe(LINK[name])
    const prefixes = keys.filter((key) => key.endsWith('.'))
    const exact = keys.filter((key) => !key.endsWith('.'))
    for (const key of exact) expect(prefixes.filter((prefix) => key.startsWith(prefix))).toEqual([])
  })

  it('names, for each key, files that exist and use it through the table', () => {
    const text = new Map(sources())
    for (const name of names) {
      for (const file of [LINK_KEYS[name].readBy, LINK_KEYS[name].writtenBy]) {
        expect(text.has(file), `${name}: ${file}`).toBe(true)
        expect(text.get(file)!.includes(`LINK.${name}`), `${file} uses LINK.${name}`).toBe(true)
      }
    }
  })

  it('is the only place a link key is spelt: no reader or writer passes a key literal', () => {
    // query.get('env'), setUrlExtra('lesson', …), query.set(`w.${name}`, …) and the like, in every
    // file that handles an address (URLSearchParams) or the page's settings in it.
    const literal = /\b(?:get|set|has|delete|getAll|initialUrlExtra|setUrlExtra|getUrlExtra)\(\s*(['"`])([a-z]+\.?)(?:\1|\$\{)/g
    const keys = new Set<string>(Object.values(LINK))
    const found: string[] = []
    for (const [path, source] of sources()) {
      if (path === 'model/linkKeys.ts' || !/URLSearchParams|UrlExtra\(/.test(source)) continue
      for (const match of source.matchAll(literal)) if (keys.has(match[2])) found.push(`src/${path}: ${match[0]}`)
    }
    expect(found).toEqual([])
  })

  it('covers every key a design writes', () => {
    const design = { ...defaultDesign('cartpole', 3), weights: { alive: 0.5 } }
    for (const key of new URLSearchParams(designToSearch(design)).keys()) {
      expect(names.some((name) => (LINK[name].endsWith('.') ? key.startsWith(LINK[name]) : key === LINK[name])), key).toBe(true)
    }
  })

  it('is the table docs/links.md shows', () => {
    const doc = readFileSync(fileURLToPath(new URL('../../docs/links.md', import.meta.url)), 'utf8')
    for (const name of names) {
      const entry = LINK_KEYS[name]
      const shown = entry.key.endsWith('.') ? `${entry.key}<name>` : entry.key
      expect(doc, entry.key).toContain(`| \`${shown}\` | ${entry.part} | ${entry.meaning} | \`${entry.readBy}\` | \`${entry.writtenBy}\` |`)
    }
  })
})
