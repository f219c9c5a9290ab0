import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { sql } from 'kysely'
import { freePort } from '../../scripts/freePort'
import { samplePageConfig } from '../../scripts/studioPublish'
import { openDatabase } from '../../server/db/database'
import { startServerProcess, stopServerProcess, type ServerProcess } from '../server/serverProcess'
import { clickSettled } from './support/overlays'
import { studioCsrfHeader } from './support/staff'
import { expect, syncServerClock, test } from './support/test'

// The escalation of issue 26, driven exactly: an editor stores a draft whose button posts to /api/studio/staff
// (create an admin), makes a preview link and sends it to an admin; the admin, signed in to the studio in the
// same browser, opens the link and taps the button. Before the fix, the page runtime posted same-origin, the
// studio's session cookie went with it and an admin account was created in the admin's name.
//
// The validator now refuses such a draft (the editor's save is a 400), so the draft is stored the only way left to
// an attacker: written into the database directly, as a row saved before the fix would be. That needs the
// database to itself: PGlite is held by one process, so this test runs its own server on its own throwaway
// DATA_DIR (built app from dist/, the same settings as the suite's), stops it to write the row and starts it
// again on the same port. What the admin's browser then gets is the real server's answer for a stored draft.

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })

const PAGE_ID = 'staff-bait'
const BUTTON = '领取新人礼'
const REFUSED = '该操作不可用（接口不在允许范围内）'
const ATTACKER = { username: 'mallory', displayName: '新同事', role: 'admin', password: 'mallory-2026' }

let dataDir: string
let port: number
let server: ServerProcess

const env = () => ({
  DIST_DIR: resolve('dist'),
  TEST_CLOCK: 'on',
  ...(process.env.E2E_START ? { TEST_CLOCK_START: process.env.E2E_START } : {}),
})

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'mall-e2e-escalation-'))
  port = await freePort()
  server = await startServerProcess(dataDir, env(), port, 120_000)
})
test.afterAll(async () => {
  if (server) await stopServerProcess(server)
  rmSync(dataDir, { recursive: true, force: true })
})

async function staffBrowser(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.base })
  await syncServerClock(context, server.base)
  return context
}

async function studioLogIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/studio/')
  await page.getByLabel('用户名').fill(username)
  await page.getByLabel('密码').fill(password)
  await page.getByRole('button', { name: '登录' }).click()
  await expect(page.getByRole('button', { name: '新建页面' })).toBeVisible()
}

/** A live page whose one button creates an admin account through the staff API. */
async function baitConfig(page: Page): Promise<Record<string, unknown>> {
  const { epochMs } = (await (await page.request.get('/api/time')).json()) as { epochMs: number }
  const config = samplePageConfig('新人专享礼', epochMs)
  const blocks = config.blocks as unknown[]
  blocks.push({
    type: 'button',
    text: BUTTON,
    action: { type: 'api', url: '/api/studio/staff', body: ATTACKER, successText: '领取成功' },
  })
  return config
}

