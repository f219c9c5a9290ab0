// Publishes a page through the studio API as the demo publisher (issue 15 contract): for the e2e suite and
// bench:routes, which need a page at /activity/{id}. `request` is any fetch-like client holding the studio's
// cookie between calls (Playwright's APIRequestContext does); staff routes also want the session's X-Studio-CSRF
// header, which logInAsStaff reads from the login's answer and adds to every call of the client it returns.

/** The demo accounts seeded in demo mode (README, 运营工作台). */
export const DEMO_STAFF = {
  editor: { username: 'editor', password: 'editor-2026' },
  publisher: { username: 'publisher', password: 'publisher-2026' },
  admin: { username: 'admin', password: 'admin-2026' },
  compliance: { username: 'compliance', password: 'compliance-2026' },
  agent: { username: 'agent', password: 'agent-2026' },
} as const
export type DemoStaffRole = keyof typeof DEMO_STAFF
export const DEMO_PUBLISHER = DEMO_STAFF.publisher

interface Options {
  data?: unknown
  headers?: Record<string, string>
}
export interface StudioClient {
  post(url: string, options?: Options): Promise<StudioAnswer>
  put(url: string, options?: Options): Promise<StudioAnswer>
}
interface StudioAnswer {
  ok(): boolean
  status(): number
  json(): Promise<unknown>
  text(): Promise<string>
  headersArray(): { name: string; value: string }[]
}

/** What a staff login answers with: the session cookie pair and the CSRF value for X-Studio-CSRF. */
export interface StaffCredentials {
  /** `studio_session=…`: the browser sends it under /api/studio only; other staff routes need it given. */
  cookie: string
  csrf: string
}

function credentialsOf(answer: StudioAnswer): StaffCredentials {
  const cookies = answer
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => h.value.split(';')[0])
  const session = cookies.find((c) => c.startsWith('studio_session='))
  const csrf = cookies.find((c) => c.startsWith('studio_csrf='))
  if (!session || !csrf) throw new Error(`studio login: no session cookies in ${JSON.stringify(cookies)}`)
  return { cookie: session, csrf: csrf.slice('studio_csrf='.length) }
}

/** Signs a demo staff member in; their credentials (the client keeps the session cookie for /api/studio too). */
export async function staffCredentials(
  request: StudioClient,
  role: DemoStaffRole,
): Promise<StaffCredentials> {
  const answer = await request.post('/api/studio/session', { data: DEMO_STAFF[role] })
  await expectOk(answer, 'studio login')
  return credentialsOf(answer)
}

/** Signs a demo staff member in; a client whose calls carry the session's X-Studio-CSRF header. */
export async function logInAsStaff(request: StudioClient, role: DemoStaffRole): Promise<StudioClient> {
  const { csrf } = await staffCredentials(request, role)
  const signed = (options: Options = {}) => ({
    ...options,
    headers: { ...options.headers, 'x-studio-csrf': csrf },
  })
  return {
    post: (url, options) => request.post(url, signed(options)),
    put: (url, options) => request.put(url, signed(options)),
  }
}

export const logInAsPublisher = (request: StudioClient) => logInAsStaff(request, 'publisher')

async function expectOk(answer: StudioAnswer, what: string): Promise<Record<string, unknown>> {
  if (!answer.ok()) throw new Error(`${what}: HTTP ${answer.status()} ${await answer.text()}`)
  return (await answer.json()) as Record<string, unknown>
}

/** An ISO time in +08:00 (what the page schema asks of schedule times). */
export function shanghaiIso(ms: number): string {
  return `${new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`
}

const HOUR = 3_600_000
const DAY = 24 * HOUR

/**
 * A small valid page around `nowMs`: preheat from yesterday, live from an hour ago for 30 days; one block for
 * each phase so a test can tell which phase shows.
 */
export function samplePageConfig(title: string, nowMs: number): Record<string, unknown> {
  return {
    $schema: '../../schemas/page.schema.json',
    schemaVersion: 3,
    title,
    schedule: {
      preheatAt: shanghaiIso(nowMs - DAY),
      startAt: shanghaiIso(nowMs - HOUR),
      endAt: shanghaiIso(nowMs + 30 * DAY),
      offlineAt: shanghaiIso(nowMs + 60 * DAY),
      fallback: '/',
    },
    blocks: [
      { type: 'title', id: 'head', text: title, subtitle: '健康生活 从春天开始' },
      { type: 'title', id: 'soon', text: '活动即将开始 敬请期待', showIn: ['preheat'] },
      { type: 'title', id: 'now', text: '活动进行中', showIn: ['live'] },
      {
        type: 'markdown',
        id: 'rules',
        source: '## 活动规则\n\n1. 活动期间每天可参与一次。\n2. 本活动与购买保险无关。',
      },
    ],
  }
}

/**
 * Saves `config` as the draft of page `id` (at draft revision `revision`) and publishes it now, or at `at`
 * (an ISO time: a schedule).
 */
export async function saveAndPublish(
  request: StudioClient,
  id: string,
  config: Record<string, unknown>,
  revision: number,
  at?: string,
): Promise<{ version: number; revision: number }> {
  const saved = await expectOk(
    await request.put(`/api/studio/pages/${id}/draft`, {
      data: config,
      headers: { 'If-Match': `"${revision}"` },
    }),
    'save draft',
  )
  const published = await expectOk(
    await request.post(`/api/studio/pages/${id}/publish`, {
      data: { revision: Number(saved.revision), ...(at ? { at } : {}) },
    }),
    'publish',
  )
  return { version: Number(published.version), revision: Number(saved.revision) }
}

/** Creates page `id`, saves `config` as its draft and publishes it now. */
export async function publishPage(
  request: StudioClient,
  id: string,
  config: Record<string, unknown>,
): Promise<{ version: number; revision: number }> {
  const created = await expectOk(
    await request.post('/api/studio/pages', { data: { id, title: config.title } }),
    'create page',
  )
  return saveAndPublish(request, id, config, Number(created.draftRevision))
}
