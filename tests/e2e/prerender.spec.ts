import { expect, test, withoutScripts } from './support/test'
import { layoutShift, recordLayoutShift } from './support/layoutShift'

// Config pages come as HTML prerendered at build time (scripts/prerender.ts): their content shows before any
// JavaScript runs, and the browser hydrates that HTML instead of rendering the page again (every page is
// checked for it by the sweep, routeSweep.spec.ts).

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

test('under /app the HTML, drawn with the main layout, is dropped: the in-app frame has no title bar', async ({
  page,
}) => {
  await withoutScripts(page)
  await page.goto('/app/springFestival', { waitUntil: 'load' })
  await expect(page.locator('#root')).toBeEmpty()
})

test('a product list built before its data keeps their room: the products arrive without moving the page', async ({
  page,
}) => {
  // The HTML holds a placeholder per product the page asks for (6), before any data.
  const html = await (await page.request.get('/preheatActivity')).text()
  expect(html.match(/class="product-card product-card-placeholder"/g)).toHaveLength(6)
  await recordLayoutShift(page)
  const products = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/products')
  await page.goto('/preheatActivity')
  await products
  await expect(page.locator('.blk-products .product-card')).toHaveCount(6)
  await expect(page.locator('.product-card-placeholder')).toHaveCount(0)
  await page.waitForLoadState('networkidle')
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.05)
})
