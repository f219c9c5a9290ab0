import { logInByApi, uniquePhone } from './support/session'
import { expect, test } from './support/test'

// Daily sign-in on a phone: the 积分 tab, one sign-in, the balance and the ledger.

test('a user signs in from the 积分 tab, once, and finds the points in the balance and the ledger', async ({
  page,
}) => {
  await logInByApi(page.request, uniquePhone('1373'))
  await page.goto('/')
  await page.locator('.adm-tab-bar-item', { hasText: '积分' }).click()
  await expect(page).toHaveURL(/\/points$/)
  await expect(page.getByTestId('points-usable')).toHaveText('0')
  await page.getByRole('button', { name: '去签到' }).click()
  await expect(page).toHaveURL(/\/signIn$/)
  await page.getByRole('button', { name: '签到领 5 积分' }).click()
  await expect(page.getByText('签到成功，获得 5 积分')).toBeVisible()
  await expect(page.getByRole('button', { name: '今日已签到，明天可领 5 积分' })).toBeDisabled()
  await expect(page.getByTestId('sign-in-streak')).toHaveText('已连续签到 1 天')
  // A second tab cannot sign in again: the server refuses it.
  const again = await page.request.post('/api/sign-in')
  expect(again.status()).toBe(409)
  await page.goBack()
  await expect(page.getByTestId('points-usable')).toHaveText('5')
  await page.getByRole('button', { name: '积分明细' }).click()
  await expect(page.locator('.points-ledger-row')).toHaveCount(1)
  await expect(page.locator('.points-ledger-row')).toContainText('每日签到')
  await expect(page.locator('.points-ledger-row')).toContainText('+5')
})
