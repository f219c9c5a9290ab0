import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { json } from './helpers'

// Helpers of the studio's server tests: demo accounts (seeded in demo mode), a signed-in request, a valid page.

export const DEMO_PASSWORDS = {
  editor: 'editor-2026',
  publisher: 'publisher-2026',
  admin: 'admin-2026',
  compliance: 'compliance-2026',
  agent: 'agent-2026',
} as const
export type DemoRole = keyof typeof DEMO_PASSWORDS

/**
 * What a login answer gives the studio app, from its Set-Cookie headers: `studio_session=…; studio_csrf=…`, the
 * cookie pairs of the session and of its CSRF value (the studio sends the latter back as the X-Studio-CSRF
 * header; staffHeaders does).
 */
export function studioCookiePairs(setCookie: readonly string[]): string {
  const pair = (name: string) => {
    const found = setCookie.find((header) => header.startsWith(`${name}=`))
    if (!found) throw new Error(`no ${name} cookie in ${JSON.stringify(setCookie)}`)
    return found.split(';')[0]
  }
  return `${pair('studio_session')}; ${pair('studio_csrf')}`
}

/** The cookie pairs of a login answer (studioCookiePairs). */
export function studioCookie(response: LightMyRequestResponse): string {
  const setCookie = response.headers['set-cookie'] ?? []
  try {
    return studioCookiePairs(Array.isArray(setCookie) ? setCookie : [String(setCookie)])
  } catch {
    throw new Error(`no studio cookies in ${response.statusCode}: ${response.body}`)
  }
}

export async function staffLogin(app: FastifyInstance, role: DemoRole): Promise<string> {
  const res = await json(app, {
    method: 'POST',
    url: '/api/studio/session',
    body: { username: role, password: DEMO_PASSWORDS[role] },
  })
  return studioCookie(res)
}

/** The headers of a request as the studio app sends it: the cookies, and the CSRF value read from them. */
export function staffHeaders(cookie: string | null): Record<string, string> {
  if (!cookie) return {}
  const csrf = /(?:^|;\s*)studio_csrf=([^;]*)/.exec(cookie)?.[1]
  return { cookie, ...(csrf ? { 'x-studio-csrf': csrf } : {}) }
}

/** A request as a signed-in staff member (or nobody when cookie is null). */
export function as(
  app: FastifyInstance,
  cookie: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return json(app, { method, url, body, headers: { ...headers, ...staffHeaders(cookie) } })
}

/** A small valid page config (a live schedule around the tests' clock, 2026-11-22). */
export function validPage(
  title = '双十二加油站',
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    schemaVersion: 3,
    title,
    schedule: {
      startAt: '2026-11-01T00:00:00+08:00',
      endAt: '2027-01-31T23:59:59+08:00',
      fallback: '/',
    },
    blocks: [
      { type: 'title', text: title },
      { type: 'markdown', source: '## 活动规则\n1. 每人每天一次' },
    ],
    ...extra,
  }
}

/** Saves a draft (If-Match: the page's current revision) and returns the answer. */
export async function saveDraft(app: FastifyInstance, cookie: string, id: string, config: unknown) {
  const page = await as(app, cookie, 'GET', `/api/studio/pages/${id}`)
  const revision = page.json<{ draftRevision: number }>().draftRevision
  return as(app, cookie, 'PUT', `/api/studio/pages/${id}/draft`, config, { 'if-match': `"${revision}"` })
}

/**
 * Saves `config` as the draft of page `id` (which must save: 200) and asks to publish that revision, now or at
 * `at`; the save's and the publish's answers, whatever the publish answered.
 */
export async function saveAndPublish(
  app: FastifyInstance,
  publisher: string,
  id: string,
  config: unknown,
  at?: string,
) {
  const saved = await saveDraft(app, publisher, id, config)
  if (saved.statusCode !== 200) throw new Error(`save ${saved.statusCode}: ${saved.body}`)
  const published = await as(app, publisher, 'POST', `/api/studio/pages/${id}/publish`, {
    revision: saved.json<{ revision: number }>().revision,
    ...(at ? { at } : {}),
  })
  return { saved, published }
}

/** Creates a page with a valid draft and publishes it now; the published version. */
export async function publishPage(
  app: FastifyInstance,
  publisher: string,
  id: string,
  config: unknown = validPage(),
): Promise<number> {
  const exists = await as(app, publisher, 'GET', `/api/studio/pages/${id}`)
  if (exists.statusCode === 404) {
    const created = await as(app, publisher, 'POST', '/api/studio/pages', { id, title: '测试页面' })
    if (created.statusCode !== 201) throw new Error(`create ${created.statusCode}: ${created.body}`)
  }
  const { published } = await saveAndPublish(app, publisher, id, config)
  if (published.statusCode !== 200) throw new Error(`publish ${published.statusCode}: ${published.body}`)
  return published.json<{ version: number }>().version
}
