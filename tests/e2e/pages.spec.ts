import { readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, test } from '@playwright/test'

// Every config page renders in every phase (through the ?phase= preview), against the real server.
const root = join(import.meta.dirname, '../../page-configs')
function configPaths(dir = root): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) return configPaths(full)
    const rel = relative(root, full).replace(/\.json$/, '')
    return name.endsWith('.json') ? [`/${rel.replace(/\/index$/, '')}`] : []
  })
}

const pages = configPaths()

test('the seed config pages exist', () => {
  expect(pages.length).toBeGreaterThanOrEqual(32)
})

for (const path of pages) {
  test(`${path} renders in every phase`, async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    for (const phase of ['preheat', 'live', 'ended']) {
      await page.goto(`${path}?phase=${phase}`)
      await expect(page.locator(`.config-page[data-phase="${phase}"]`)).toBeVisible()
      const blocks = page.locator('.config-page > .cp-block')
      await expect(blocks.first()).toBeVisible()
      // Every visible block's chunk loaded and rendered something.
      await expect(page.locator('.cp-block-loading')).toHaveCount(0)
    }
    expect(errors).toEqual([])
  })
}

test('product-list shows products from the real API', async ({ page }) => {
  await page.goto('/springFestival?phase=live')
  const cards = page.locator('.cp-block-product-list [data-testid="product-card"]')
  await expect(cards.first()).toBeVisible()
  await cards.first().click()
  await expect(page).toHaveURL(/\/product\?id=/)
})

test('per-phase content: the preheat countdown shows only in preheat', async ({ page }) => {
  await page.goto('/springFestival?phase=preheat')
  await expect(page.getByText('距活动开始还有')).toBeVisible()
  await page.goto('/springFestival?phase=ended')
  await expect(page.getByText('感谢您的参与')).toBeVisible()
  await expect(page.getByText('距活动开始还有')).toHaveCount(0)
})

test('a moment preview (?now=) judges the schedule at that time and the page flips phase without reload', async ({
  page,
}) => {
  // Two seconds before the spring festival starts.
  await page.goto(`/springFestival?now=${encodeURIComponent('2027-01-19T23:59:58+08:00')}`)
  await expect(page.locator('.config-page[data-phase="preheat"]')).toBeVisible()
  await expect(page.locator('.config-page[data-phase="live"]')).toBeVisible({ timeout: 8000 })
  await expect(page.getByText('距活动结束还有')).toBeVisible()
})

test('offline redirects to the fallback', async ({ page }) => {
  await page.goto('/springFestival?phase=offline')
  await expect(page).toHaveURL(/\/$/)
})

test('a broken block leaves the rest of the page working', async ({ page }) => {
  // A data source answering with something that is not a product list breaks nothing but that block.
  await page.route('**/api/products?*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"items":[{"id":1}]}' }),
  )
  await page.goto('/springFestival?phase=live')
  await expect(page.getByText('活动规则')).toBeVisible()
  await expect(page.locator('.cp-block-faq')).toBeVisible()
})

test('questionnaire -> result page reads the score', async ({ page }) => {
  await page.goto('/manualactivity/riskCheck')
  const questions = page.locator('.blk-quiz-question')
  // The questionnaire is a lazy chunk: wait for its questions (count() alone does not wait and saw none).
  await expect(questions).toHaveCount(5)
  for (let i = 0; i < 5; i++) {
    const q = questions.nth(i)
    await q.locator('.adm-radio-content, .adm-checkbox-content').last().click()
    await expect(q.locator('.adm-radio-checked, .adm-checkbox-checked')).toHaveCount(1)
  }
  await page.getByRole('button', { name: '提交测评' }).click()
  // The last option of each question: 1 + 4 + 3 + 4 + 4.
  await expect(page).toHaveURL(/riskCheckRes\?score=16$/)
  await expect(page.getByText(/请回答第/)).toHaveCount(0)
  await expect(page.locator('.blk-result')).toContainText('您的得分')
})

test('calculator reversal shows the premium needed', async ({ page }) => {
  await page.goto('/manualactivity/reserveFundReversal')
  await expect(page.getByTestId('calc-reversal')).toContainText('保证利率')
  await expect(page.getByTestId('calc-reversal')).toContainText('元')
})

test('actions load their overlays on demand: a dialog and the share sheet open on tap', async ({ page }) => {
  await page.goto('/benefit')
  await page.getByText('健康体检').first().click()
  await expect(page.getByRole('dialog')).toContainText('健康体检为会员专享权益')
  await page.getByRole('dialog').getByText('知道了').click()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  await page.goto('/preheatActivity?phase=preheat')
  // No system share sheet in headless Chromium: our sheet offers 复制链接.
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }))
  await page.getByRole('button', { name: '邀好友一起抢' }).first().click()
  await expect(page.getByText('复制链接')).toBeVisible()
})
