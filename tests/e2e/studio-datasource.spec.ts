import type { FrameLocator, Page } from '@playwright/test'
import { logInAsStaff } from '../../scripts/studioPublish'
import { createDraftPage } from './support/draftPage'
import { clickSettled } from './support/overlays'
import { openStudioPage } from './support/staff'
import { expect, test } from './support/test'

// Product lists without JSON (docs/studio.md): a product list's form picks 产品分类 (and 标签, 最多显示几个) from
// the catalogue, lists the products that choice returns under the picker, and the phone shows the same ones.

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })

const phone = (page: Page): FrameLocator => page.frameLocator('iframe[title="页面预览"]')

/** A page of product lists reading the catalogue's first six products (`products`). */
const PRODUCTS_PAGE = {
  schemaVersion: 3,
  title: '保障精选',
  dataSources: { products: { get: '/api/products', query: { limit: 6 } } },
}
const PICKS = {
  type: 'product-list',
  id: 'picks',
  from: 'products',
  title: '精选保障',
  layout: 'row',
  limit: 6,
}

test('choosing 意外 (accident) in a product list shows only accident products, in the picker and on the phone', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const pageId = `e2e-datasource-${Date.now().toString(36)}`
  await createDraftPage(await logInAsStaff(page.request, 'editor'), pageId, {
    ...PRODUCTS_PAGE,
    blocks: [{ ...PICKS }],
  })
  const accident = (await (await page.request.get('/api/products?category=accident&limit=6')).json()) as {
    items: { name: string }[]
  }
  const accidentNames = accident.items.map((p) => p.name)
  expect(accidentNames.length).toBeGreaterThan(1)

  await openStudioPage(page, pageId)
  const cards = phone(page).getByTestId('product-card').locator('h4')
  // Before: the catalogue's best sellers, not only accident cover.
  await expect(cards).toHaveCount(6)
  expect((await cards.allTextContents()).some((name) => !accidentNames.includes(name))).toBe(true)

  await page.getByRole('tree', { name: '区块树' }).getByText('picks').click()
  await clickSettled(page.getByLabel('产品分类'))
  await clickSettled(page.locator('.ant-select-item-option').filter({ hasText: '意外（' }))

  // The picker lists what the list will show, and the phone shows exactly those.
  const shown = page.getByRole('region', { name: '列表将显示的产品' }).getByRole('listitem')
  await expect(shown).toHaveText(accidentNames)
  await expect(cards).toHaveText(accidentNames)
  await expect(page.getByTestId('error-count')).toHaveAccessibleName('没有错误')
})

test('deleting a product list takes the data source only it read out of 数据源; Ctrl+Z brings both back', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const pageId = `e2e-datasource-del-${Date.now().toString(36)}`
  await createDraftPage(await logInAsStaff(page.request, 'editor'), pageId, {
    ...PRODUCTS_PAGE,
    blocks: [{ ...PICKS }, { ...PICKS, id: 'more', title: '更多保障' }],
  })

  await openStudioPage(page, pageId)
  const tree = page.getByRole('tree', { name: '区块树' })
  // 意外 for 'picks': it gets a data source of its own (products2); 'more' keeps reading products.
  await tree.getByText('picks').click()
  await clickSettled(page.getByLabel('产品分类'))
  await clickSettled(page.locator('.ant-select-item-option').filter({ hasText: '意外（' }))
  await expect(
    page.getByRole('region', { name: '列表将显示的产品' }).getByRole('listitem').first(),
  ).toBeVisible()

  /** The data sources' names as 页面设置 → 数据源 lists them. */
  const sourceNames = async () => {
    await page.getByRole('tab', { name: '页面设置' }).click()
    const names = page.locator('input[id^="root_dataSources_"][id$="-key"]')
    // A source's own name, not the keys of its query (root_dataSources_products_query_limit-key).
    return expect.poll(() =>
      names.evaluateAll((els) =>
        els
          .filter((el) => /^root_dataSources_[^_]+-key$/.test(el.id))
          .map((el) => (el as HTMLInputElement).value),
      ),
    )
  }
  await (await sourceNames()).toEqual(['products', 'products2'])

  // Delete 'picks': its own source goes with it; the one 'more' reads stays.
  await page.getByRole('tab', { name: '区块属性' }).click()
  const row = tree.getByRole('treeitem').filter({ hasText: 'picks' })
  await row.click()
  await row.getByRole('button', { name: '删除' }).click()
  await clickSettled(page.locator('.ant-popconfirm').getByRole('button', { name: /^删\s?除$/ }))
  await expect(tree.getByText('picks')).toHaveCount(0)
  await (await sourceNames()).toEqual(['products'])

  // One undo, with 页面设置 still open: the source is back in 数据源, and the list with its own 意外 choice.
  await page.locator('body').press('Control+z')
  await expect(tree.getByText('picks')).toBeVisible()
  await (await sourceNames()).toEqual(['products', 'products2'])
  await page.getByRole('tab', { name: '区块属性' }).click()
  await tree.getByText('picks').click()
  await expect(
    page.getByLabel('产品分类').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'),
  ).toContainText('意外（')
})
