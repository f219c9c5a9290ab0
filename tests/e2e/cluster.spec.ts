import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { request, type APIRequestContext, type APIResponse, type Browser } from '@playwright/test'
import { sql } from 'kysely'
import { demoLogin } from '../../scripts/demoLogin'
import { startPostgres, type Postgres } from '../../scripts/postgres'
import { startProxy, type Proxy } from '../../scripts/proxy'
import { saveAndPublish, shanghaiIso, staffCredentials } from '../../scripts/studioPublish'
import { openDatabase, type Database } from '../../server/db/database'
import { startServerProcess, stopServerProcess, type ServerProcess } from '../server/serverProcess'
import { draftLotteryConfig } from './support/draftLottery'
import { createDraftPage } from './support/draftPage'
import { expect, syncServerClock, test } from './support/test'

// The reference deployment (docs/deploy.md) end to end: haproxy in front of two server processes on one PostgreSQL,
// sharing one media folder. What one process does, the other (and so every visitor behind the proxy) sees: a
// publish within 2 s, a scheduled version at its time and once, a rate limit counted across both, an upload.
// The cluster is this file's own (a throwaway PostgreSQL, the processes of the build in dist/, haproxy), started
// here and stopped by PID. Its clock is the real one: the pages and the lottery are dated around today.

const PHOTO = fileURLToPath(new URL('./fixtures/photo.jpg', import.meta.url))

let pg: Postgres
let mediaDir: string
const servers: ServerProcess[] = []
let proxy: Proxy
let db: Database
let staff: APIRequestContext
/** The publisher's studio calls (their session and X-Studio-CSRF), on the first process. */
let studio: {
  get(url: string): Promise<APIResponse>
  post(url: string, options?: { data?: unknown; headers?: Record<string, string> }): Promise<APIResponse>
  put(url: string, options?: { data?: unknown; headers?: Record<string, string> }): Promise<APIResponse>
}

test.describe.configure({ mode: 'serial' })
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

test.beforeAll(async () => {
  test.setTimeout(180_000)
  pg = await startPostgres()
  mediaDir = mkdtempSync(join(tmpdir(), 'mall-e2e-cluster-media-'))
  const env = { DATABASE_URL: pg.url, DIST_DIR: resolve('dist'), TRUST_PROXY: '127.0.0.1' }
  // One after the other: the first migrates and seeds. (Two starting at once: tests/server/races.test.ts.)
  servers.push(await startServerProcess(mediaDir, env, undefined, 120_000))
  servers.push(await startServerProcess(mediaDir, env, undefined, 120_000))
  proxy = await startProxy(servers.map((s) => s.base))
  db = await openDatabase({ databaseUrl: pg.url })
  // The studio work is done on the first process only.
  staff = await request.newContext({ baseURL: servers[0].base })
  const { csrf } = await staffCredentials(staff, 'publisher')
  const signed = (o: { data?: unknown; headers?: Record<string, string> } = {}) => ({
    ...o,
    headers: { ...o.headers, 'x-studio-csrf': csrf },
  })
  studio = {
    get: (url) => staff.get(url, signed()),
    post: (url, o) => staff.post(url, signed(o)),
    put: (url, o) => staff.put(url, signed(o)),
  }
})

test.afterAll(async () => {
  await staff?.dispose()
  await db?.close()
  await proxy?.stop()
  await Promise.all(servers.map((s) => stopServerProcess(s)))
  await pg?.stop()
  rmSync(mediaDir, { recursive: true, force: true })
})

async function ok<T = Record<string, unknown>>(answer: Promise<APIResponse>) {
  const res = await answer
  expect(res.status(), await res.text()).toBeLessThan(300)
  return (await res.json()) as T
}

/** Saves `config` as page `id`'s draft and publishes it (now, or at `at`); the new version. */
async function publish(id: string, config: Record<string, unknown>, at?: string): Promise<number> {
  const { draftRevision } = await ok<{ draftRevision: number }>(studio.get(`/api/studio/pages/${id}`))
  return (await saveAndPublish(studio, id, config, draftRevision, at)).version
}

/** The page's title in the HTML a process serves to a visitor who is not logged in. */
async function servedTitle(base: string, id: string): Promise<string | null> {
  const html = await (await fetch(`${base}/activity/${id}`)).text()
  return /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null
}

