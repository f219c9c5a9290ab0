// Publishes a page through the studio API as the demo publisher (issue 15 contract): for the e2e suite and
// bench:routes, which need a page at /activity/{id}. `request` is any fetch-like client holding the studio's
// cookie between calls (Playwright's APIRequestContext does).

/** The demo publisher seeded in demo mode (README, 运营工作台). */
export const DEMO_PUBLISHER = { username: 'publisher', password: 'publisher-2026' }

export interface StudioClient {
  post(url: string, options: { data?: unknown; headers?: Record<string, string> }): Promise<StudioAnswer>
  put(url: string, options: { data?: unknown; headers?: Record<string, string> }): Promise<StudioAnswer>
}
interface StudioAnswer {
  ok(): boolean
  status(): number
  json(): Promise<unknown>
  text(): Promise<string>
}

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

export async function logInAsPublisher(request: StudioClient): Promise<void> {
  await expectOk(await request.post('/api/studio/session', { data: DEMO_PUBLISHER }), 'studio login')
}

/** Saves `config` as the draft of page `id` (at draft revision `revision`) and publishes it now. */
export async function saveAndPublish(
  request: StudioClient,
  id: string,
  config: Record<string, unknown>,
  revision: number,
): Promise<{ version: number; revision: number }> {
  const saved = await expectOk(
    await request.put(`/api/studio/pages/${id}/draft`, {
      data: config,
      headers: { 'If-Match': `"${revision}"` },
    }),
    'save draft',
  )
  const published = await expectOk(
    await request.post(`/api/studio/pages/${id}/publish`, { data: { revision: Number(saved.revision) } }),
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
