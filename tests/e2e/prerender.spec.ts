import { expect, test, withoutScripts } from './support/test'
import { configPaths } from './support/configPages'

// Config pages come as HTML prerendered at build time (scripts/prerender.ts): their content shows before any
// JavaScript runs, and the browser hydrates that HTML instead of rendering the page again.

test('the campaign shows before its JavaScript: title bar, hero, blocks, and the countdown waits', async ({
  page,
}) => {
  await withoutScripts(page)
  await page.goto('/springFestival', { waitUntil: 'load' })
  await expect(page.locator('.app-navbar')).toContainText('春节保障节')
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

for (const path of configPaths()) {
  test(`${path} is prerendered and hydrated without an error`, async ({ page, request }) => {
    const html = await (await request.get(path)).text()
    expect(html).toMatch(/<div id="root" data-prerendered="[^"]+"[^>]*>.*class="config-page/s)

    const problems: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text())
    })
    page.on('pageerror', (e) => problems.push(e.message))
    // The page element as parsed from the HTML, before any script ran.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        ;(window as { prerendered?: Element | null }).prerendered = document.querySelector('.config-page')
      }),
    )
    await page.goto(path)
    // The demo strip joins only once the page is hydrated (src/app/AppProviders.tsx).
    await expect(page.getByTestId('demo-badge')).toBeVisible()
    const kept = await page.evaluate(() => {
      const first = (window as { prerendered?: Element | null }).prerendered
      return Boolean(first?.isConnected) && first === document.querySelector('.config-page')
    })
    expect(kept, 'the prerendered page element is still the one on screen').toBe(true)
    // Hydrated, the page takes taps (src/styles/global.css).
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
    expect(problems).toEqual([])
  })
}
