import { formatFen } from '../../src/domain/money'
import { issuedPolicy } from './support/orders'
import { logInByApi, uniquePhone } from './support/session'
import { expect, test } from './support/test'

// Promises kept (issue 28): what a page promises is what the user gets, on a phone.

test.use({ viewport: { width: 390, height: 844 } })

test('the 新人礼包 the home banner promises is in 我的券 after a new user logs in', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('img', { name: '新人专享 50元健康礼包 登录自动发放' }).first()).toBeVisible()
  await logInByApi(page.request, uniquePhone('1376'))
  await page.goto('/newgift')
  await expect(page.getByRole('button', { name: '已领取' })).toBeDisabled()
  const mine = page.getByTestId('coupon-mine')
  await expect(mine).toHaveCount(1)
  await expect(mine).toContainText('新人健康礼包')
  await expect(mine).toContainText('可使用')
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/newgift.png`, fullPage: true })
  await page.goto('/coupons')
  const card = page.getByTestId('coupon-card')
  await expect(card).toHaveCount(1)
  await expect(card).toContainText('在线问诊、体检预约等健康服务，价值50元')
})

test('the parking coupon says the expiry it really gets', async ({ page }) => {
  // 2026-11-25 (E2E_START): this month's coupon ends with the month, not 31 days on.
  await page.goto('/parking')
  const ticket = page.locator('.blk-coupon-benefit').first()
  await expect(ticket).toHaveText('合作停车场2小时停车，有效期至 2026-11-30')
  await logInByApi(page.request, uniquePhone('1377'))
  await page.reload()
  await page.getByRole('button', { name: '立即领取' }).click()
  await expect(page.getByTestId('coupon-claimed')).toContainText('有效期至 2026-11-30 23:59')
})

test('the lottery says before a tap how to take part, and a product page’s 保费试算 counts', async ({
  page,
}) => {
  await logInByApi(page.request, uniquePhone('1378'))
  await page.goto('/manualactivity/trialFee/lottery')
  await expect(page.getByTestId('lottery-eligibility')).toHaveText(
    '请先完成“使用保费试算工具”（7 天内有效）再来参与',
  )
  await expect(page.getByTestId('lottery-chances')).toHaveText('完成后今日可抽 2 次（活动期间共剩 10 次）')
  await expect(page.getByRole('button', { name: '暂不可抽' })).toBeDisabled()
  await expect(page.getByText('或任一产品页的“保费试算”', { exact: false })).toBeVisible()
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/lottery.png` })

  // A premium trial on a product page: the buyer changes a factor.
  await page.goto('/product?id=p-medical-million')
  const trial = page.getByRole('group', { name: '性别' })
  const recorded = page.waitForResponse((r) => r.url().endsWith('/api/campaigns/trials'))
  await trial.getByText('女', { exact: true }).click()
  expect((await recorded).status()).toBe(200)

  await page.goto('/manualactivity/trialFee/lottery')
  await expect(page.getByTestId('lottery-chances')).toHaveText('今日还可抽 2 次（活动期间共剩 10 次）')
  await expect(page.getByTestId('lottery-eligibility')).toHaveCount(0)
  await expect(page.getByRole('button', { name: '抽奖', exact: true })).toBeEnabled()
})

test('surrender says the refund, where and when it goes, the points taken back, and asks a reason', async ({
  page,
}) => {
  await logInByApi(page.request, uniquePhone('1379'))
  const { policyId } = await issuedPolicy(page.request)
  const policy = (await (await page.request.get(`/api/policies/${policyId}`)).json()) as {
    premiumFen: number
  }
  await page.goto(`/policy/policyDetail?id=${policyId}`)
  await page.getByRole('button', { name: '犹豫期退保' }).click()
  const sheet = page.getByTestId('surrender-sheet')
  await expect(sheet.getByTestId('surrender-refund')).toHaveText(`¥${formatFen(policy.premiumFen)}`)
  await expect(sheet).toContainText('原路退回微信支付')
  await expect(sheet).toContainText('预计 3 个工作日内到账')
  await expect(sheet.getByTestId('surrender-points')).toHaveText(
    `扣回投保奖励 ${Math.floor(policy.premiumFen / 100)} 积分`,
  )
  await page.getByRole('button', { name: '确认退保' }).click()
  await expect(sheet.getByRole('alert')).toHaveText('请选择退保原因')
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/surrender-sheet.png` })
  await page.getByTestId('surrender-sheet').getByText('保费超出预算', { exact: true }).click()
  await page.getByRole('button', { name: '确认退保' }).click()
  await expect(page.getByText('退保成功，保费将原路退回微信支付')).toBeVisible()
  const after = (await (await page.request.get(`/api/policies/${policyId}`)).json()) as {
    refundFen: number
    surrenderReason: string
  }
  expect(after).toMatchObject({ refundFen: policy.premiumFen, surrenderReason: '保费超出预算' })
})
