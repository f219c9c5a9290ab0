import { expect, test, type Page } from './support/test'
import { fillPolicyholder, pickDate, pickOption } from './support/purchaseFlow'
import { logInByApi } from './support/session'
import { staffHeaders } from './support/staff'

// The partner insurer's flows (华汀保险 through its API, the sandbox partner in demo mode) in Chromium against the
// real server: each flow to a policy the partner issued by its callback, seen in /policy/apiPolicyDetail; and an
// application the partner refuses to underwrite (the refusal shows, nothing is paid).

test.use({ viewport: { width: 390, height: 844 } })

/** Every health question answered 否. */
async function answerHealthNo(page: Page) {
  const questions = page.getByRole('region', { name: '健康告知' }).locator('.health-question')
  await expect(questions.first()).toBeVisible()
  const n = await questions.count()
  for (let i = 0; i < n; i++) await questions.nth(i).locator('.adm-radio', { hasText: '否' }).click()
}

async function chooseOccupation(page: Page, field: string, search: string, name: string) {
  await page.locator(field).click()
  const dialog = page.getByRole('dialog', { name: '选择职业' })
  await dialog.getByPlaceholder('搜索职业名称或类别').fill(search)
  await dialog.getByText(name, { exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(page.locator(field)).toContainText(name)
}

/** From the parent path to /pay: 产品详情 → 确认信息 → 健康告知 → 填写信息 → 投保须知. */
async function applyThroughFlow(
  page: Page,
  base: string,
  productId: string,
  options: {
    occupation?: '#insured-occupationinfo' | '#holder-occupationinfo'
    holderName?: string
    trip?: { destination: string; startDate: string; endDate: string }
  } = {},
) {
  await page.goto(`${base}?productId=${productId}`)
  await expect(page).toHaveURL(new RegExp(`${base}/productDetails\\?productId=${productId}`))
  await expect(page.getByTestId('partner-steps')).toContainText('产品详情')
  await page.getByRole('button', { name: '立即投保' }).click()

  await expect(page).toHaveURL(new RegExp(`${base}/confirmInformation`))
  await page.getByRole('button', { name: '下一步' }).click()

  await expect(page).toHaveURL(new RegExp(`${base}/healthNotification`))
  await answerHealthNo(page)
  await page.getByRole('button', { name: '下一步' }).click()

  await expect(page).toHaveURL(new RegExp(`${base}/infoFill`))
  if (options.trip) {
    await pickOption(page, '#trip-destination', options.trip.destination)
    await pickDate(page, '#trip-startDate', options.trip.startDate)
    await pickDate(page, '#trip-endDate', options.trip.endDate)
  }
  await fillPolicyholder(page)
  if (options.holderName) await page.locator('#holder-name').fill(options.holderName)
  if (options.occupation) {
    // A refused class is listed but cannot be chosen.
    await page.locator(options.occupation).click()
    const dialog = page.getByRole('dialog', { name: '选择职业' })
    await dialog.getByPlaceholder('搜索职业名称或类别').fill('矿工')
    await expect(dialog.locator('.adm-list-item', { hasText: '矿工' })).toContainText('该职业暂不可投保')
    await dialog.locator('.adm-list-item', { hasText: '矿工' }).click()
    await expect(dialog).toBeVisible()
    await page
      .locator('.adm-mask')
      .last()
      .click({ position: { x: 10, y: 10 } })
    await expect(dialog).toBeHidden()
    await chooseOccupation(page, options.occupation, '教师', '教师')
    await expect(page.locator(options.occupation)).toContainText('教师（1类）')
  }
  // The draft survives a reload.
  await page.reload()
  await expect(page.locator('#holder-certNo')).toHaveValue('110101199003078515')
  await page.getByRole('button', { name: '下一步' }).click()
}

/** 投保须知 agreed and submitted: the partner underwrites, the order is made, /pay follows. */
async function agreeAndSubmit(page: Page, base: string) {
  await expect(page).toHaveURL(new RegExp(`${base}/specialNotify`))
  await expect(page.getByRole('region', { name: '投保须知' })).toBeVisible()
  await page.getByText(/我已阅读并同意投保须知及保险条款/).click()
  await page.getByRole('button', { name: '提交投保' }).click()
}

/** Paid in the sandbox; the partner issues by its callback; the policy opens with both numbers. */
async function payAndSeePolicy(page: Page, productName: RegExp): Promise<string> {
  await expect(page).toHaveURL(/\/pay\?orderId=/)
  await page.getByText('银行卡', { exact: true }).click()
  await page.getByRole('button', { name: '立即支付' }).click()
  await expect(page).toHaveURL(/\/pay\/sandbox\?paymentId=pay_/)
  await page.getByRole('button', { name: '模拟支付成功' }).click()
  await page.getByRole('button', { name: '返回商城' }).click()
  // The pay result hands a partner order on to its own result page at once.
  await expect(page).toHaveURL(/\/insuredSuccess\?orderId=/)
  await expect(page.getByTestId('insured-result')).toContainText('投保成功', { timeout: 20_000 })
  await expect(page.getByTestId('partner-policy-no')).not.toBeEmpty()
  const orderId = new URL(page.url()).searchParams.get('orderId')!
  await page.getByRole('button', { name: '查看保单' }).click()
  await expect(page).toHaveURL(/\/policy\/apiPolicyDetail\?policyId=/)
  await expect(page.getByTestId('policy-detail')).toContainText(productName)
  await expect(page.getByTestId('policy-no')).not.toBeEmpty()
  await expect(page.getByTestId('partner-policy-no')).not.toHaveText('保单出具中')
  await expect(page.getByText('华汀保险', { exact: false }).first()).toBeVisible()
  // The one policy page: the insurer as source, the cover, the cooling-off period and its surrender.
  const policy = page.getByTestId('policy-detail')
  await expect(policy.locator('.labeled-row', { hasText: '来源' })).toContainText('华汀保险股份有限公司')
  await expect(policy.locator('.labeled-row', { hasText: '犹豫期截止' })).toContainText(/\d{4}-\d{2}-\d{2}/)
  await expect(policy.getByRole('heading', { name: /保障内容/ })).toBeVisible()
  await expect(page.getByRole('button', { name: '犹豫期退保' })).toBeVisible()
  return orderId
}

test('huaTaiApi: from the product to a policy the partner issued', async ({ page }) => {
  const started = Date.now()
  await logInByApi(page.request, '13712346007')
  await applyThroughFlow(page, '/huaTaiApi', 'ht-accident')
  // The clause agreed to can be read in full first.
  await page.getByText('《华汀安行综合意外险条款》').click()
  const clause = page.getByRole('dialog', { name: '华汀安行综合意外险条款' })
  await expect(clause).toContainText('保险责任')
  await clause.getByRole('button', { name: '我知道了' }).click()
  await expect(clause).toBeHidden()
  await agreeAndSubmit(page, '/huaTaiApi')
  await payAndSeePolicy(page, /华汀/)
  test.info().annotations.push({ type: 'flow time (ms)', description: String(Date.now() - started) })
})

test('huaTaiApiRegression: the insured’s occupation, refused classes disabled, to an issued policy', async ({
  page,
}) => {
  await logInByApi(page.request, '13712346002')
  await applyThroughFlow(page, '/huaTaiApiRegression', 'ht-regression', {
    occupation: '#insured-occupationinfo',
  })
  await agreeAndSubmit(page, '/huaTaiApiRegression')
  await payAndSeePolicy(page, /华汀/)
})

/** The server's day (e2e runs start at a fixed time) `days` on, in Beijing time. */
async function serverDay(page: Page, days: number): Promise<string> {
  const { epochMs } = (await (await page.request.get('/api/time')).json()) as { epochMs: number }
  return new Date(epochMs + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' })
}

test('huaTaiApiTravel: the trip and the holder (本人) giving one occupation for both, to an issued policy', async ({
  page,
}) => {
  await logInByApi(page.request, '13712346003')
  const trip = { destination: '云南', startDate: await serverDay(page, 5), endDate: await serverDay(page, 9) }
  await applyThroughFlow(page, '/huaTaiApiTravel', 'ht-travel', {
    occupation: '#holder-occupationinfo',
    trip,
  })
  await agreeAndSubmit(page, '/huaTaiApiTravel')
  await payAndSeePolicy(page, /华汀/)
  // The policy is for the trip: where, and from departure to return.
  const policy = page.getByTestId('policy-detail')
  await expect(policy.locator('.labeled-row', { hasText: '旅行目的地' })).toContainText('云南')
  await expect(policy.locator('.labeled-row', { hasText: '出发日期' })).toContainText(trip.startDate)
  await expect(policy.locator('.labeled-row', { hasText: '返回日期' })).toContainText(trip.endDate)
  await expect(policy.locator('.labeled-row', { hasText: '生效时间' })).toContainText(
    `${trip.startDate} 00:00`,
  )
})

test('air accident: a flight and its date, to an issued policy showing the flight, as 订单详情 does', async ({
  page,
}) => {
  await logInByApi(page.request, '13712346004')
  await page.goto('/activity/airAccident')
  await page.locator('#flight-flightNo').fill('mu5x1')
  await page.getByRole('button', { name: '立即投保' }).click()
  await expect(page.getByText('航班号格式不正确，应为2位航空公司代码加1至4位数字，如 MU5101')).toBeVisible()
  // ZZ is no airline.
  await page.locator('#flight-flightNo').fill('ZZ9999')
  await expect(page.getByText('航班号中的航空公司代码ZZ不存在或暂不支持投保，请核对航班号')).toBeVisible()
  await page.locator('#flight-flightNo').fill('mu5101')
  const flightDay = await serverDay(page, 3)
  await pickDate(page, '#flight-date', flightDay)
  await page.getByRole('button', { name: '立即投保' }).click()
  await expect(page).toHaveURL(/\/activity\/airAccident\/infoFill/)
  await expect(page.getByText('MU5101')).toBeVisible()
  await fillPolicyholder(page)
  await answerHealthNo(page)
  await page.getByText(/我已阅读并同意投保须知及保险条款/).click()
  await page.getByRole('button', { name: '提交投保' }).click()
  const orderId = await payAndSeePolicy(page, /华汀/)
  const policy = page.getByTestId('policy-detail')
  await expect(policy.locator('.labeled-row', { hasText: '航班号' })).toContainText('MU5101（中国东方航空）')
  await expect(policy.locator('.labeled-row', { hasText: '航班日期' })).toContainText(flightDay)
  // 投保成功 and 订单详情 show the same flight.
  await page.goto(`/insuredSuccess?orderId=${orderId}`)
  await expect(page.getByTestId('insured-result')).toContainText('MU5101（中国东方航空）')
  await page.goto(`/orders/orderDetail?id=${orderId}`)
  await expect(page.locator('.labeled-row', { hasText: '航班号' })).toContainText('MU5101（中国东方航空）')
  await expect(page.locator('.labeled-row', { hasText: '航班日期' })).toContainText(flightDay)
})

test('the partner refuses to underwrite: the reason shows and nothing is paid', async ({ page }) => {
  await logInByApi(page.request, '13712346005')
  await applyThroughFlow(page, '/huaTaiApi', 'ht-accident', { holderName: '张拒保' })
  // The partner prices it; its underwriters (at 提交投保) refuse the name on their watch list, before any payment.
  await agreeAndSubmit(page, '/huaTaiApi')
  const refusal = page.getByTestId('partner-refusal')
  await expect(refusal).toContainText('核保未通过')
  await expect(page).not.toHaveURL(/\/pay/)
  const orders = await page.request.get('/api/orders')
  const body = (await orders.json()) as { items: { productId: string }[] }
  expect(body.items.filter((o) => o.productId === 'ht-accident')).toHaveLength(0)
})

/** The demo server's sandbox partner: its failure modes for the next calls (none: back to normal); staff only. */
async function partnerFaults(
  page: Page,
  faults: { mode: string; operations?: string[]; times?: number; delayMs?: number; premiumFen?: number }[],
) {
  const headers = await staffHeaders(page.request, 'editor')
  const res = await page.request.put('/api/sandbox/partner-faults', { data: { faults }, headers })
  expect(res.status()).toBe(200)
}

test('the partner down: the application waits with a clear message and nothing lost; a paid one waits to be issued @server-wide', async ({
  page,
}) => {
  await logInByApi(page.request, '13712346006')
  await applyThroughFlow(page, '/huaTaiApi', 'ht-accident')
  await partnerFaults(page, [{ mode: 'down', operations: ['underwrite'] }])
  try {
    await agreeAndSubmit(page, '/huaTaiApi')
    const notice = page.getByTestId('partner-unavailable')
    await expect(notice).toContainText('保险公司系统繁忙，请稍后重试')
    await expect(notice).toContainText('本次未投保、未扣款，已填写的信息已保存')
    await expect(page).toHaveURL(/\/huaTaiApi\/specialNotify/)
    const orders = (await (await page.request.get('/api/orders')).json()) as {
      items: { productId: string }[]
    }
    expect(orders.items.filter((o) => o.productId === 'ht-accident')).toHaveLength(0)

    // The partner takes applications again but cannot issue: the same application goes through, is paid, waits.
    await partnerFaults(page, [{ mode: 'down', operations: ['issue'] }])
    await page.getByRole('button', { name: '提交投保' }).click()
    await expect(page).toHaveURL(/\/pay\?orderId=/)
    await page.getByText('银行卡', { exact: true }).click()
    await page.getByRole('button', { name: '立即支付' }).click()
    await page.getByRole('button', { name: '模拟支付成功' }).click()
    await page.getByRole('button', { name: '返回商城' }).click()
    await expect(page).toHaveURL(/\/insuredSuccess\?orderId=/)
    const result = page.getByTestId('insured-result')
    await expect(result).toContainText('保单出具中')
    await expect(result).toContainText('保险公司系统繁忙，保单将在其恢复后自动出具', { timeout: 20_000 })

    // 订单详情 says the same (not 已支付), and offers nothing to buy again while the policy is on its way.
    const orderId = new URL(page.url()).searchParams.get('orderId')
    await page.goto(`/orders/orderDetail?id=${orderId}`)
    await expect(page.getByTestId('order-status')).toHaveText('保单出具中')
    await expect(page.getByTestId('order-issuing')).toContainText(
      '保险公司系统繁忙，保单将在其恢复后自动出具',
    )
    await expect(page.getByRole('button', { name: '再次购买' })).toHaveCount(0)
  } finally {
    await partnerFaults(page, [])
  }
})

test('the partner policy asks a visitor to log in and comes back', async ({ page }) => {
  await page.goto('/policy/apiPolicyDetail?policyId=pol-sample')
  await expect(page.getByTestId('login-to-view')).toContainText('登录后查看保单详情')
  await page.getByRole('button', { name: '去登录' }).click()
  await expect(page).toHaveURL(/\/Login\?redirect=%2Fpolicy%2FapiPolicyDetail%3FpolicyId%3Dpol-sample/)
})

test('the partner re-prices at underwriting: 保费已调整 ¥99 → ¥199 is agreed before paying it @server-wide', async ({
  page,
}) => {
  await logInByApi(page.request, '13712346008')
  await applyThroughFlow(page, '/huaTaiApi', 'ht-accident')
  await partnerFaults(page, [{ mode: 'reprice', operations: ['underwrite'], premiumFen: 19900, times: 1 }])
  try {
    await agreeAndSubmit(page, '/huaTaiApi')
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText('保费已调整')
    await expect(dialog.locator('.premium-change-row', { hasText: '原保费' })).toContainText('¥99')
    await expect(dialog.locator('.premium-change-row', { hasText: '核保后保费' })).toContainText('¥199')
    // Not agreed yet: still on 投保须知 at the price agreed to.
    await expect(page).toHaveURL(/\/huaTaiApi\/specialNotify/)
    await expect(page.locator('.purchase-price').last()).toHaveText('¥99')
    await dialog.getByRole('button', { name: '同意并支付' }).click()
    await expect(page).toHaveURL(/\/pay\?orderId=/)
    await expect(page.locator('.purchase-price').last()).toHaveText('¥199')
    await payAndSeePolicy(page, /华汀/)
  } finally {
    await partnerFaults(page, [])
  }
})

test('a slow quote says so; one that fails offers 重试, which goes on once the partner answers @server-wide', async ({
  page,
}) => {
  await logInByApi(page.request, '13712346010')
  // Longer than the quote's budget (3 s): the partner does not answer in time.
  await partnerFaults(page, [{ mode: 'timeout', operations: ['quote'], delayMs: 6000 }])
  try {
    await applyThroughFlow(page, '/huaTaiApi', 'ht-accident')
    await expect(page.getByRole('status')).toHaveText('正在向保险公司询价…')
    const notice = page.getByTestId('partner-unavailable')
    await expect(notice).toContainText('保险公司系统繁忙，请稍后重试')
    await expect(page).toHaveURL(/\/huaTaiApi\/infoFill/)
    await partnerFaults(page, [])
    await notice.getByRole('button', { name: '重试' }).click()
    await expect(page).toHaveURL(/\/huaTaiApi\/specialNotify/)
  } finally {
    await partnerFaults(page, [])
  }
})
