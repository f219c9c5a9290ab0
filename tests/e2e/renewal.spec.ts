import { issuedPolicy } from './support/orders'
import { fillForms, passHealth, passNotices, payByCardInSandbox } from './support/purchaseFlow'
import { logInByApi, uniquePhone } from './support/session'
import { expect, test } from './support/test'

// 一键续保 on a phone against the real server: a policy within 60 days of its end is renewed through the normal
// gates, priced as /renewal said, and the new cover starts the day the old one ends (not the day after payment);
// /renewal then leads to the renewal order instead of offering a second one.

test('a policy ending within 60 days is renewed in one tap, the new cover starting the day the old one ends @server-wide', async ({
  page,
}) => {
  const phone = uniquePhone('1375')
  await logInByApi(page.request, phone)
  const { policyId } = await issuedPolicy(page.request)
  const old = (await (await page.request.get(`/api/policies/${policyId}`)).json()) as { expiresAt: string }
  try {
    expect((await page.request.post('/api/test/clock', { data: { days: 320 } })).status()).toBe(200)
    await logInByApi(page.request, phone) // sessions last 30 days

    await page.goto('/renewal')
    const card = page.getByTestId('renewal-card')
    await expect(card).toContainText('云禾百万医疗险（2026版）')
    const startDate = old.expiresAt.slice(0, 10)
    await expect(card.getByTestId('renewal-premium')).toContainText(`${startDate} 生效`)
    const price = /¥[\d.,]+/.exec((await card.getByTestId('renewal-premium').textContent()) ?? '')?.[0]
    expect(price).toBeTruthy()
    await card.getByRole('button', { name: '一键续保' }).click()
    await expect(page).toHaveURL(/\/specialNotify\?.*renew=/)
    await expect(page.getByText('续保保单自原保单到期日起生效')).toBeVisible()
    await passNotices(page)
    await fillForms(page)
    await passHealth(page)
    // The price at payment is the one /renewal showed.
    await expect(page.getByText(price!).first()).toBeVisible()
    await payByCardInSandbox(page)
    const orderId = new URL(page.url()).searchParams.get('orderId')

    const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as { policyId: string }
    const renewed = (await (await page.request.get(`/api/policies/${order.policyId}`)).json()) as {
      effectiveAt: string
    }
    expect(renewed.effectiveAt).toBe(old.expiresAt)

    await page.goto('/renewal')
    await expect(card.getByRole('button', { name: '已续保，查看订单' })).toBeVisible()
    await expect(card.getByRole('button', { name: '一键续保' })).toHaveCount(0)
  } finally {
    await page.request.post('/api/test/clock', { data: { reset: true } })
  }
})
