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
