import { logInByApi, uniquePhone } from './support/session'
import { studioSignedIn } from './support/staff'
import { expect, test } from './support/test'

// 在线客服 as both people use it: a customer on the phone screen, an agent at the studio's desk, each seeing the
// other's messages live (the two event streams), the rating at the end.

test('a customer asks, an agent takes it at the desk and answers; both see each other live; the customer rates', async ({
  page,
  browser,
}) => {
  const phone = uniquePhone('1397')
  await logInByApi(page.request, phone)
  await page.goto('/service?productId=p-medical-million')
  const customerLines = page.getByRole('list', { name: '消息' }).getByTestId('service-line')
  await expect(customerLines.first()).toContainText('智能助手')
  await page.getByRole('textbox', { name: '输入消息' }).fill('犹豫期内可以退保吗')
  await page.getByRole('button', { name: '发送', exact: true }).click()
  await page.getByRole('button', { name: '转人工' }).click()
  await expect(page.getByText(/前面还有|下一位就是您|现在不是人工服务时间/).first()).toBeVisible()

  const [studio, desk] = await studioSignedIn(browser, 'agent')
  try {
    await desk.goto('/studio/desk')
    const masked = `${phone.slice(0, 3)}****${phone.slice(7)}`
    const row = desk.getByRole('list', { name: '会话列表' }).getByRole('button', { name: `会话 ${masked}` })
    await row.click()
    await desk.getByRole('button', { name: '接待' }).click()
    await expect(page.getByText('客服小恒为您服务。')).toBeVisible()
    await expect(desk.getByText('连接中断，正在重连…')).toHaveCount(0)

    // The agent answers; the customer's page shows it without a reload.
    await desk.getByRole('textbox', { name: '回复内容' }).fill('您好，犹豫期内退保可全额退还保费。')
    await desk.getByRole('button', { name: '发送' }).click()
    await expect(customerLines.last()).toContainText('您好，犹豫期内退保可全额退还保费。')

    // The customer answers; the desk shows it without a reload.
    await page.getByRole('textbox', { name: '输入消息' }).fill('好的，谢谢')
    await page.getByRole('button', { name: '发送', exact: true }).click()
    await expect(desk.getByRole('log', { name: '消息记录' })).toContainText('好的，谢谢')

    await desk.getByRole('button', { name: '结束会话' }).click()
    await desk.getByRole('tooltip').getByRole('button', { name: '结束会话' }).click()
    await expect(page.getByText('本次服务已结束', { exact: false }).first()).toBeVisible()
    await page.getByRole('radio', { name: '5 星' }).click()
    await page.getByRole('button', { name: '提交评价' }).click()
    await expect(page.getByText('感谢您的评价')).toBeVisible()
  } finally {
    await studio.close()
  }
})
