import { fileURLToPath } from 'node:url'
import { issuedPolicy } from './support/orders'
import { logInByApi, uniquePhone } from './support/session'
import { expect, test } from './support/test'

// A new member's first two days on a phone: signs in today and, the server's clock moved a day by the test-only
// control (TEST_CLOCK=on; production refuses it), again tomorrow; sees the streak and the points; exchanges a
// gift, finds it in the ledger and its message in the message center; files feedback with a photo.

const PHOTO = fileURLToPath(new URL('./fixtures/photo.jpg', import.meta.url))

test('a new user signs in two days running, exchanges a gift, finds it in the ledger and the messages, and files feedback @server-wide', async ({
  page,
}) => {
  await logInByApi(page.request, uniquePhone('1379'))
  try {
    await page.goto('/signIn')
    await expect(page.getByTestId('sign-in-streak')).toHaveText('开始连续签到，第7天有惊喜')
    await page.getByRole('button', { name: '签到领 5 积分' }).click()
    await expect(page.getByRole('button', { name: '今日已签到，明天可领 5 积分' })).toBeDisabled()
    await expect(page.getByTestId('sign-in-streak')).toHaveText('已连续签到 1 天')

    // The next day.
    expect((await page.request.post('/api/test/clock', { data: { days: 1 } })).status()).toBe(200)
    await page.reload()
    await expect(page.getByTestId('sign-in-streak')).toHaveText('已连续签到 1 天')
    await page.getByRole('button', { name: '签到领 5 积分' }).click()
    await expect(page.getByTestId('sign-in-streak')).toHaveText('已连续签到 2 天')
    await expect(page.getByRole('button', { name: '今日已签到，明天可领 10 积分' })).toBeDisabled()
    await page.goto('/points')
    await expect(page.getByTestId('points-usable')).toHaveText('10')

    // A policy bought earns 184 points; the 100-point coupon is then within reach.
    await issuedPolicy(page.request)
    await page.reload()
    await expect(page.getByTestId('points-usable')).toHaveText('194')
    await page.getByTestId('gift-tile').filter({ hasText: '体检套餐5折券' }).click()
    await page.getByRole('button', { name: '立即兑换' }).click()
    await page.getByRole('button', { name: '确认兑换' }).click()
    await expect(page.getByTestId('exchange-status')).toHaveText('已完成')

    await page.goto('/signInList')
    const rows = page.locator('.points-ledger-row')
    await expect(rows.nth(0)).toContainText('兑换礼品')
    await expect(rows.nth(0)).toContainText('-100')
    await expect(rows.filter({ hasText: '每日签到' })).toHaveCount(2)

    await page.goto('/messageCenter')
    const message = page.getByTestId('message-row').filter({ hasText: '兑换成功' })
    await expect(message).toHaveCount(1)
    await message.click()
    await expect(page.getByTestId('message-detail')).toContainText('「体检套餐5折券」已发放')
    await page.getByRole('button', { name: '查看详情' }).click()
    await expect(page).toHaveURL(/\/signIn\/exchangeDetail\//)
    await expect(page.getByTestId('exchange-code')).toHaveText(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/)

    await page.goto('/feedBack')
    await page.getByText('功能异常').click()
    await page.getByLabel('问题描述').fill('兑换成功后希望兑换码可以一键复制。')
    const uploaded = page.waitForResponse(
      (r) => r.url().endsWith('/api/media') && r.request().method() === 'POST',
    )
    await page.getByTestId('photo-uploader').locator('input[type=file]').setInputFiles(PHOTO)
    expect((await uploaded).status()).toBe(200)
    await expect(page.getByTestId('photo-uploader')).toContainText('1/6 张')
    await page.getByRole('button', { name: '提交' }).click()
    await expect(page).toHaveURL(/\/feedBack\/tipsucess$/)
    await page.getByRole('button', { name: '查看我的反馈' }).click()
    await expect(page.getByTestId('feedback-item').first()).toContainText('兑换码可以一键复制')
  } finally {
    await page.request.post('/api/test/clock', { data: { reset: true } })
  }
})
