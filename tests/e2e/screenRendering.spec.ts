import { logInByApi, uniquePhone } from './support/session'
import { layoutShift, recordLayoutShift } from './support/layoutShift'
import { expect, test, withoutScripts } from './support/test'

// Hand-written screens come rendered by the server for the visitor, with their data (src/app/ssr): they show
// before any JavaScript runs, and the browser hydrates that HTML in place instead of drawing the screen again
// (every screen is checked for it by the sweep, routeSweep.spec.ts).

test('with no JavaScript yet, the product shows: name, cover, price and the trial premium', async ({
  page,
}) => {
  await withoutScripts(page)
  await page.goto('/product?id=p-medical-million', { waitUntil: 'load' })
  await expect(page.locator('.app-navbar')).toContainText('产品详情')
  await expect(page.locator('h1.product-name')).toHaveText('云禾百万医疗险（2026版）')
  await expect(page.locator('.product-hero')).toBeVisible()
  await expect(page.getByTestId('trial-result')).toContainText(/试算保费\s*¥\d+/)
  await expect(page.getByRole('button', { name: '立即投保' })).toBeVisible()
  // The shopping list comes with its first page of products.
  await page.goto('/shopping', { waitUntil: 'load' })
  await expect(page.locator('.product-card').first()).toBeVisible()
})

test('a screen the server renders applies the stylesheet and starts its scripts after the first paint', async ({
  request,
}) => {
  const html = await (await request.get('/shopping')).text()
  // One stylesheet for the whole app (cached after the first page), applied before the first paint.
  expect(html.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
    expect.stringMatching(/^<link rel="stylesheet" crossorigin href="\/assets\/style-[\w-]+\.css">$/),
  ])
  expect(html).not.toMatch(/<script type="module"/)
  const scripts = JSON.parse(
    /<script type="application\/json" id="page-scripts">([^<]*)</.exec(html)?.[1] ?? '{}',
  ) as {
    preload?: string[]
  }
  expect(scripts.preload?.some((file) => /ShoppingPage-[^/]*\.js$/.test(file))).toBe(true)
  const home = await (await request.get('/')).text()
  expect(home).toMatch(/HomePage-[^"]*\.js/)
  expect(home).not.toMatch(/ShoppingPage-/)
})

test("a logged-in visitor's 我的 comes from the server with their own account", async ({ page }) => {
  const phone = uniquePhone('1372')
  await logInByApi(page.request, phone)
  const html = await (await page.request.get('/user')).text()
  expect(html).toContain(`${phone.slice(0, 3)}****${phone.slice(-4)}`)
  await page.goto('/user')
  await expect(page.getByTestId('user-phone')).toHaveText(`${phone.slice(0, 3)}****${phone.slice(-4)}`)
})

test('a logged-in visitor gets 商城 rendered for everyone, then their own session in the browser', async ({
  page,
}) => {
  const phone = uniquePhone('1373')
  await logInByApi(page.request, phone)
  // The server's answer is the render it keeps for everyone, marked for this browser to fetch their own data.
  const html = await (await page.request.get('/shopping')).text()
  expect(html).toContain('data-rendered-for="session"')
  expect(html).toContain('class="product-card')
  // A product page is theirs (its trial prices their real insured): rendered for them.
  const product = await (await page.request.get('/product?id=p-medical-million')).text()
  expect(product).not.toContain('data-rendered-for')
  // Nothing of theirs is in it: their session comes from /api/me once the page shows.
  expect(html).not.toContain(phone)
  await page.goto('/shopping')
  await expect(page.locator('#root:not([data-prerendered])')).toBeAttached()
  // Still logged in here: a product's 立即投保 goes on to the application, not to the login screen.
  await page.goto('/product?id=p-medical-million')
  await page.getByRole('button', { name: '立即投保' }).click()
  await expect(page).not.toHaveURL(/\/login/)
  await expect(page).toHaveURL(/\/specialNotify\?/)
})

test('a logged-in visitor’s home does not move while their own data comes (CLS ≤ 0.05)', async ({ page }) => {
  await logInByApi(page.request, uniquePhone('1374'))
  await recordLayoutShift(page)
  await page.goto('/')
  await expect(page.locator('#root:not([data-prerendered])')).toBeAttached()
  await page.waitForLoadState('networkidle')
  await expect(page.locator('.product-card').first()).toBeVisible()
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.05)
})

test('a logged-in visitor’s home asks only for their session: the catalog is the same for everyone and came with it', async ({
  page,
}) => {
  const phone = uniquePhone('1375')
  await logInByApi(page.request, phone)
  const asked: string[] = []
  page.on('request', (r) => {
    const { pathname } = new URL(r.url())
    if (pathname.startsWith('/api/')) asked.push(pathname)
  })
  await page.goto('/')
  await expect(page.locator('#root:not([data-prerendered])')).toBeAttached()
  await page.waitForLoadState('networkidle')
  await expect(page.locator('.product-card').first()).toBeVisible()
  // The render's categories and products read no session: they came with the HTML and are not asked again.
  // The page is the one kept for everyone (it holds nothing of theirs): their session comes from /api/me.
  expect(asked.filter((p) => p === '/api/me')).toHaveLength(1)
  expect(asked).not.toContain('/api/products')
  expect(asked).not.toContain('/api/categories')
  // In the app (no reload), 我的 is theirs.
  await page.locator('.adm-tab-bar-item', { hasText: '我的' }).click()
  await expect(page.getByTestId('user-phone')).toHaveText(`${phone.slice(0, 3)}****${phone.slice(-4)}`)
})
