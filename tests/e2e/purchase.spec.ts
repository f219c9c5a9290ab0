import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

// The purchase half in Chromium against the real server: gates, forms, sandbox payment, policy.

async function codeFor(request: APIRequestContext, phone: string): Promise<string> {
  await expect
    .poll(async () => (await request.get(`/api/dev/sms-outbox?phone=${phone}`)).status(), { timeout: 10_000 })
    .toBe(200)
  return ((await (await request.get(`/api/dev/sms-outbox?phone=${phone}`)).json()) as { code: string }).code
}

/** Logs in through the login screen (agreements ticked by hand). */
async function logInOnScreen(page: Page, phone: string) {
  await page.getByRole('textbox', { name: '手机号' }).fill(phone)
  await page.getByRole('button', { name: '获取验证码' }).click()
  await page.getByRole('textbox', { name: '验证码' }).fill(await codeFor(page.request, phone))
  for (const box of await page.locator('.login-agreements .adm-checkbox').all())
    await box.locator('.adm-checkbox-icon').click()
  await page.locator('.login-page .adm-button-block').click()
}

/** Logs in through the API; the page shares the cookie. */
async function logInByApi(page: Page, phone: string) {
  expect((await page.request.post('/api/auth/sms-code', { data: { phone } })).status()).toBe(200)
  const code = await codeFor(page.request, phone)
  const login = await page.request.post('/api/auth/login', {
    data: { phone, code, agreements: ['privacy', 'sensitive', 'service'] },
  })
  expect(login.status()).toBe(200)
}

/** /specialNotify: the recorded-sales notice, then every document opened and confirmed by hand. */
async function passNotices(page: Page) {
  await expect(page.getByText('您在本页面及后续投保页面的浏览和操作将被记录')).toBeVisible()
  await page.getByRole('button', { name: '我已知晓，开始投保' }).click()
  const next = page.getByRole('button', { name: '下一步' })
  const documents = page.locator('.adm-list-item', { hasText: '《' })
  await expect(documents.first()).toBeVisible()
  // Nothing is pre-checked.
  await expect(page.locator('.adm-checkbox-checked')).toHaveCount(0)
  await expect(next).toBeDisabled()
  const count = await documents.count()
  for (let i = 0; i < count; i++) {
    await documents.nth(i).click()
    await page.getByRole('button', { name: '我已阅读并确认' }).click()
    await expect(documents.nth(i)).toContainText('已阅读并确认')
  }
  await expect(page.locator('.adm-checkbox-checked')).toHaveCount(count)
  await next.click()
}

/** /insured (本人) -> health notification, all "否" -> /insuredCheck passed. */
async function passHealth(page: Page) {
  await expect(page).toHaveURL(/\/insured\?/)
  await page.getByText('本人', { exact: true }).click()
  await page.getByRole('button', { name: '下一步：健康告知' }).click()
  await expect(page).toHaveURL(/\/healthNotification\?/)
  // First a "是": the insured is stopped, with 重新选择 / 为他人投保.
  const questions = page.locator('.adm-list-item', { has: page.locator('.adm-radio') })
  const n = await questions.count()
  await questions.nth(0).locator('.adm-radio', { hasText: '是' }).click()
  for (let i = 1; i < n; i++) await questions.nth(i).locator('.adm-radio', { hasText: '否' }).click()
  await page.getByRole('button', { name: '提交健康告知' }).click()
  await expect(page.getByText('被保险人暂不符合投保条件')).toBeVisible()
  await expect(page.getByRole('button', { name: '为他人投保' })).toBeVisible()
  await page.getByRole('button', { name: '重新选择' }).click()
  for (let i = 0; i < n; i++) await questions.nth(i).locator('.adm-radio', { hasText: '否' }).click()
  await page.getByRole('button', { name: '提交健康告知' }).click()
  await expect(page.getByText('健康告知通过')).toBeVisible()
  await page.getByRole('button', { name: '下一步：填写投保信息' }).click()
}

