import { UsageError } from './usage'

/**
 * Read `--name value` and `--name=value` flags. Every flag takes a value; unknown, repeated and
 * valueless flags and stray words are errors that list what is accepted.
 */
export function parseFlags(command: string, argv: string[], accepted: string[]): Map<string, string> {
  const flags = new Map<string, string>()
  const acceptedList = accepted.map((name) => `--${name}`).join(', ')
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]
    if (!word.startsWith('--')) throw new UsageError(`unexpected argument "${word}" for ${command}; accepted flags: ${acceptedList}`)
    const equals = word.indexOf('=')
    const name = equals >= 0 ? word.slice(2, equals) : word.slice(2)
    if (!accepted.includes(name)) throw new UsageError(`unknown flag "--${name}" for ${command}; accepted: ${acceptedList}`)
    if (flags.has(name)) throw new UsageError(`flag --${name} given twice`)
    let value: string
    if (equals >= 0) {
      value = word.slice(equals + 1)
    } else {
      const next = argv[i + 1]
      if (next === undefined || next.startsWith('--')) throw new UsageError(`flag --${name} needs a value`)
      value = next
      i++
    }
    flags.set(name, value)
  }
  return flags
}

/** A finite number written in decimal or exponent notation. */
export function parseNumber(text: string, what: string): number {
  const value = text.trim() === '' ? NaN : Number(text)
  if (!Number.isFinite(value)) throw new UsageError(`${what} must be a finite number, got "${text}"`)
  return value
}

/** "1,2.5,-3" → [1, 2.5, -3]. */
export function parseNumberList(text: string, what: string): number[] {
  return text.split(',').map((item) => parseNumber(item, what))
}

/**
 * "a=1,b=x" → a → "1", b → "x"; each key at most once; "" → none. A Map, so that any name the user
 * types (constructor, __proto__) is a key like any other; the command checks the names.
 */
export function parsePairs(text: string, flag: string): Map<string, string> {
  const pairs = new Map<string, string>()
  if (text.trim() === '') return pairs
  for (const item of text.split(',')) {
    const equals = item.indexOf('=')
    if (equals <= 0) throw new UsageError(`malformed ${flag} entry "${item}"; expected name=value[,name=value...]`)
    const key = item.slice(0, equals).trim()
    if (pairs.has(key)) throw new UsageError(`"${key}" given twice in ${flag}`)
    pairs.set(key, item.slice(equals + 1).trim())
  }
  return pairs
}
