import { issuedPolicy } from './support/orders'
import { logInByApi, uniquePhone } from './support/session'
import { expect, test } from './support/test'

// The message center on a phone: a bought policy's messages, their unread counts on 我的 and on the tabs,
// reading one (it is marked read and links to its policy), and 全部已读.

test('a buyer reads the messages of a purchase: counts, one opened and followed, then all read', async ({
  page,
}) => {
  await logInByApi(page.request, uniquePhone('1374'))
  await issuedPolicy(page.request)
  await page.goto('/user')
  const entry = page.getByTestId('user-entry-messages')
  await expect(entry.locator('.adm-badge')).toHaveText('3')
  await entry.click()
  await expect(page).toHaveURL(/\/messageCenter$/)
  const rows = page.getByTestId('message-row')
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(0)).toContainText('积分到账')
  await expect(page.getByText('3 条未读')).toBeVisible()

  await rows.filter({ hasText: '保单已出单' }).click()
  await expect(page).toHaveURL(/\/messageCenter\/messageDetail\?id=/)
  await expect(page.getByTestId('message-detail')).toContainText('可在“我的保单”中查看电子保单')
  await page.goBack()
  await expect(page.getByText('2 条未读')).toBeVisible()
  await expect(rows.filter({ hasText: '保单已出单' }).locator('.message-dot')).toHaveCount(0)

  await rows.filter({ hasText: '保单已出单' }).click()
  await page.getByRole('button', { name: '查看详情' }).click()
  await expect(page).toHaveURL(/\/policy\/policyDetail\?id=/)
  await page.goBack()
  await page.goBack()
  await page.getByRole('button', { name: '全部已读' }).click()
  await expect(page.getByText('已全部标为已读')).toBeVisible()
  await expect(page.getByText('0 条未读')).toBeVisible()
  await expect(page.locator('.message-dot')).toHaveCount(0)
})
