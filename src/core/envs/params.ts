import { truncate } from '../truncate'
import type { EnvParams, EnvSpec, ParamSpec, ParamValue } from './types'
import { ownValue } from '../reservedNames'

export type RawParams = Record<string, ParamValue>

/**
 * Validate raw parameters (from the URL, a file or the CLI, where every value may be a string)
 * against an environment's parameter specs and fill in the defaults. Errors name the problem and
 * what is accepted.
 */
export function resolveParams(spec: Pick<EnvSpec, 'id' | 'params'>, raw: RawParams): EnvParams {
  const byName = new Map(spec.params.map((p) => [p.name, p]))
  for (const name of Object.keys(raw)) {
    if (!byName.has(name)) {
      const accepted = spec.params.length > 0 ? spec.params.map((p) => p.name).join(', ') : '(none)'
      throw new Error(`unknown parameter "${truncate(name)}" for ${spec.id}; accepted: ${accepted}`)
    }
  }
  const resolved: EnvParams = {}
  for (const param of spec.params) {
    const value = ownValue(raw, param.name)
    resolved[param.name] = value === undefined ? param.default : resolveOne(spec.id, param, value)
  }
  return resolved
}

function resolveOne(envId: string, param: ParamSpec, value: ParamValue): ParamValue {
  const where = `parameter "${param.name}" of ${envId}`
  switch (param.kind) {
    case 'number': {
      const accepted = `${param.integer ? 'an integer' : 'a number'} from ${param.min} to ${param.max}`
      const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN
      if (!Number.isFinite(number)) throw new Error(`${where} must be ${accepted}, got ${quoted(value)}`)
      if (param.integer && !Number.isInteger(number)) throw new Error(`${where} must be ${accepted}, got ${number}`)
      if (number < param.min || number > param.max) throw new Error(`${where} must be ${accepted}, got ${number}`)
      return number
    }
    case 'choice': {
      if (typeof value !== 'string' || !param.options.includes(value)) {
        throw new Error(`${where} must be one of ${param.options.join(', ')}; got ${quoted(value)}`)
      }
      return value
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value
      if (value === 'true') return true
      if (value === 'false') return false
      throw new Error(`${where} must be true or false, got ${quoted(value)}`)
    }
    case 'numbers': {
      const accepted = `${param.minLength} to ${param.maxLength} numbers from ${param.min} to ${param.max}, separated by ";"`
      const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[;\s]+/).filter((item) => item !== '').map(Number) : [NaN]
      const bad = items.length < param.minLength || items.length > param.maxLength || items.some((x) => !Number.isFinite(x) || x < param.min || x > param.max)
      if (bad) throw new Error(`${where} must be ${accepted}; got ${quoted(value)}`)
      return items
    }
    case 'text': {
      if (typeof value !== 'string' || value.length > param.maxLength) {
        throw new Error(`${where} must be text of at most ${param.maxLength} characters`)
      }
      return value
    }
  }
}

/** A value as a message quotes it, cut short: a link or a file may hold a megabyte of it. */
function quoted(value: ParamValue): string {
  return typeof value === 'string' ? JSON.stringify(truncate(value)) : truncate(JSON.stringify(value))
}

/** A parameter value as text for a URL or the command line (lists joined with ";"). */
export function formatParamValue(value: ParamValue): string {
  return Array.isArray(value) ? value.join(';') : String(value)
}
