import { expect, test, syncServerClock, type Page } from './support/test'
import { fillForms, logInOnScreen, passHealth, passNotices } from './support/purchaseFlow'
import { logInByApi } from './support/session'

// The purchase half in Chromium against the real server: gates, forms, sandbox payment, policy.

async function seesPolicy(page: Page) {
  await page.goto('/policy')
  const card = page.getByTestId('policy-card').filter({ hasText: '云禾百万医疗险（2026版）' })
  await expect(card).toBeVisible()
  await expect(card).toContainText('待生效')
  await card.click()
  await expect(page.getByTestId('policy-no')).toHaveText(/^GH\d{16}$/)
  await expect(page.getByText('犹豫期截止')).toBeVisible()
}

test('a new user searches, compares, prices a plan, passes the gates, pays in the sandbox and sees the policy', async ({
  page,
}) => {
  // Search and compare (browse screens), then price the plan on the product page.
  await page.goto('/productsSearch')
  const box = page.getByPlaceholder('搜索保险产品，如：意外险、百万医疗')
  await box.fill('医疗')
  await box.press('Enter')
  const medical = page.getByTestId('product-card').filter({ hasText: '云禾百万医疗险（2026版）' })
  await expect(medical).toBeVisible()
  for (const id of ['p-medical-mid', 'p-medical-million']) {
    await page.goto(`/product?id=${id}`)
    await page.getByRole('button', { name: '加入对比' }).click()
    await expect(page.getByRole('button', { name: '取消对比' })).toBeVisible()
  }
  await page
    .getByRole('complementary', { name: '产品对比栏' })
    .getByRole('button', { name: '开始对比' })
    .click()
  await expect(page.getByTestId('compare-table')).toBeVisible()

  await page.goto('/product?id=p-medical-million')
  const buy = page.getByRole('button', { name: '立即投保' })
  await expect(buy).toBeEnabled()
  await expect(page.locator('.product-action-price')).toContainText('¥')
  await buy.click()
  await expect(page).toHaveURL(/\/Login\?redirect=%2FspecialNotify/)
  await logInOnScreen(page, '13712345001')
  await expect(page).toHaveURL(/\/specialNotify\?productId=p-medical-million/)

  await passNotices(page)
  await fillForms(page)
  await passHealth(page)

  // On a phone, 立即支付 goes to the provider's page (the sandbox in demo mode).
  await page.getByText('银行卡', { exact: true }).click()
  await page.getByRole('button', { name: '立即支付' }).click()
  await expect(page).toHaveURL(/\/pay\/sandbox\?paymentId=pay_/)
  await page.getByRole('button', { name: '模拟支付成功' }).click()
  await expect(page.getByText('模拟支付成功')).toBeVisible()
  await page.getByRole('button', { name: '返回商城' }).click()
  // Every way of paying ends on the same 投保成功 page.
  await expect(page).toHaveURL(/\/paySuccess\?orderId=/)
  await expect(page.getByTestId('pay-success')).toContainText('投保成功')
  await expect(page.getByTestId('policy-no')).toHaveText(/^GH\d{16}$/)
  await seesPolicy(page)

  // Surrender in the cooling-off period: the order shows the premium on its way back, then returned.
  await page.getByRole('button', { name: '犹豫期退保' }).click()
  await page.getByTestId('surrender-sheet').getByText('不需要这份保障了', { exact: true }).click()
  await page.getByRole('button', { name: '确认退保' }).click()
  await expect(page.getByText('退保成功，保费将原路退回银行卡')).toBeVisible()
  await page.goto('/orders')
  const card = page.getByTestId('order-card').filter({ hasText: '云禾百万医疗险（2026版）' })
  await expect(card).toContainText(/已退款 ¥\d+/)
  await expect(card).toContainText('已退保')
  await card.click()
  const refunds = page.getByTestId('order-refunds')
  await expect(refunds).toContainText('已退款')
  await expect(refunds).toContainText('犹豫期内退保，保费全额退回')
})

test('the same purchase paid through the QR page; the policy opens from an SMS link', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await logInByApi(page.request, '13712345002')
  await page.goto('/product?id=p-medical-million')
  await page.getByRole('button', { name: '立即投保' }).click()
  await expect(page).toHaveURL(/\/specialNotify\?/)
  await passNotices(page)
  await fillForms(page)
  await passHealth(page)

  await page.getByText('微信支付', { exact: true }).click()
  // On a phone 立即支付 opens the provider's page here; the QR code is for paying from another device.
  await page.getByRole('button', { name: '使用其他设备扫码支付' }).click()
  await expect(page).toHaveURL(/\/payqrcode\?orderId=.+&paymentId=pay_/)
  const qr = page.getByRole('img', { name: '支付二维码' })
  await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/)
  await expect(page.getByRole('timer')).toContainText(/0[45]:\d\d/)

  // "Scan" the code on a second device: open what it encodes and pay there.
  const content = await qr.getAttribute('data-qr-content')
  expect(content).toMatch(/\/pay\/sandbox\?paymentId=pay_/)
  const phone = await context.newPage()
  await phone.goto(content as string)
  await phone.getByRole('button', { name: '模拟支付成功' }).click()
  await expect(phone.getByText('模拟支付成功')).toBeVisible()
  await phone.close()

  await expect(page.getByTestId('pay-success')).toContainText('投保成功', { timeout: 15_000 })
  await page.getByRole('button', { name: '查看保单' }).click()
  await expect(page.getByTestId('policy-no')).toHaveText(/^GH\d{16}$/)
  await seesPolicy(page)

  // 发送到手机 texts the holder the policy's link (the demo gateway keeps it).
  await page.getByRole('button', { name: '发送到手机' }).click()
  await expect(page.getByText('已发送至137****5002')).toBeVisible()

  // The SMS link opens the policy without login, and its e-policy; a tampered one is refused in Chinese.
  const policyId = new URL(page.url()).searchParams.get('id') as string
  const link = (await (await page.request.post(`/api/policies/${policyId}/share-link`)).json()) as {
    url: string
  }
  const stranger = await browser.newContext()
  await syncServerClock(stranger, baseURL)
  const anonymous = await stranger.newPage()
  await anonymous.goto(link.url)
  await expect(anonymous.getByTestId('policy-no')).toHaveText(/^GH\d{16}$/)
  await expect(anonymous.getByText('1101**********8515').first()).toBeVisible()
  const download = anonymous.getByRole('link', { name: '下载电子保单' })
  const pdf = await anonymous.request.get((await download.getAttribute('href')) as string)
  expect({ status: pdf.status(), type: pdf.headers()['content-type'] }).toEqual({
    status: 200,
    type: 'application/pdf',
  })
  await anonymous.goto(`${link.url.slice(0, -2)}xx`)
  await expect(anonymous.getByText('保单链接无效，请核对短信中的链接')).toBeVisible()
  await stranger.close()

  // A policy issued through a partner API product shows its source.
  const partner = await page.request.post('/api/sandbox/partner-policies', {
    data: { productId: 'p-travel-domestic', holder: { name: '张三', certNo: '110101199003078515' } },
  })
  expect(partner.status()).toBe(200)
  await page.goto('/policy')
  await page.getByTestId('policy-card').filter({ hasText: '星芒国内旅行险' }).click()
  await expect(page).toHaveURL(/\/policy\/apiPolicyDetail\?id=/)
  await expect(page.getByText('合作方API产品')).toBeVisible()
})
