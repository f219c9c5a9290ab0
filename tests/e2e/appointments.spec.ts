import { logInByApi, uniquePhone } from './support/session'
import { expect, test } from './support/test'

// Booking a call on a phone: a consultant's ?agent= link kept as 专属顾问, a product call booked for a slot with
// places left, the confirmation in the message center (the SMS text is checked by the server tests), then moved and cancelled
// from 我的预约; a consultant's page and the booking of that consultant.

test('a user arriving through a consultant’s link books a call, moves it and cancels it', async ({
  page,
}) => {
  const phone = uniquePhone('1379')
  await logInByApi(page.request, phone)
  await page.goto('/productAppointment/annuity?agent=c-zhou-hang')
  await expect(page.getByTestId('service-agent')).toContainText('您的专属顾问：周航')
  await expect(page.getByLabel('联系电话')).toHaveValue(phone)

  // Tomorrow's first slot: always more than 2 hours ahead, so it can still be moved and cancelled (today's first
  // open slot may start within 2 hours, depending on the time of day the suite runs).
  await page.getByRole('tab').nth(1).click()
  const grid = page.getByRole('group', { name: '选择时段' })
  await grid.getByRole('button', { name: /余3$/ }).first().click()
  await page.getByLabel('咨询需求（选填）').fill('想给父母规划养老金')
  await page.getByRole('button', { name: /^预约 / }).click()
  await expect(page.getByTestId('booking-done')).toContainText('预约成功')
  const row = page.getByTestId('appointment').first()
  await expect(row).toContainText('年金')
  await expect(row).toContainText('待咨询')

  const messages = await (await page.request.get('/api/messages')).json()
  expect(messages.items[0].title).toBe('预约成功')

  // The agent stays after a reload (agentInfo is persisted).
  await page.reload()
  await expect(page.getByTestId('service-agent')).toContainText('周航')

  await page.getByTestId('appointment').first().getByRole('button', { name: '改期' }).click()
  const popup = page.getByTestId('reschedule')
  await popup.getByRole('tab').nth(2).click()
  await popup.getByRole('button', { name: /余\d$/ }).first().click()
  await popup.getByRole('button', { name: '确认改期' }).click()
  await expect(page.getByText('已改期')).toBeVisible()
  expect((await (await page.request.get('/api/messages')).json()).items[0].title).toBe('预约已改期')

  await page.getByTestId('appointment').first().getByRole('button', { name: '取消' }).click()
  await page.getByRole('button', { name: '取消预约' }).click()
  await expect(page.getByTestId('appointment').first()).toContainText('已取消')
})

test('a visitor looks at a consultant and books them after login', async ({ page }) => {
  await page.goto('/consultant')
  await expect(page.getByTestId('consultant-card')).toHaveCount(6)
  await page.getByTestId('consultant-card').filter({ hasText: '陈茜' }).click()
  await expect(page).toHaveURL(/\/InsuranceConsultant\?id=c-chen-xi$/)
  await expect(page.getByTestId('consultant').getByText('执业证编号')).toBeVisible()
  await page.getByRole('button', { name: '预约TA' }).click()
  await expect(page).toHaveURL(/\/orderCounselor\?id=c-chen-xi$/)
  await expect(page.getByRole('button', { name: '登录后预约' })).toBeVisible()

  await logInByApi(page.request, uniquePhone('1376'))
  await page.reload()
  await page.getByRole('group', { name: '选择时段' }).getByRole('button', { name: /余1$/ }).first().click()
  await page.getByRole('button', { name: /^预约 / }).click()
  await expect(page.getByTestId('booking-done')).toContainText('顾问陈茜')
  await page.getByRole('button', { name: '再约一个时段' }).click()
  // The slot just taken is full now.
  await expect(
    page
      .getByRole('group', { name: '选择时段' })
      .getByRole('button', { name: /已约满$/ })
      .first(),
  ).toBeDisabled()
})