/** /infoFill with a wrong ID number first, then the right one; /confirmReceiveInfo creates the order. */
async function fillForms(page: Page) {
  await expect(page).toHaveURL(/\/infoFill\?/)
  await page.locator('#holder-name').fill('张三')
  await page.locator('#holder-certNo').fill('110101199003078516')
  await page.locator('#holder-certStartDate').fill('2020-01-01')
  await page.locator('#holder-certEndDate').fill('2040-01-01')
  await page.locator('#insured-phone').fill('13800138000')
  await page.getByRole('button', { name: '下一步' }).click()
  await expect(page.getByRole('alert').filter({ hasText: '身份证号校验位不正确，请核对' })).toBeVisible()

  await page.locator('#holder-certNo').fill('110101199003078515')
  // Birth date and gender come from the ID number and are locked.
  await expect(page.locator('#holder-birthday')).toHaveValue('1990-03-07')
  await expect(page.locator('#holder-birthday')).toBeDisabled()
  await expect(page.getByRole('alert')).toHaveCount(0)
  // The draft survives a reload.
  await page.reload()
  await expect(page.locator('#holder-certNo')).toHaveValue('110101199003078515')
  await expect(page.locator('.purchase-price')).toContainText('¥')
  await page.getByRole('button', { name: '下一步' }).click()

  await expect(page).toHaveURL(/\/confirmReceiveInfo\?/)
  await expect(page.getByText(/犹豫期：自保单生效之日起15日内/)).toBeVisible()
  await page.getByRole('button', { name: '确认投保' }).click()
  await expect(page).toHaveURL(/\/pay\?orderId=/)
  await expect(page.getByText('生效后15天内可全额退保')).toBeVisible()
}

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
  await passHealth(page)
  await fillForms(page)

  // 银行卡 goes to the sandbox pay page.
  await page.getByText('银行卡', { exact: true }).click()
  await page.getByRole('button', { name: '立即支付' }).click()
  await expect(page).toHaveURL(/\/pay\/sandbox\?paymentId=pay_/)
  await page.getByRole('button', { name: '模拟支付成功' }).click()
  await expect(page.getByText('模拟支付成功')).toBeVisible()
  await page.getByRole('button', { name: '返回订单' }).click()
  await expect(page.getByTestId('order-status')).toHaveText('已承保')
  await seesPolicy(page)

  // Surrender in the cooling-off period: the order shows the premium on its way back, then returned.
  await page.getByRole('button', { name: '犹豫期退保' }).click()
  await page.getByRole('button', { name: '确定退保' }).click()
  await expect(page.getByText('退保成功，保费将原路退回')).toBeVisible()
  await page.goto('/orders')
  const card = page.getByTestId('order-card').filter({ hasText: '云禾百万医疗险（2026版）' })
  await expect(card).toContainText(/已退款 ¥\d+/)
  await expect(card).toContainText('已退保')
  await card.click()
  const refunds = page.getByTestId('order-refunds')
  await expect(refunds).toContainText('已退款')
  await expect(refunds).toContainText('犹豫期内退保，保费全额退回')
  await page.screenshot({ path: 'test-results/order-refund.png', fullPage: true })
})

test('the same purchase paid through the QR page; the policy opens from an SMS link', async ({
  page,
  context,
  browser,
}) => {
  await logInByApi(page, '13712345002')
  await page.goto('/product?id=p-medical-million')
  await page.getByRole('button', { name: '立即投保' }).click()
  await expect(page).toHaveURL(/\/specialNotify\?/)
  await passNotices(page)
  await passHealth(page)
  await fillForms(page)

  await page.getByText('微信支付', { exact: true }).click()
  await page.getByRole('button', { name: '立即支付' }).click()
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

  await expect(page.getByText('支付成功')).toBeVisible({ timeout: 15_000 })
  await page.getByRole('button', { name: '查看保单' }).click()
  await expect(page.getByTestId('policy-no')).toHaveText(/^GH\d{16}$/)
  await seesPolicy(page)

  // The SMS link opens the policy without login; a tampered one is refused in Chinese.
  const policyId = new URL(page.url()).searchParams.get('id') as string
  const link = (await (await page.request.post(`/api/policies/${policyId}/share-link`)).json()) as {
    url: string
  }
  const stranger = await browser.newContext()
  const anonymous = await stranger.newPage()
  await anonymous.goto(link.url)
  await expect(anonymous.getByTestId('policy-no')).toHaveText(/^GH\d{16}$/)
  await expect(anonymous.getByText('1101**********8515').first()).toBeVisible()
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
