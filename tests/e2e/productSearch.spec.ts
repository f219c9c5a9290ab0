import { expect, test } from './support/test'

// Searching as a buyer types: everyday words (孩子), and pinyin initials (bwyl), typed into the search screen.

test('typing 孩子 finds the children’s products, and bwyl finds 百万医疗', async ({ page }) => {
  await page.goto('/productsSearch')
  const box = page.getByPlaceholder('搜索保险产品，如：意外险、百万医疗')
  await box.fill('孩子')
  await box.press('Enter')
  const cards = page.getByTestId('product-card')
  await expect(cards.filter({ hasText: '蓝鲸湾小神兽少儿意外险' })).toBeVisible()
  await expect(cards.filter({ hasText: '青松小海豚少儿重疾险' })).toBeVisible()
  await expect(page.getByText('没有找到与“孩子”相关的产品')).toHaveCount(0)

  await box.fill('bwyl')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/productsSearch\?q=bwyl$/)
  await expect(cards).toHaveCount(1)
  await expect(cards.first()).toContainText('云禾百万医疗险（2026版）')
})
