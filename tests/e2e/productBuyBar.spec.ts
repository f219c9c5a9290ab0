import { expect, test, type Page } from './support/test'

// The product page's bottom bar (对比, 购物车, price, 立即投保) and the compare tray above it, on the narrowest and
// widest phones: every long-term product (重疾, 寿险, 年金, 教育金, 投连) shows a yearly premium, the widest price of
// the catalog, and its buttons once wrapped (立即投/保) and hid the tray's second row.

interface Summary {
  id: string
  name: string
}
interface Detail {
  coveragePeriods: string[]
  paymentPeriods: string[]
}

/** Longer than a year, or paid in several instalments (a premium per year). */
const isLongTerm = (p: Detail) =>
  p.paymentPeriods.some((period) => period !== 'single') ||
  p.coveragePeriods.some((period) => !/^(\d+[dm]|1y)$/.test(period))

async function longTermProducts(page: Page): Promise<Summary[]> {
  const list = (await (await page.request.get('/api/products?limit=50')).json()) as { items: Summary[] }
  const found: Summary[] = []
  for (const item of list.items) {
    const detail = (await (await page.request.get(`/api/products/${item.id}`)).json()) as Detail
    if (isLongTerm(detail)) found.push(item)
  }
  return found
}

/**
 * Whether each button's label (its text, not its icon) is on one line, and whether anything in the bar overflows
 * its box or the screen. One line: every piece of text shares a band of height (a wrapped label has a second
 * band below the first).
 */
const barLayout = (page: Page) =>
  page.locator('.product-action-bar').evaluate((bar) => {
    const oneLine = (element: Element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      const rects: DOMRect[] = []
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue
        const range = document.createRange()
        range.selectNodeContents(node)
        rects.push(...[...range.getClientRects()].filter((r) => r.width > 0))
      }
      return Math.max(...rects.map((r) => r.top)) < Math.min(...rects.map((r) => r.bottom))
    }
    const right = document.documentElement.clientWidth
    return [...bar.querySelectorAll('button, .price-text')].map((element) => ({
      label: element.textContent?.trim() ?? '',
      oneLine: oneLine(element),
      overflows: element.scrollWidth > element.clientWidth + 1,
      offScreen: element.getBoundingClientRect().right > right || element.getBoundingClientRect().left < 0,
    }))
  })

/** Each row of the compare tray (its count and its picks) lies inside the tray, and the tray above the bar. */
const trayLayout = (page: Page) =>
  page.getByRole('complementary', { name: '产品对比栏' }).evaluate((tray) => {
    const box = tray.getBoundingClientRect()
    const bar = document.querySelector('.product-action-bar')?.getBoundingClientRect()
    const outside = [...tray.querySelectorAll('.compare-bar-count, .compare-bar-item, button')]
      .filter((el) => {
        const r = el.getBoundingClientRect()
        return (
          r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5 || r.left < box.left || r.right > box.right
        )
      })
      .map((el) => el.textContent)
    return { outside, overlapsBar: bar ? box.bottom > bar.top + 0.5 : true, top: box.top }
  })

for (const width of [320, 430]) {
  test(`long-term products at ${width} px: bar buttons on one line, the compare tray whole above the bar`, async ({
    page,
  }) => {
    const products = await longTermProducts(page)
    expect(products.length).toBeGreaterThanOrEqual(8)
    await page.setViewportSize({ width, height: 844 })
    // Four picks in the tray, the longest names of the catalog: it takes its most rows.
    const picks = [...products].sort((a, b) => b.name.length - a.name.length).slice(0, 4)
    await page.addInitScript(
      (tray) => sessionStorage.setItem('mall:compareTray', tray),
      JSON.stringify(picks),
    )
    for (const product of products) {
      await page.goto(`/product?id=${product.id}`)
      const bar = page.locator('.product-action-bar')
      await expect(bar.getByRole('button', { name: '立即投保' })).toBeEnabled()
      const buttons = await barLayout(page)
      expect(buttons.map((b) => b.label).join('|'), product.name).toMatch(/对比\|.*购物车\|¥.*\|立即投保/)
      for (const button of buttons) {
        expect({ product: product.name, ...button }).toEqual({
          product: product.name,
          label: button.label,
          oneLine: true,
          overflows: false,
          offScreen: false,
        })
      }
      const tray = await trayLayout(page)
      expect({ product: product.name, outside: tray.outside, overlapsBar: tray.overlapsBar }).toEqual({
        product: product.name,
        outside: [],
        overlapsBar: false,
      })
      expect(tray.top).toBeGreaterThan(0)
    }
  })
}
