import type { Page } from '@playwright/test'
import { logInAsStaff } from '../../scripts/studioPublish'
import { createDraftPage } from './support/draftPage'
import { expect, test } from './support/test'

// Errors a person understands, in the studio: the error list says in Chinese which block or prize and which
// field (no key, no expression), and picking an error puts the cursor in that field's input.

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })

const base = `e2e-errors-${Date.now().toString(36)}`

/** A valid page with a product list and a lottery of two prizes (each test its own page and campaign). */
const configOf = (campaign: string) => ({
  schemaVersion: 3,
  title: '双十二狂欢',
  schedule: { startAt: '2026-12-01T00:00:00+08:00', endAt: '2026-12-12T23:59:59+08:00', fallback: '/' },
  dataSources: { products: { get: '/api/products', query: { category: 'medical' } } },
  campaigns: {
    [campaign]: {
      kind: 'lottery',
      title: '双十二抽奖',
      window: { startAt: '2026-12-01T00:00:00+08:00', endAt: '2026-12-12T23:59:59+08:00' },
      limits: { perUserTotal: 3 },
      prizes: [
        { id: 'pts', name: '20 积分', weight: 10, reward: { kind: 'points', amount: 20 } },
        { id: 'thanks', name: '谢谢参与', weight: 50, stock: 100, reward: { kind: 'nothing' } },
      ],
    },
  },
  blocks: [
    { type: 'title', text: '双十二狂欢' },
    { type: 'product-list', from: 'products', title: '医疗险精选', limit: 4 },
    { type: 'lottery', campaign },
  ],
})

async function openWithErrors(page: Page, id: string): Promise<void> {
  const editor = await logInAsStaff(page.request, 'editor')
  await createDraftPage(editor, id, configOf(`${id}-draw`))
  await page.goto(`/studio/pages/${id}`)
  await expect(page.getByTestId('editor-ready')).toBeVisible()
  await expect(page.getByTestId('error-count')).toHaveAccessibleName('没有错误')
  // Two mistakes: a prize's stock typed as text, a product list showing at most 0 products.
  await page.getByText('JSON 源码', { exact: true }).click()
  const source = page.getByRole('textbox', { name: 'JSON 源码' })
  const text = await source.inputValue()
  await source.fill(text.replace('"stock": 100', '"stock": "100"').replace('"limit": 4', '"limit": 0'))
  await expect(page.getByTestId('error-count')).toHaveAccessibleName('2 个错误')
  await page.getByText('可视化编辑', { exact: true }).click()
}

test('the error list names the prize and the field in Chinese; picking an error focuses its input', async ({
  page,
}) => {
  await openWithErrors(page, `${base}-a`)
  await page.getByRole('tab', { name: /^错误/ }).click()
  const list = page.getByRole('list', { name: '错误列表' })
  await expect(list).toContainText('活动「双十二抽奖」 › 奖品 2（谢谢参与）：「总库存」应为整数')
  await expect(list).toContainText('第 2 个区块（产品列表「医疗险精选」）：「最多显示几个」不能小于 1')
  // No key, no expression, no English in what a person reads.
  for (const message of await list.locator('.ant-typography-danger').allTextContents())
    expect(message).not.toMatch(/[A-Za-z]{3,}|\^\[|\$/)

  await list.getByText('「最多显示几个」不能小于 1').click()
  const limit = page.getByLabel(/最多显示几个/)
  await expect(limit).toBeFocused()
  await expect(limit).toHaveValue('0')
  await expect(
    page.getByText('第 2 个区块（产品列表「医疗险精选」）：「最多显示几个」不能小于 1').first(),
  ).toBeVisible()
})

test('a field folded under 高级 is opened and focused when its error is picked', async ({ page }) => {
  await openWithErrors(page, `${base}-b`)
  // Give the title block a colour that is no colour: its style sits under 高级.
  await page.getByText('JSON 源码', { exact: true }).click()
  const source = page.getByRole('textbox', { name: 'JSON 源码' })
  const text = await source.inputValue()
  await source.fill(text.replace('"text": "双十二狂欢"', '"text": "双十二狂欢", "style": { "color": "rot" }'))
  await expect(page.getByTestId('error-count')).toHaveAccessibleName('3 个错误')
  await page.getByText('可视化编辑', { exact: true }).click()
  await page.getByRole('tab', { name: /^错误/ }).click()
  await page.getByRole('list', { name: '错误列表' }).getByText('「文字颜色」应是颜色').click()
  await expect(page.locator('#root_style_color')).toBeFocused()
})
