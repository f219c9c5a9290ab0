import { expect, test, type Page } from './support/test'

// A config page opened directly (a campaign link) renders in the light shell: the app's frame without its
// router. The first navigation away hands over to the app, and history keeps working across the handover.

/** Script paths the page requests from now on. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  return scripts
}

test('its own HTML names the page, lists its chunks, and the page renders without the router', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/preheatActivity')).text()
  expect(html).toContain('<title>双十二保障节</title>')
  // Prerendered: the boot script loads them after the first paint (src/page-config/prerenderBoot.ts).
  expect(html).toMatch(/id="page-scripts">[^<]*preheatActivity\.json\.page-[^"]*\.js/)
  // It names its own route, so the entry does not carry the table of every config page.
  expect(html).toMatch(/id="config-route">\{"path":"\/preheatActivity"[^<]*preheatActivity\.json\.page-/)
  const entry = /"entry":"([^"]+)"/.exec(html)?.[1] ?? ''
  expect(await (await request.get(entry)).text()).not.toMatch(/springFestival\.json\.page-/)

  const scripts = recordScripts(page)
  await page.goto('/preheatActivity?phase=preheat')
  await expect(page.locator('.app-navbar')).toContainText('双十二保障节')
  await expect(page.locator('[data-testid="product-card"]').first()).toBeVisible()
  await expect(page).toHaveTitle('双十二保障节')
  expect(scripts.filter((path) => /\/AppRouter-/.test(path))).toEqual([])
})

test('tapping a product continues in the app; back returns to the campaign', async ({ page }) => {
  const scripts = recordScripts(page)
  await page.goto('/preheatActivity?phase=preheat')
  const card = page.locator('[data-testid="product-card"]').first()
  const name = (await card.locator('.product-card-name').textContent())?.trim() ?? ''
  await card.click()
  await expect(page).toHaveURL(/\/product\?id=/)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  expect(scripts.some((path) => /\/AppRouter-/.test(path))).toBe(true)

  await page.goBack()
  await expect(page).toHaveURL(/\/preheatActivity\?phase=preheat$/)
  await expect(page.locator('.config-page[data-phase="preheat"]')).toBeVisible()
  // History is the app router's now: forward returns to the product.
  await page.goForward()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
})

test('the back arrow of a campaign opened from a link goes to the home page', async ({ page }) => {
  await page.goto('/preheatActivity')
  await expect(page.locator('.config-page')).toBeVisible()
  await page.locator('.adm-nav-bar-back').click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: '热销推荐' })).toBeVisible()
})

test('under /app the campaign has no NavBar and links stay inside /app', async ({ page }) => {
  await page.goto('/app/preheatActivity?phase=preheat')
  await expect(page.locator('.config-page')).toBeVisible()
  await expect(page.locator('.app-navbar')).toHaveCount(0)
  await page.locator('[data-testid="product-card"]').first().click()
  await expect(page).toHaveURL(/\/app\/product\?id=/)
  await expect(page.getByTestId('product-page')).toBeVisible()
  await expect(page.locator('.app-navbar')).toHaveCount(0)
})

test('a campaign whose chunk will not load asks for a reload, and reload recovers', async ({ page }) => {
  let block = true
  await page.route(/\/assets\/preheatActivity\.json\.page-.*\.js$/, (route) =>
    block ? route.abort() : route.continue(),
  )
  await page.goto('/preheatActivity')
  await expect(page.getByRole('heading', { name: '页面加载失败' })).toBeVisible()
  block = false
  await page.getByRole('button', { name: '重新加载' }).click()
  await expect(page.locator('.config-page')).toBeVisible()
})
