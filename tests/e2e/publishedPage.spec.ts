import type { APIRequestContext } from '@playwright/test'
import {
  logInAsPublisher,
  type StudioClient,
  publishPage,
  samplePageConfig,
  saveAndPublish,
  shanghaiIso,
} from '../../scripts/studioPublish'
import { layoutShift, recordLayoutShift } from './support/layoutShift'
import { expect, test, withoutScripts } from './support/test'

// A page published through the studio API (as the demo publisher) is what a consumer sees at /activity/{id}:
// opened directly, rendered by the server in the light shell before any JavaScript and booted in it (not the
// app), in both root layouts, behind folder configs and screens; reached inside the app, its screen; a
// signed preview link shows the draft at its moment; unpublished, the page leaves for its fallback; the
// studio's preview frame renders what its parent posts.

const HOUR = 3_600_000

async function serverNow(request: APIRequestContext): Promise<number> {
  return ((await (await request.get('/api/time')).json()) as { epochMs: number }).epochMs
}

let pageId: string
let studio: APIRequestContext
/** The studio API as the demo publisher (its calls carry the X-Studio-CSRF header). */
let publisher: StudioClient

test.beforeAll(async ({ playwright, baseURL }) => {
  studio = await playwright.request.newContext({ baseURL })
  publisher = await logInAsPublisher(studio)
  pageId = `e2e-spring-${Date.now().toString(36)}`
  await publishPage(publisher, pageId, samplePageConfig('春季健康节', await serverNow(studio)))
})
test.afterAll(async () => studio.dispose())

test('a consumer opens the published page: shown by the server before any script, then hydrated', async ({
  page,
}) => {
  await withoutScripts(page)
  await page.goto(`/activity/${pageId}`, { waitUntil: 'load' })
  await expect(page.locator('.app-navbar')).toContainText('春季健康节')
  await expect(page.getByRole('heading', { name: '春季健康节' })).toBeVisible()
  await expect(page.getByText('活动进行中')).toBeVisible()
  await expect(page.getByRole('heading', { name: '活动规则' })).toBeVisible()
  await page.unrouteAll()

  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('console', (m) => (m.type() === 'error' ? problems.push(m.text()) : undefined))
  await page.goto(`/activity/${pageId}`)
  await expect(page.getByText('活动进行中')).toBeVisible()
  await expect(page.getByText('活动即将开始 敬请期待')).toHaveCount(0)
  expect(problems).toEqual([])
  // The in-app layout (no title bar) renders it too.
  await page.goto(`/app/activity/${pageId}`)
  await expect(page.getByText('活动进行中')).toBeVisible()
  await expect(page.locator('.app-navbar')).toHaveCount(0)
})

test('a launch page listing products shows them before any script, and hydrates without moving', async ({
  page,
}) => {
  const id = `e2e-hot-${Date.now().toString(36)}`
  const config = samplePageConfig('双十二开抢', await serverNow(studio))
  await publishPage(publisher, id, {
    ...config,
    dataSources: { hot: { get: '/api/products', query: { sort: 'sales', limit: 3 } } },
    blocks: [
      { type: 'title', id: 'head', text: '双十二开抢' },
      { type: 'product-list', id: 'hot', from: 'hot', title: '热销产品', layout: 'card' },
      { type: 'markdown', id: 'rules', source: '## 活动规则\n\n1. 活动期间每天可参与一次。' },
    ],
  })
  await withoutScripts(page)
  await page.goto(`/activity/${id}`, { waitUntil: 'load' })
  // Rendered by the server with its data: the three best sellers, no loading skeleton.
  await expect(page.getByTestId('product-card')).toHaveCount(3)
  await expect(page.getByRole('status', { name: '加载中' })).toHaveCount(0)
  await page.unrouteAll()

  const warnings: string[] = []
  page.on('console', (m) => void (['warning', 'error'].includes(m.type()) && warnings.push(m.text())))
  await recordLayoutShift(page)
  await page.goto(`/activity/${id}`)
  await page.waitForLoadState('networkidle')
  await expect(page.getByTestId('product-card')).toHaveCount(3)
  // Hydrated in place with the data it was rendered with: no mismatch, nothing moved (the demo strip: 0.024).
  expect(warnings).toEqual([])
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.05)
})

test('opened directly it boots the light shell with the embedded config, not the app; leaving continues in the app', async ({
  page,
  request,
}) => {
  const html = await (await request.get(`/activity/${pageId}`)).text()
  expect(html).toContain('<script type="application/json" id="published-page">')
  // The boot script starts the light shell's scripts: neither the app nor its router among them.
  const listed = /id="page-scripts">([^<]*)</.exec(html)?.[1] ?? ''
  expect(listed).toContain('.js')
  expect(listed).not.toMatch(/\/(App|AppRouter)-[^"]*\.js/)

  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
  })
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('console', (m) =>
    m.type() === 'error' || /hydration/i.test(m.text()) ? problems.push(m.text()) : undefined,
  )
  await page.goto(`/activity/${pageId}`)
  await expect(page.getByText('活动进行中')).toBeVisible()
  // Hydrated (without falling back to rendering): the root no longer carries the rendered snapshot.
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
  expect(problems).toEqual([])
  expect(scripts.filter((path) => /\/(App|AppRouter)-/.test(path))).toEqual([])

  // The back arrow of a page opened from a link goes home, in the app.
  await page.locator('.adm-nav-bar-back').click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: '热销推荐' })).toBeVisible()
  expect(scripts.some((path) => /\/AppRouter-/.test(path))).toBe(true)
})

