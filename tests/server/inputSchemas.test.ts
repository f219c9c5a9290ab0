import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compileAllSchemas } from '../../server/platform/validation'
import { createTestApp, type TestApp } from './helpers'

// Every input of every documented route is bounded at the schema, so that no value can reach SQL that the
// database would refuse with an error (a 5xx): integers within their int4 column, strings and arrays with a
// maximum size, and no string that can carry a control character (NUL breaks PostgreSQL text).

type Node = { [key: string]: unknown }
type Operation = { parameters?: { name: string; in: string; schema: Node }[]; requestBody?: Node }

const INT4_MAX = 2 ** 31 - 1
let t: TestApp
let paths: Record<string, Record<string, Operation>>
beforeAll(async () => {
  t = await createTestApp()
  paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: typeof paths }>()
    .paths
})
afterAll(() => t.close())

function problems(node: unknown, at: string, out: string[]): void {
  if (Array.isArray(node)) return node.forEach((n, i) => problems(n, `${at}[${i}]`, out))
  if (typeof node !== 'object' || node === null) return
  const n = node as Node
  const types = Array.isArray(n.type) ? n.type : [n.type]
  const fixed = n.enum !== undefined || n.const !== undefined
  if ((types.includes('integer') || types.includes('number')) && !fixed) {
    if (typeof n.minimum !== 'number' || typeof n.maximum !== 'number')
      out.push(`${at}: number without minimum/maximum`)
    else if (types.includes('integer') && (n.maximum > INT4_MAX || n.minimum < -INT4_MAX - 1))
      out.push(`${at}: integer bounds beyond int4`)
  }
  if (types.includes('string') && !fixed) {
    // A pattern anchored at both ends without an open-ended repeat bounds the length too.
    const bounded =
      typeof n.pattern === 'string' && /^\^.*\$$/.test(n.pattern) && !/[*+]|\{\d+,\}/.test(n.pattern)
    if (typeof n.maxLength !== 'number' && n.format !== 'date' && !bounded)
      out.push(`${at}: string without maxLength`)
    const pattern = new RegExp(String(n.pattern ?? '.*'), 'u')
    // An uploaded file's bytes are not text: its content is checked by decoding it (server/modules/media).
    if (n.format !== 'binary')
      for (const c of ['\u0000', '\u0001', '\u001b', '\u007f'])
        if (pattern.test(`a${c}`) || pattern.test(c))
          out.push(`${at}: pattern lets ${JSON.stringify(c)} through`)
  }
  if (types.includes('array') && typeof n.maxItems !== 'number') out.push(`${at}: array without maxItems`)
  for (const [key, value] of Object.entries(n))
    if (key !== 'enum' && key !== 'const') problems(value, `${at}.${key}`, out)
}

describe('input schemas of every route', () => {
  it('bound every integer, string and array, and refuse control characters', () => {
    const found: string[] = []
    let inputs = 0
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(operations)) {
        for (const p of op.parameters ?? []) {
          inputs++
          problems(p.schema, `${method.toUpperCase()} ${path} ${p.in}:${p.name}`, found)
        }
        if (op.requestBody) {
          inputs++
          problems(op.requestBody, `${method.toUpperCase()} ${path} body`, found)
        }
      }
    }
    expect(inputs).toBeGreaterThan(40)
    expect(found).toEqual([])
  })

  it('compile, every validator and reply serializer (they are compiled on first use, so a broken one would wait)', () => {
    // About 160 routes: each has a validator per input part and a serializer for its reply.
    expect(compileAllSchemas(t.app)).toBeGreaterThan(300)
  })
})