/** Milliseconds until every process serves `title` (polled every 50 ms, at most `limitMs`). */
async function untilServed(id: string, title: string, limitMs: number): Promise<number> {
  const started = Date.now()
  for (;;) {
    const titles = await Promise.all(servers.map((s) => servedTitle(s.base, id)))
    if (titles.every((t) => t?.startsWith(title))) return Date.now() - started
    if (Date.now() - started > limitMs)
      throw new Error(`after ${limitMs} ms the processes serve ${titles.join(' | ')}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

async function openThroughProxy(browser: Browser) {
  const context = await browser.newContext({ baseURL: proxy.base })
  await syncServerClock(context, proxy.base)
  return context
}

test('a page published on one process is served by the other within 2 s, and through the proxy', async ({
  browser,
}) => {
  const id = 'cluster-launch'
  const config = (title: string) => draftLotteryConfig({ title, campaignId: 'cluster-launch-draw' })
  await createDraftPage(studio, id, config('双十二预热'))
  await publish(id, config('双十二预热'))
  // Each process has rendered (and keeps) the first version...
  await untilServed(id, '双十二预热', 2_000)
  // ...and the second, published on the first process, replaces it on both within 2 s.
  await publish(id, config('双十二开抢'))
  expect(await untilServed(id, '双十二开抢', 2_000)).toBeLessThanOrEqual(2_000)

  // A visitor behind the proxy sees it and draws (whichever process answers).
  const context = await openThroughProxy(browser)
  const page = await context.newPage()
  await page.goto(`/activity/${id}`)
  await expect(page.getByRole('heading', { name: '双十二开抢' })).toBeVisible()
  await context.close()
})

test('a version scheduled on one process goes live on both at its time, its lottery registered once', async () => {
  const id = 'cluster-schedule'
  const campaignId = 'cluster-schedule-draw'
  const now = Date.now()
  const schedule = {
    startAt: shanghaiIso(now - 3_600_000),
    endAt: shanghaiIso(now + 86_400_000),
    fallback: '/',
  }
  const before = { ...draftLotteryConfig({ title: '预告', campaignId }), schedule }
  delete (before as { campaigns?: unknown }).campaigns
  before.blocks = [{ type: 'title', text: '预告' }]
  await createDraftPage(studio, id, before)
  await publish(id, before)
  await untilServed(id, '预告', 2_000)

  // The lottery comes with the version scheduled 4 s ahead (whole seconds: the schema's times have no ms).
  const at = Math.ceil((Date.now() + 4_000) / 1000) * 1000
  const scheduled = draftLotteryConfig({ title: '整点开抢', campaignId })
  const version = await publish(id, scheduled, shanghaiIso(at))
  const users = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      demoLogin(proxy.base, `1395${String(i).padStart(7, '0')}`, `10.160.0.${i + 1}`),
    ),
  )
  const draw = (cookie: string, i: number) =>
    fetch(`${proxy.base}/api/campaigns/${campaignId}/draws`, {
      method: 'POST',
      headers: { cookie, 'x-forwarded-for': `10.160.1.${i + 1}` },
    })
  // Before its time: both processes still serve the old version, and nobody can draw.
  expect(await Promise.all(servers.map((s) => servedTitle(s.base, id)))).toEqual(
    ['预告', '预告'].map(expect.stringContaining),
  )
  expect((await draw(users[0], 0)).status).toBe(409)
  await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())))
  // At its time: every process serves it within 2 s...
  expect(await untilServed(id, '整点开抢', 2_000)).toBeLessThanOrEqual(2_000)
  // ...and 20 people drawing at once through both processes find one set of rules, registered once.
  const statuses = await Promise.all(users.map(async (cookie, i) => (await draw(cookie, i)).status))
  expect(statuses).toEqual(users.map(() => 200))
  const registered = await db.db
    .selectFrom('campaigns')
    .select(['page_version'])
    .where('id', '=', campaignId)
    .execute()
  expect(registered).toEqual([{ page_version: version }])
  const prizes = await db.db
    .selectFrom('campaign_prizes')
    .select(['prize_id', 'stock', 'awarded'])
    .where('campaign_id', '=', campaignId)
    .orderBy('prize_id')
    .execute()
  expect(prizes.map((p) => p.prize_id)).toEqual(['beans', 'points'])
  expect(prizes.reduce((n, p) => n + p.awarded, 0)).toBe(20)
  const { rows } = await sql<{
    n: string
  }>`SELECT count(*) AS n FROM campaign_draws WHERE campaign_id = ${campaignId}`.execute(db.db)
  expect(Number(rows[0].n)).toBe(20)
})

test('a rate limit holds across both processes: 20 codes an hour from one address, however they are spread', async () => {
  const ip = '10.170.0.1'
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      fetch(`${proxy.base}/api/auth/sms-code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ phone: `1396${String(i).padStart(7, '0')}` }),
      }),
    ),
  )
  const statuses = answers.map((a) => a.status).sort()
  expect(statuses).toEqual([...Array(20).fill(200), ...Array(10).fill(429)])
})

test('an image uploaded through one process is served by the other', async ({ browser }) => {
  // An editor, signed in on the first process.
  const editor = await request.newContext({ baseURL: servers[0].base })
  const headers = { 'x-studio-csrf': (await staffCredentials(editor, 'editor')).csrf }
  const { url } = await ok<{ url: string }>(
    editor.post('/api/studio/media', {
      headers,
      multipart: { file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: readFileSync(PHOTO) } },
    }),
  )
  await editor.dispose()
  const fromFirst = await fetch(`${servers[0].base}${url}`)
  const fromSecond = await fetch(`${servers[1].base}${url}`)
  expect([fromFirst.status, fromSecond.status]).toEqual([200, 200])
  expect(Buffer.from(await fromSecond.arrayBuffer())).toEqual(Buffer.from(await fromFirst.arrayBuffer()))
  // A phone behind the proxy loads it, whichever process answers.
  const context = await openThroughProxy(browser)
  const page = await context.newPage()
  await page.goto(url, { waitUntil: 'load' })
  const width = await page.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)
  expect(width).toBeGreaterThan(0)
  await context.close()
})