test('a tap on the light-shelled page continues in the app; back shows the page again, as the app screen', async ({
  page,
}) => {
  const id = `e2e-onward-${Date.now().toString(36)}`
  const config = samplePageConfig('继续逛逛节', await serverNow(studio))
  const blocks = [
    ...(config.blocks as unknown[]),
    { type: 'button', id: 'shop', text: '去商城逛逛', action: { type: 'navigate', to: '/shopping' } },
  ]
  await publishPage(publisher, id, { ...config, blocks })
  await page.goto(`/activity/${id}`)
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
  await page.getByRole('button', { name: '去商城逛逛' }).click()
  await expect(page).toHaveURL(/\/shopping$/)
  await page.goBack()
  await expect(page).toHaveURL(new RegExp(`/activity/${id}$`))
  await expect(page.getByText('活动进行中')).toBeVisible()
  await expect(page.locator('.app-navbar')).toContainText('继续逛逛节')
})

test('folder configs and screens keep their paths; an unknown id is the not-found screen', async ({
  page,
}) => {
  await page.goto('/activity/worldcup')
  await expect(page).toHaveTitle(/世界杯/)
  await page.goto('/activity/no-such-page-here')
  await expect(page.getByTestId('not-found')).toContainText('页面不存在')
})

test('a signed preview link shows the draft with a 预览 badge at its moment; a forged one is refused', async ({
  page,
}) => {
  const now = await serverNow(studio)
  // A preheat moment (the page went live an hour ago).
  const link = await publisher.post(`/api/studio/pages/${pageId}/preview-links`, {
    data: { at: shanghaiIso(now - 5 * HOUR) },
  })
  expect(link.ok()).toBe(true)
  const { url } = (await link.json()) as { url: string }
  await page.goto(url)
  await expect(page.locator('.config-page-preview')).toContainText('预览')
  await expect(page.getByText('活动即将开始 敬请期待')).toBeVisible()
  await expect(page.getByText('活动进行中')).toHaveCount(0)

  await page.goto(`/activity/${pageId}?preview=forged-token`)
  await expect(page.getByTestId('preview-refused')).toContainText('预览链接已失效')
})

test('the studio preview frame renders the config its parent posts, at the posted moment', async ({
  page,
}) => {
  await page.goto('/studio-preview')
  await expect(page.getByText('正在等待工作台发送页面…')).toBeVisible()
  const now = await serverNow(studio)
  const config = samplePageConfig('预览框页面', now)
  const rendered = page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        window.addEventListener('message', (event) => {
          const data = event.data as { type?: string; at?: number }
          if (data.type === 'studio-preview:rendered') resolve(data.at ?? 0)
        }),
      ),
  )
  await page.evaluate(
    ({ config, nowMs }) =>
      window.postMessage(
        { type: 'studio-preview:render', config, markdown: {}, nowMs, loggedIn: false, params: {} },
        window.location.origin,
      ),
    { config, nowMs: now - 5 * HOUR },
  )
  expect(await rendered).toBeGreaterThan(0)
  await expect(page.getByRole('heading', { name: '预览框页面' })).toBeVisible()
  await expect(page.getByText('活动即将开始 敬请期待')).toBeVisible()
  await expect(page.locator('.app-navbar')).toContainText('预览框页面')
})

test('a new version shows at once; a rollback brings the older one back', async ({ page }) => {
  const id = `e2e-versions-${Date.now().toString(36)}`
  const now = await serverNow(studio)
  const first = await publishPage(publisher, id, samplePageConfig('版本一 春季健康节', now))
  await page.goto(`/activity/${id}`)
  await expect(page.getByRole('heading', { name: '版本一 春季健康节' })).toBeVisible()

  const second = await saveAndPublish(
    publisher,
    id,
    samplePageConfig('版本二 夏日清凉节', now),
    first.revision,
  )
  expect(second.version).toBe(first.version + 1)
  await page.goto(`/activity/${id}`)
  await expect(page.getByRole('heading', { name: '版本二 夏日清凉节' })).toBeVisible()

  const rollback = await publisher.post(`/api/studio/pages/${id}/rollback`, {
    data: { version: first.version },
  })
  expect(rollback.ok()).toBe(true)
  await page.goto(`/activity/${id}`)
  await expect(page.getByRole('heading', { name: '版本一 春季健康节' })).toBeVisible()
  await expect(page.locator('.app-navbar')).toContainText('版本一 春季健康节')
})

test('an unpublished page sends the consumer to its fallback', async ({ page }) => {
  const id = `e2e-gone-${Date.now().toString(36)}`
  await publishPage(publisher, id, { ...samplePageConfig('下线测试页', await serverNow(studio)) })
  expect((await publisher.post(`/api/studio/pages/${id}/unpublish`)).ok()).toBe(true)
  await page.goto(`/activity/${id}`)
  await expect(page).toHaveURL(/\/$/)
})