test('a preview link an admin opens cannot act with the admin’s studio session', async ({ browser }) => {
  test.setTimeout(300_000)

  // The editor, in her own browser: signs in, creates the page, and tries to save the bait: refused at the field.
  const editorContext = await staffBrowser(browser)
  const editor = await editorContext.newPage()
  await studioLogIn(editor, 'editor', 'editor-2026')
  await editor.getByRole('button', { name: '新建页面' }).click()
  await editor.getByLabel('页面 ID').fill(PAGE_ID)
  await editor.getByLabel('页面标题').fill('新人专享礼')
  await clickSettled(editor.getByRole('button', { name: '创建' }))
  await expect(editor.getByTestId('editor-ready')).toBeVisible()
  const bait = await baitConfig(editor)
  const csrf = await studioCsrfHeader(editorContext)
  const page = (await (
    await editor.request.get(`/api/studio/pages/${PAGE_ID}`, { headers: csrf })
  ).json()) as {
    draftRevision: number
  }
  // A draft with errors is kept, marked (never published, no preview link), and the error names the path.
  const marked = await editor.request.put(`/api/studio/pages/${PAGE_ID}/draft`, {
    data: bait,
    headers: { ...csrf, 'If-Match': `"${page.draftRevision}"` },
  })
  expect({
    status: marked.status(),
    errors: ((await marked.json()) as { errors: number }).errors > 0,
  }).toEqual({
    status: 200,
    errors: true,
  })
  const checked = await editor.request.post(`/api/studio/validate?id=${PAGE_ID}`, {
    data: bait,
    headers: csrf,
  })
  const { errors } = (await checked.json()) as { errors: { message: string }[] }
  expect(errors.map((d) => d.message)).toContainEqual(
    expect.stringContaining('接口 "/api/studio/staff" 不在页面可调用的范围内'),
  )

  // So the bait is written into the database, as a draft saved before the fix would be.
  await stopServerProcess(server)
  const database = await openDatabase({ dataDir })
  try {
    await sql`UPDATE studio_pages SET draft = ${JSON.stringify(bait)}::json, draft_errors = 0 WHERE id = ${PAGE_ID}`.execute(
      database.db,
    )
  } finally {
    await database.close()
  }
  server = await startServerProcess(dataDir, env(), port, 120_000)

  // The editor makes a preview link of the draft and sends it to an admin.
  const link = await editor.request.post(`/api/studio/pages/${PAGE_ID}/preview-links`, {
    data: {},
    headers: csrf,
  })
  expect(link.status()).toBe(200)
  const { url } = (await link.json()) as { url: string }
  await editorContext.close()

  // The admin, signed in to the studio in this browser, opens the link and taps the button.
  const adminContext = await staffBrowser(browser)
  const studio = await adminContext.newPage()
  await studioLogIn(studio, 'admin', 'admin-2026')
  const preview = await adminContext.newPage()
  await preview.setViewportSize({ width: 390, height: 844 })
  const staffRequests: string[] = []
  preview.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/studio')) staffRequests.push(request.url())
  })
  await preview.goto(url)
  await preview.getByRole('button', { name: BUTTON }).click()
  await expect(preview.getByText(REFUSED)).toBeVisible()
  await expect(preview.getByText('领取成功')).toHaveCount(0)
  expect(staffRequests).toEqual([])

  // Had the runtime sent it, the server would refuse it: the page's same-origin POST carries the admin's session
  // cookie (a 403, not a 401), never the studio's CSRF value, which this page cannot even read.
  const direct = await preview.evaluate(async (body) => {
    const res = await fetch('/api/studio/staff', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as unknown, cookies: document.cookie }
  }, ATTACKER)
  expect(direct.status).toBe(403)
  expect(direct.body).toMatchObject({ error: { code: 'STAFF_CSRF_REQUIRED' } })
  expect(direct.cookies).not.toContain('studio_csrf')

  // The studio's preview frame (/studio-preview, the real consumer runtime) shows the same draft to the admin:
  // the tap is refused there too, and the frame cannot act with the admin's session either.
  await studio.goto(`/studio/pages/${PAGE_ID}`)
  const frame = studio.frameLocator('iframe[title="页面预览"]')
  // 试用交互: a tap reaches the page's button instead of selecting its block.
  await studio.getByLabel('试用交互').click()
  await frame.getByRole('button', { name: BUTTON }).click()
  await expect(frame.getByText(REFUSED)).toBeVisible()
  const inFrame = studio.frames().find((f) => new URL(f.url()).pathname === '/studio-preview')
  expect(inFrame).toBeDefined()
  const fromFrame = await inFrame!.evaluate(async (body) => {
    const res = await fetch('/api/studio/staff', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: res.status, cookies: document.cookie }
  }, ATTACKER)
  expect(fromFrame.status).toBe(403)
  expect(fromFrame.cookies).not.toContain('studio_csrf')

  // The admin's own view: no new account (only the demo ones), and no account created in the audit log.
  const adminCsrf = await studioCsrfHeader(adminContext)
  const staff = (await (await studio.request.get('/api/studio/staff', { headers: adminCsrf })).json()) as {
    staff: { username: string }[]
  }
  expect(staff.staff.map((s) => s.username).sort()).toEqual([
    'admin',
    'agent',
    'compliance',
    'editor',
    'publisher',
  ])
  const audit = (await (await studio.request.get('/api/studio/audit', { headers: adminCsrf })).json()) as {
    entries: { action: string }[]
  }
  expect(audit.entries.filter((e) => e.action === 'staff-create')).toEqual([])
  await adminContext.close()
})
