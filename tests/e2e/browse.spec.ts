import { expect, test, type Page } from './support/test'

// Browse half of the shop: search, compare two products, price a plan, in Chromium against the real server
// and its demo catalog.

function formatFen(fen: number): string {
  const yuan = Math.floor(fen / 100)
  const rest = fen % 100
  return rest === 0 ? `${yuan}` : `${yuan}.${String(rest).padStart(2, '0')}`
}

async function quoteFromApi(page: Page, body: Record<string, unknown>): Promise<number> {
  const res = await page.request.post('/api/quotes', { data: body })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { premiumFen: number }).premiumFen
}

test('search: results mark the keyword, the search is remembered, nothing found suggests hot words', async ({
  page,
}) => {
  await page.goto('/productsSearch')
  const box = page.getByPlaceholder('搜索保险产品，如：意外险、百万医疗')
  await box.fill('医疗')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/productsSearch\?q=%E5%8C%BB%E7%96%97$/)
  const first = page.getByTestId('product-card').first()
  await expect(first.locator('mark', { hasText: '医疗' }).first()).toBeVisible()
  await expect(page.getByTestId('product-card').filter({ hasText: '云禾百万医疗险（2026版）' })).toBeVisible()

  await page.goto('/productsSearch')
  await expect(
    page.getByRole('region', { name: '最近搜索' }).getByRole('button', { name: '医疗' }),
  ).toBeVisible()

  await page.goto('/productsSearch?q=火星保险')
  await expect(page.getByText('没有找到与“火星保险”相关的产品')).toBeVisible()
  await page.getByRole('region', { name: '搜索建议' }).getByRole('button', { name: '百万医疗' }).click()
  await expect(page.getByTestId('product-card').filter({ hasText: '云禾百万医疗险' })).toBeVisible()
})

test('compare two products side by side, then export the agent version as a PNG', async ({ page }) => {
  for (const id of ['p-critical-classic', 'p-critical-term']) {
    await page.goto(`/product?id=${id}`)
    await page.getByRole('button', { name: '加入对比' }).click()
    await expect(page.getByRole('button', { name: '取消对比' })).toBeVisible()
  }
  await page
    .getByRole('complementary', { name: '产品对比栏' })
    .getByRole('button', { name: '开始对比' })
    .click()
  await expect(page).toHaveURL(/\/compare\/p-critical-classic,p-critical-term$/)

  const table = page.getByTestId('compare-table')
  await expect(table.locator('thead th')).toHaveText(['产品', '北麓山康享重疾险', '星芒定期重疾险'])
  const waiting = table.locator('tr', { has: page.getByRole('rowheader', { name: '等待期' }) })
  await expect(waiting).toHaveClass(/differs/)
  await expect(waiting.locator('td')).toHaveText(['90天', '180天'])
  await expect(table.locator('tr', { has: page.getByRole('rowheader', { name: '犹豫期' }) })).not.toHaveClass(
    /differs/,
  )
  await expect(table.getByRole('rowheader', { name: '中症' })).toBeVisible()

  await page.goto('/compareForA/p-critical-classic,p-critical-term')
  await page.getByPlaceholder(/写下给客户的建议/).fill('预算充足选康享，保至70岁')
  await page.getByRole('button', { name: '生成对比图片' }).click()
  await expect(page).toHaveURL(/\/compareForA\/export\?sc=p-critical-classic,p-critical-term$/)
  const image = page.getByTestId('compare-image')
  await expect(image).toHaveAttribute('src', /^data:image\/png;base64,/)
  const size = await image.evaluate((img: HTMLImageElement) => ({
    w: img.naturalWidth,
    h: img.naturalHeight,
  }))
  expect(size.w).toBe(1500)
  expect(size.h).toBeGreaterThan(800)

  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: '下载图片' }).click()
  expect((await download).suggestedFilename()).toBe('产品对比.png')
})

test('price a plan: the trial shows the server premium for the chosen factors, then 立即投保 asks to log in', async ({
  page,
}) => {
  await page.goto('/product?id=p-medical-million')
  await expect(page.getByRole('heading', { level: 1, name: '云禾百万医疗险（2026版）' })).toBeVisible()
  const result = page.getByTestId('trial-result')
  await expect(result).toContainText('试算保费')

  const trial = page.getByRole('region', { name: '保费试算' })
  const birthDate = (await page.getByTestId('trial-birth-date').innerText()).slice(0, 10)
  await trial.getByRole('group', { name: '保障计划' }).getByRole('option', { name: '升级版' }).click()
  await trial.getByRole('group', { name: '社保情况' }).getByRole('option', { name: '无社保' }).click()
  await trial.getByRole('group', { name: '性别' }).getByRole('option', { name: '女' }).click()

  const expected = await quoteFromApi(page, {
    productId: 'p-medical-million',
    planCode: 'plus',
    birthDate,
    gender: 'F',
    coveragePeriod: '1y',
    paymentPeriod: 'single',
    socialInsurance: 'N',
  })
  await expect(result).toContainText(`¥${formatFen(expected)}`)
  await expect(page.getByRole('region', { name: '保障内容' })).toContainText('特药')

  await page.getByRole('button', { name: '立即投保' }).click()
  await expect(page).toHaveURL(/\/Login\?redirect=/)
  const redirect = new URL(page.url()).searchParams.get('redirect') ?? ''
  expect(redirect).toMatch(
    /^\/specialNotify\?productId=p-medical-million&plan=plus&coveragePeriod=1y&paymentPeriod=single/,
  )
})
