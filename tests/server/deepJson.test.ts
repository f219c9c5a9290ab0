import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_JSON_DEPTH } from '../../server/platform/jsonDepth'
import { createTestApp, loginAs, type TestApp } from './helpers'
import { as, staffHeaders, staffLogin, validPage } from './studioHelpers'

// Bodies nested far deeper than any real config (the deepest in page-configs/ is 10 levels) are refused with a 400
// in our format by the JSON body parser, before ajv, the page-config core or any other recursive walk sees them
// (5,000 levels used to overflow the stack: a 500). At the limit they are read as usual.

let t: TestApp
let editor: string
let consumer: string

beforeAll(async () => {
  t = await createTestApp()
  editor = await staffLogin(t.app, 'editor')
  consumer = await loginAs(t.app, '13700000026')
  const created = await as(t.app, editor, 'POST', '/api/studio/pages', { id: 'deep-json', title: '嵌套' })
  expect(created.statusCode, created.body).toBe(201)
}, 60_000)
afterAll(() => t?.close())

/**
 * A valid page of exactly `depth` nested containers: page {} > blocks [] > block {} > visibleWhen, a chain of
 * `not` conditions (the schema allows any number) around {"loggedIn":true}.
 */
function pageOfDepth(depth: number): string {
  const nots = depth - 4
  const condition = `${'{"not":'.repeat(nots)}{"loggedIn":true}${'}'.repeat(nots)}`
  return JSON.stringify(validPage('嵌套测试')).replace(
    '{"type":"title"',
    `{"visibleWhen":${condition},"type":"title"`,
  )
}

/** A family-member body whose `name` holds `depth - 1` nested arrays (the body's own object is the first). */
const consumerBodyOfDepth = (depth: number) =>
  `{"name":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)},"relation":"child"}`

const tooDeep = {
  code: 'JSON_TOO_DEEP',
  message: `数据嵌套过深（最多 ${MAX_JSON_DEPTH} 层）`,
  details: [{ field: '请求体', message: `嵌套超过 ${MAX_JSON_DEPTH} 层` }],
}

function send(
  method: 'PUT' | 'POST',
  url: string,
  payload: string,
  cookie: string,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    payload,
    headers: { 'content-type': 'application/json', ...staffHeaders(cookie), ...headers },
  })
}

async function revision(): Promise<string> {
  const page = await as(t.app, editor, 'GET', '/api/studio/pages/deep-json')
  return `"${page.json<{ draftRevision: number }>().draftRevision}"`
}

describe('over-deep JSON bodies', () => {
  it('the test bodies nest exactly as deep as they say', () => {
    const depthOf = (value: unknown): number =>
      value !== null && typeof value === 'object' ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0
    expect(depthOf(JSON.parse(pageOfDepth(MAX_JSON_DEPTH)))).toBe(MAX_JSON_DEPTH)
    expect(depthOf(JSON.parse(consumerBodyOfDepth(MAX_JSON_DEPTH)))).toBe(MAX_JSON_DEPTH)
  })

  it('a studio draft 5,000 deep is a 400 naming the problem; at the limit it is saved', async () => {
    const deep = await send('PUT', '/api/studio/pages/deep-json/draft', pageOfDepth(5000), editor, {
      'if-match': await revision(),
    })
    expect({ status: deep.statusCode, body: deep.json() }).toEqual({ status: 400, body: { error: tooDeep } })
    const over = await send(
      'PUT',
      '/api/studio/pages/deep-json/draft',
      pageOfDepth(MAX_JSON_DEPTH + 1),
      editor,
      {
        'if-match': await revision(),
      },
    )
    expect({ status: over.statusCode, body: over.json() }).toEqual({ status: 400, body: { error: tooDeep } })
    const at = await send('PUT', '/api/studio/pages/deep-json/draft', pageOfDepth(MAX_JSON_DEPTH), editor, {
      'if-match': await revision(),
    })
    expect(at.statusCode, at.body).toBe(200)
  })

  it('/api/studio/validate: 5,000 deep and one over the limit are refused, at the limit the page is valid', async () => {
    for (const depth of [5000, MAX_JSON_DEPTH + 1]) {
      const res = await send('POST', '/api/studio/validate', pageOfDepth(depth), editor)
      expect({ depth, status: res.statusCode, body: res.json() }).toEqual({
        depth,
        status: 400,
        body: { error: tooDeep },
      })
    }
    const at = await send('POST', '/api/studio/validate', pageOfDepth(MAX_JSON_DEPTH), editor)
    expect({ status: at.statusCode, body: at.json() }).toEqual({ status: 200, body: { errors: [] } })
  })

  it('a consumer route refuses 5,000 deep and one over the limit; at the limit the schema names the field', async () => {
    for (const depth of [5000, MAX_JSON_DEPTH + 1]) {
      const res = await send('POST', '/api/family-members', consumerBodyOfDepth(depth), consumer)
      expect({ depth, status: res.statusCode, body: res.json() }).toEqual({
        depth,
        status: 400,
        body: { error: tooDeep },
      })
    }
    const at = await send('POST', '/api/family-members', consumerBodyOfDepth(MAX_JSON_DEPTH), consumer)
    expect(at.statusCode).toBe(400)
    expect(at.json<{ error: { code: string } }>().error.code).toBe('INVALID_INPUT')
  })

  it('brackets and braces inside strings do not count, however many', async () => {
    // Escaped quotes and backslashes inside do not end the string early.
    const page = validPage('括号\\"'.concat('[{'.repeat(3000), '\\'))
    const res = await send('POST', '/api/studio/validate', JSON.stringify(page), editor)
    expect(res.statusCode, res.body).toBe(200)
  })

  it('a query string never nests: bracketed names are plain unknown parameters', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/products?${'a'.concat('[b]'.repeat(2000))}=1`,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json<{ error: { code: string } }>().error.code).toBe('INVALID_INPUT')
  })
})
