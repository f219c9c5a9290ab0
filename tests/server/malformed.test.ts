import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, loginAs, type TestApp } from './helpers'

// Every route in openapi.json, including ones added later by other areas, must answer malformed input
// with a 4xx: an unknown query parameter, a broken path parameter, bad JSON and a wrong-typed body.

type Operation = { parameters?: { name: string; in: string }[]; requestBody?: unknown }
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

describe('malformed input on every documented route', () => {
  it('is a 4xx JSON error (never 2xx or 5xx), logged in or not', async () => {
    const failures: string[] = []
    let checked = 0
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const upper = method.toUpperCase() as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
        const attempts: { label: string; url: string; payload?: string }[] = [
          { label: 'unknown query parameter', url: `${fill(path, 'x1')}?zz_unknown=1` },
        ]
        if (path.includes('{')) {
          attempts.push({
            label: 'broken path parameter',
            url: fill(path, encodeURIComponent('../../etc/passwd'.repeat(5))),
          })
        }
        if (operation.requestBody) {
          attempts.push({ label: 'bad JSON', url: fill(path, 'x1'), payload: '{"a":' })
          attempts.push({ label: 'wrong-typed body', url: fill(path, 'x1'), payload: '[42]' })
          attempts.push({
            label: 'unknown field',
            url: fill(path, 'x1'),
            payload: '{"zz_unknown":{"deep":[1,2,3]}}',
          })
        }
        for (const attempt of attempts) {
          for (const headers of [{}, { cookie }]) {
            checked++
            const res = await t.app.inject({
              method: upper,
              url: attempt.url,
              payload: attempt.payload,
              headers: attempt.payload ? { ...headers, 'content-type': 'application/json' } : headers,
            })
            const body = res.json<{ error?: { code?: string; message?: string } }>()
            if (res.statusCode < 400 || res.statusCode >= 500 || !body.error?.code || !body.error.message) {
              failures.push(
                `${upper} ${attempt.url} (${attempt.label}) -> ${res.statusCode} ${res.body.slice(0, 120)}`,
              )
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(40)
    expect(failures).toEqual([])
  })
})
