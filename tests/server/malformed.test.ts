import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, loginAs, type TestApp } from './helpers'

// Every route in openapi.json, including ones added later by other areas, answers malformed input with a 4xx
// in our error format, never a 2xx or 5xx: unknown and broken parameters, bad JSON, wrong types, NUL bytes and
// other control characters in every string, integers at and past every column's bounds, far-future and
// impossible dates, invalid UTF-8, other charsets. The requests are generated from the documented schemas.

type Schema = { [key: string]: unknown }
type Operation = { parameters?: { name: string; in: string; schema: Schema }[]; requestBody?: Schema }
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
interface Attempt {
  label: string
  /** Definitely invalid: must be a 4xx. Otherwise the value may be acceptable, but never a 5xx. */
  mustFail: boolean
  method: Method
  url: string
  payload?: string | Buffer
  headers?: Record<string, string>
}

let t: TestApp
let cookie: string
let paths: Record<string, Record<string, Operation>>
beforeAll(async () => {
  t = await createTestApp()
  cookie = await loginAs(t.app, '13700000000')
  paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: typeof paths }>()
    .paths
})
afterAll(() => t.close())

const fill = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value)

/** A plausible value for a schema: enough to get past validation to the handler where possible. */
function sample(schema: Schema | undefined): unknown {
  if (!schema) return 'a'
  if (schema.enum) return (schema.enum as unknown[])[0]
  if (schema.const !== undefined) return schema.const
  const alternatives = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined
  if (alternatives) return sample(alternatives.find((s) => s.type !== 'null') ?? alternatives[0])
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const [name, s] of Object.entries((schema.properties ?? {}) as Record<string, Schema>))
        out[name] = sample(s)
      return out
    }
    case 'array':
      return Array.from({ length: Math.max(1, Number(schema.minItems ?? 1)) }, () =>
        sample(schema.items as Schema),
      )
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1
    case 'boolean':
      return true
    default: {
      if (schema.format === 'date') return '1990-03-07'
      const pattern = String(schema.pattern ?? '')
      if (pattern.includes('1[3-9]')) return '13800138000'
      if (pattern === '^\\d{6}$') return '123456'
      return 'a'.repeat(Math.max(1, Number(schema.minLength ?? 1)))
    }
  }
}

// Refused wherever they appear; then values that may be acceptable somewhere but must never break anything.
const INVALID: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\u0001',
  '\u001b[31m',
  '\u007f',
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  1e308,
  'x'.repeat(70_000),
]
const ODD: unknown[] = [
  '\ud800',
  '9999-12-31',
  '275760-09-14',
  '0000-02-30',
  -1,
  0,
  1.5,
  null,
  {},
  [],
  true,
  '',
]

/** Body variants for a whole sample: each leaf spoiled in turn, the rest left plausible. */
function spoiledBodies(body: unknown): { label: string; payload: string; mustFail: boolean }[] {
  const out: { label: string; payload: string; mustFail: boolean }[] = []
  const walk = (node: unknown, path: string[]) => {
    for (const bad of [...INVALID, ...ODD]) {
      const mustFail = INVALID.includes(bad)
      const copy = structuredClone(body) as Record<string, unknown>
      if (path.length === 0)
        out.push({
          label: `body=${JSON.stringify(bad).slice(0, 16)}`,
          payload: JSON.stringify(bad),
          mustFail: true,
        })
      else {
        let parent = copy as Record<string, unknown>
        for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>
        parent[path[path.length - 1]] = bad
        out.push({
          label: `${path.join('.')}=${JSON.stringify(bad).slice(0, 16)}`,
          payload: JSON.stringify(copy),
          mustFail,
        })
      }
    }
    if (node !== null && typeof node === 'object')
      for (const [key, child] of Object.entries(node)) walk(child, [...path, key])
  }
  walk(body, [])
  return out
}

const INVALID_PATH = ['%00', 'a%00b', '%01', '%7F', '%FF', '%E4%B8', '%C0%80', 'x'.repeat(300)]
const ODD_PATH = ['2147483648', '-1', '%2e%2e%2f', '%E4%BD%A0']
const INVALID_NUMBERS = ['2147483648', '-2147483649', '9007199254740993', '1e309']
const INVALID_QUERY = [...INVALID_PATH]
const ODD_QUERY = [
  'NaN',
  '',
  '-1',
  '0',
  '%E4%BD%A0',
  // A pagination cursor holding 2^31, and one holding a far-future time and a NUL.
  Buffer.from(JSON.stringify({ s: 'default', v: 2 ** 31, id: 'p-x' })).toString('base64url'),
  Buffer.from(JSON.stringify({ s: 'default', v: 8.64e15 + 1, id: 'a\u0000' })).toString('base64url'),
]

