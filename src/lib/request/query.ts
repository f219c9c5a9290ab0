import { QUERY_LIMITS } from '../../config/constants'
import { QueryLimitError } from './errors'

export type QueryValue = string | number | boolean | Date | null | undefined | QueryValue[] | QueryObject
export interface QueryObject {
  [key: string]: QueryValue
}

export interface QueryLimits {
  arrayLimit: number
  depth: number
  parameterLimit: number
}

const scalar = (value: string | number | boolean | Date): string =>
  value instanceof Date ? value.toISOString() : String(value)

/**
 * Encodes params for the query string: arrays as repeated keys (`a=1&a=2`), objects in brackets
 * (`a[b]=1`), null/undefined left out. Past any limit it throws instead of dropping data.
 */
export function encodeQuery(params: QueryObject, limits: QueryLimits = QUERY_LIMITS): string {
  const pairs: string[] = []
  const add = (key: string, value: string) => {
    if (pairs.length >= limits.parameterLimit)
      throw new QueryLimitError('parameterLimit', limits.parameterLimit, key)
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
  }
  const walk = (key: string, value: QueryValue, depth: number): void => {
    if (value === null || value === undefined) return
    if (Array.isArray(value)) {
      if (value.length > limits.arrayLimit) throw new QueryLimitError('arrayLimit', limits.arrayLimit, key)
      for (const item of value) {
        if (typeof item === 'object' && item !== null && !(item instanceof Date))
          throw new TypeError(`Query param "${key}" holds a nested array or object inside an array`)
        walk(key, item, depth)
      }
      return
    }
    if (typeof value === 'object' && !(value instanceof Date)) {
      if (depth >= limits.depth) throw new QueryLimitError('depth', limits.depth, key)
      for (const [child, inner] of Object.entries(value)) walk(`${key}[${child}]`, inner, depth + 1)
      return
    }
    add(key, scalar(value))
  }
  for (const [key, value] of Object.entries(params)) walk(key, value, 0)
  return pairs.join('&')
}

export type ParsedQuery = { [key: string]: string | string[] | ParsedQuery }

/** Parses a query string produced by `encodeQuery` (or a URL's search), with the same limits. */
export function parseQuery(search: string, limits: QueryLimits = QUERY_LIMITS): ParsedQuery {
  const text = search.startsWith('?') ? search.slice(1) : search
  const result: ParsedQuery = {}
  if (!text) return result
  const parts = text.split('&').filter(Boolean)
  if (parts.length > limits.parameterLimit)
    throw new QueryLimitError('parameterLimit', limits.parameterLimit, search.slice(0, 40))
  for (const part of parts) {
    const eq = part.indexOf('=')
    const rawKey = decodeURIComponent((eq < 0 ? part : part.slice(0, eq)).replace(/\+/g, ' '))
    const value = eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1).replace(/\+/g, ' '))
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey)
    const path = match ? [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])] : [rawKey]
    if (path.length - 1 > limits.depth) throw new QueryLimitError('depth', limits.depth, rawKey)
    let node = result
    for (const segment of path.slice(0, -1)) {
      const next = node[segment]
      if (typeof next === 'object' && !Array.isArray(next)) node = next
      else node = node[segment] = {}
    }
    const leaf = path[path.length - 1]
    const existing = node[leaf]
    if (existing === undefined) node[leaf] = value
    else if (typeof existing === 'string') node[leaf] = [existing, value]
    else if (Array.isArray(existing)) {
      if (existing.length >= limits.arrayLimit)
        throw new QueryLimitError('arrayLimit', limits.arrayLimit, rawKey)
      existing.push(value)
    }
  }
  return result
}
