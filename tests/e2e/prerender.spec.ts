import { expect, test, waitForHydration, withoutScripts } from './support/test'
import { layoutShift, recordLayoutShift } from './support/layoutShift'
import { logInByApi, uniquePhone } from './support/session'

// Config pages come as HTML the server rendered for the request, with their data (src/app/ssr/renderScreen.tsx;
// the build's prerendered file when it does not): their content shows before any JavaScript runs, and the
// browser hydrates that HTML instead of rendering the page again (every page is checked for it by the sweep,
// routeSweep.spec.ts).

test('the campaign shows before its JavaScript: title bar, hero, blocks, and the countdown waits', async ({
  page,
}) => {
  await withoutScripts(page)
  await page.goto('/springFestival', { waitUntil: 'load' })
  await expect(page.locator('.app-navbar')).toContainText('春节保障节')
  // The demo server's 演示环境 strip is in the HTML, above the page, not added (moving it) once hydrated.
  await expect(page.locator('body > .demo-strip + #root')).toHaveCount(1)
  await expect(page.getByTestId('demo-badge')).toContainText('演示环境')
  await expect(page.locator('.config-page .cp-block-hero img')).toBeVisible()
  await expect(page.locator('.config-page > .cp-block').nth(3)).toBeVisible()
  // Digits rendered at build time would be wrong by now.
  await expect(page.locator('.blk-countdown').first()).not.toContainText(/\d/)
})

test('HTML past the moment it was rendered for is dropped before the JavaScript renders the page', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/springFestival')).text()
  const until = Number(/data-valid-until="(\d+)"/.exec(html)?.[1])
  expect(until).toBeGreaterThan(Date.now())
  await page.clock.install({ time: until + 60_000 })
  await withoutScripts(page)
  await page.goto('/springFestival', { waitUntil: 'load' })
  // The inline check ran (the CSP lets it through by its hash) and emptied the stale page.
  await expect(page.locator('#root')).toBeEmpty()
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
})

test('under /app the page is rendered in the in-app frame: no title bar, its content shown', async ({
  page,
}) => {
  await withoutScripts(page)
  await page.goto('/app/springFestival', { waitUntil: 'load' })
  await expect(page.locator('.config-page .cp-block-hero img')).toBeVisible()
  await expect(page.locator('.app-navbar')).toHaveCount(0)
})

test('a product list comes with its products in the HTML: the page shows them before its JavaScript and does not move', async ({
  page,
}) => {
  const html = await (await page.request.get('/preheatActivity')).text()
  expect(html.match(/data-testid="product-card"/g)).toHaveLength(6)
  expect(html).not.toContain('product-card-placeholder')
  // The answer the page was rendered with travels with it: the first render in the browser uses it.
  expect(html).toMatch(/<script type="application\/json" id="config-page-data">\{"data":\{"products":/)

  await withoutScripts(page)
  await page.goto('/preheatActivity', { waitUntil: 'load' })
  await expect(page.locator('.blk-products .product-card')).toHaveCount(6)

  await page.unrouteAll()
  await recordLayoutShift(page)
  await page.goto('/preheatActivity')
  await waitForHydration(page)
  await expect(page.locator('.blk-products .product-card')).toHaveCount(6)
  await page.waitForLoadState('networkidle')
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.05)
})

test('a coupon page sent to a logged-in visitor keeps 我的券’s room and learns whose session it is, without moving', async ({
  page,
}) => {
  await logInByApi(page.request, uniquePhone('1391'))
  await recordLayoutShift(page)
  await page.goto('/newgift')
  await waitForHydration(page)
  // Rendered for everyone, sent to a session: the visitor's own coupon and the logged-in button follow.
  await expect(page.getByTestId('coupon-mine')).toContainText('新人健康礼包')
  await expect(page.getByRole('button', { name: '去逛逛' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.05)

  // Logged out, nothing is kept for 我的券.
  await page.context().clearCookies()
  await page.evaluate(() => localStorage.clear())
  await page.goto('/newgift')
  await waitForHydration(page)
  await expect(page.getByRole('button', { name: '登录领取' }).first()).toBeVisible()
  await expect(page.getByRole('heading', { name: '我的券' })).toBeHidden()
})

test('blocks shown by login state: the HTML sent to a session shows the logged-in side before any script', async ({
  page,
}) => {
  await withoutScripts(page)
  await page.goto('/oldCustomerBenefits', { waitUntil: 'load' })
  await expect(page.getByText('登录核验身份')).toBeVisible()
  await expect(page.getByText('去续保')).toBeHidden()

  await logInByApi(page.request, uniquePhone('1392'))
  await page.goto('/oldCustomerBenefits', { waitUntil: 'load' })
  await expect(page.getByText('去续保')).toBeVisible()
  await expect(page.getByText('登录核验身份')).toBeHidden()
})
