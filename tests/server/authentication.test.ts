import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers'

// Authentication comes from the route schema's `auth` flag through one hook (server/platform/auth.ts). Every
// route the OpenAPI document marks as needing the session is called without one, with an input that passes
// validation (validation runs first) and then with a stale session cookie that only the hook clears, so a route
// flagged `auth` that the hook does not guard fails here by name.

type Schema = { [key: string]: unknown }
interface Operation {
  parameters: { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: Schema }[]
  requestBody?: { content: Record<string, { schema: Schema } | undefined> }
  security?: unknown[]
}

const STRING_SAMPLES = [
  'a',
  'p-1',
  'abcdefgh',
  '123456',
  '13800138000',
  '2000-01-01',
  '/a',
  '6222021234567890128',
  '2026-12-01T10:00:00+08:00',
  '00000000-0000-4000-8000-000000000000',
]

/** A small value the schema accepts: required properties (and minProperties), the first of enums, the least of numbers. */
function sample(schema: Schema): unknown {
  if ('const' in schema) return schema.const
  if (Array.isArray(schema.enum)) return schema.enum[0]
  const variants = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined
  if (variants) return sample(variants[0])
  const types = [schema.type].flat()
  if (types.includes('object')) {
    const properties = (schema.properties ?? {}) as Record<string, Schema>
    const required = (schema.required ?? []) as string[]
    const optional = Object.keys(properties).filter((name) => !required.includes(name))
    const names = [...required, ...optional.slice(0, Number(schema.minProperties ?? 0) - required.length)]
    return Object.fromEntries(names.map((name) => [name, sample(properties[name])]))
  }
  if (types.includes('array'))
    return Array.from({ length: Number(schema.minItems ?? 0) }, () => sample(schema.items as Schema))
  if (types.includes('integer') || types.includes('number')) return Number(schema.minimum ?? 1)
  if (types.includes('boolean')) return true
  if (types.includes('string')) {
    if (schema.format === 'date') return '2000-01-01'
    if (schema.format === 'date-time') return '2026-12-01T10:00:00+08:00'
    const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern) : null
    const minLength = Number(schema.minLength ?? 1)
    const maxLength = Number(schema.maxLength ?? Infinity)
    const fits = (text: string) =>
      (!pattern || pattern.test(text)) && text.length >= minLength && text.length <= maxLength
    const found = [...STRING_SAMPLES, '1'.repeat(minLength)].find(fits)
    if (found) return found
    throw new Error(`no sample string for ${JSON.stringify(schema)}`)
  }
  if (types.includes('null')) return null
  throw new Error(`no sample for ${JSON.stringify(schema)}`)
}

describe('authentication from the route schema', () => {
  let test: TestApp
  let operations: { method: string; path: string; operation: Operation }[]

  beforeAll(async () => {
    test = await createTestApp()
    const document = (await test.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>
    }
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
    )
  })
  afterAll(() => test.close())

  it('answers 401 UNAUTHENTICATED on every route flagged auth, without a session or with a stale one', async () => {
    const flagged = operations.filter(({ operation }) => operation.security)
    // The purchase, payment, policy, family and account routes: a sanity floor, not an exact count.
    expect(flagged.length).toBeGreaterThanOrEqual(25)
    for (const { method, path, operation } of flagged) {
      const values = (where: 'path' | 'query' | 'header') =>
        operation.parameters
          .filter((p) => p.in === where && p.required)
          .map((p) => [p.name, String(sample(p.schema))] as const)
      let url = path
      for (const [name, value] of values('path')) url = url.replace(`{${name}}`, encodeURIComponent(value))
      // A multipart route (uploads) is asked without a body: the session is checked before the file is read.
      const body = operation.requestBody?.content['application/json']?.schema
      const request = {
        method: method.toUpperCase() as 'GET',
        url,
        query: Object.fromEntries(values('query')),
        headers: Object.fromEntries(values('header')),
        ...(body ? { payload: sample(body) as object } : {}),
      }
      const unauthenticated = { error: { code: 'UNAUTHENTICATED', message: '请先登录' } }
      const route = `${method} ${path}`
      const anonymous = await test.app.inject(request)
      expect({ route, status: anonymous.statusCode, body: anonymous.json() }).toEqual({
        route,
        status: 401,
        body: unauthenticated,
      })
      // A validly signed cookie of a session that does not exist: only the hook clears it (handlers cannot).
      const stale = await test.app.inject({ ...request, cookies: { sid: test.app.signCookie('gone') } })
      expect({
        route,
        status: stale.statusCode,
        cleared: stale.cookies.some((c) => c.name === 'sid' && !c.value),
      }).toEqual({
        route,
        status: 401,
        cleared: true,
      })
    }
  })

  it('lets a route without the flag answer without a session', async () => {
    const res = await test.app.inject({ method: 'GET', url: '/api/categories' })
    expect(res.statusCode).toBe(200)
  })
})