function attemptsFor(path: string, method: Method, op: Operation): Attempt[] {
  const attempts: Attempt[] = []
  const url = fill(path, 'x1')
  const json = { 'content-type': 'application/json' }
  const add =
    (mustFail: boolean) =>
    (label: string, at = url, extra: Omit<Attempt, 'label' | 'method' | 'url' | 'mustFail'> = {}) =>
      attempts.push({ label, method, url: at, mustFail, ...extra })
  const bad = add(true)
  const odd = add(false)
  bad('unknown query parameter', `${url}?zz_unknown=%00`)
  if (path.includes('{')) {
    for (const value of INVALID_PATH) bad(`path=${value.slice(0, 12)}`, fill(path, value))
    for (const value of ODD_PATH) odd(`path=${value}`, fill(path, value))
  }
  for (const p of op.parameters ?? []) {
    if (p.in !== 'query') continue
    const enumOnly = Array.isArray(p.schema.enum)
    const numeric = p.schema.type === 'integer' || p.schema.type === 'number'
    for (const value of INVALID_QUERY) bad(`${p.name}=${value.slice(0, 12)}`, `${url}?${p.name}=${value}`)
    for (const value of INVALID_NUMBERS)
      (numeric || enumOnly ? bad : odd)(`${p.name}=${value}`, `${url}?${p.name}=${value}`)
    for (const value of ODD_QUERY) (enumOnly ? bad : odd)(`${p.name}=${value}`, `${url}?${p.name}=${value}`)
    odd(`${p.name} twice`, `${url}?${p.name}=1&${p.name}=2`)
  }
  // An upload route documents a multipart body: its JSON attempts must still be refused (415, not multipart).
  const jsonBody = (op.requestBody?.content as Record<string, { schema: Schema }> | undefined)?.[
    'application/json'
  ]
  const body = jsonBody ? sample(jsonBody.schema) : undefined
  for (const p of op.parameters ?? []) {
    if (p.in !== 'header') continue
    for (const value of ['x', 'a'.repeat(200), 'bad key with spaces'])
      bad(`header ${p.name}=${value.slice(0, 8)}`, url, {
        payload: JSON.stringify(body ?? {}),
        headers: { ...json, [p.name]: value },
      })
  }
  if (op.requestBody) {
    bad('bad JSON', url, { payload: '{"a":', headers: json })
    bad('empty body', url, { payload: '', headers: json })
    bad('deep nesting', url, { payload: '['.repeat(5000) + ']'.repeat(5000), headers: json })
    bad('proto pollution', url, { payload: '{"__proto__":{"x":1}}', headers: json })
    bad('invalid UTF-8', url, {
      payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
      headers: json,
    })
    bad('overlong UTF-8 NUL', url, { payload: Buffer.from([0x22, 0xc0, 0x80, 0x22]), headers: json })
    bad('latin1 charset', url, {
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json; charset=latin1' },
    })
    bad('utf-16 charset', url, {
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json; charset=utf-16' },
    })
    bad('form body', url, {
      payload: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    bad('text/plain body', url, { payload: '{}', headers: { 'content-type': 'text/plain' } })
    for (const spoiled of spoiledBodies(body))
      attempts.push({
        label: spoiled.label,
        method,
        url,
        payload: spoiled.payload,
        headers: json,
        mustFail: spoiled.mustFail,
      })
  } else if (method !== 'GET') {
    bad('body on a route without one', url, { payload: '{}', headers: json })
  }
  return attempts
}

describe('malformed input on every documented route', () => {
  it('never answers 5xx; every error is in our format; what is certainly invalid is a 4xx', async () => {
    const failures: string[] = []
    let sent = 0
    let serverErrors = 0
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(operations)) {
        for (const attempt of attemptsFor(path, method.toUpperCase() as Method, op)) {
          // Logging out would end the session the other attempts use.
          const sessions = path === '/api/auth/logout' ? [{}] : [{}, { cookie }]
          for (const session of sessions) {
            sent++
            const res = await t.app.inject({
              method: attempt.method,
              url: attempt.url,
              payload: attempt.payload,
              headers: { ...session, ...attempt.headers },
            })
            if (res.statusCode >= 500) serverErrors++
            let body: { error?: { code?: unknown; message?: unknown } } = {}
            try {
              body = res.json()
            } catch {
              // not JSON: reported below
            }
            const ourFormat =
              typeof body.error?.code === 'string' &&
              typeof body.error.message === 'string' &&
              /[\u4e00-\u9fff]/.test(body.error.message)
            const ok = res.statusCode < 500 && (res.statusCode < 400 ? !attempt.mustFail : ourFormat)
            if (!ok)
              failures.push(
                `${attempt.method} ${attempt.url.slice(0, 80)} (${attempt.label}) -> ${res.statusCode} ${res.body.slice(0, 100)}`,
              )
          }
        }
      }
    }
    console.info(`malformed input: ${sent} requests, ${serverErrors} answered 5xx`)
    expect(sent).toBeGreaterThan(3000)
    expect(failures.slice(0, 30)).toEqual([])
    expect(serverErrors).toBe(0)
    // Thousands of requests, one route after another: its time grows with the API (about 20 s on a quiet machine).
  }, 90_000)
})
