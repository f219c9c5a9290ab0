import { expect, test, type Page } from './support/test'
import { pendingOrder } from './support/orders'
import { logInByApi, uniquePhone } from './support/session'
import { formatFen } from '../../src/domain/money'

// A network blip while paying never loses the buyer: the order stays, the screen says what happened, and paying
// goes on once the connection is back. After paying, back goes to where the purchase started.

// The phone of issue 28's report.
test.use({ viewport: { width: 390, height: 844 } })

const NETWORK = '网络异常，请检查网络后重试'
const shots = process.env.PAY_SHOTS

/** A pending order opened on /pay from its order detail, as a buyer who comes back to pay does. */
async function payScreen(page: Page): Promise<{ id: string; price: string }> {
  await logInByApi(page.request, uniquePhone('1396'))
  const order = await pendingOrder(page.request)
  await page.goto(`/orders/orderDetail?id=${order.id}`)
  await page.getByRole('button', { name: '去支付' }).click()
  await expect(page).toHaveURL(/\/pay\?orderId=/)
  await expect(page.getByRole('button', { name: '立即支付' })).toBeEnabled()
  return { id: order.id, price: `¥${formatFen(order.premiumFen)}` }
}

test('offline on /pay and in the sandbox the order stays; online again, paying finishes and back skips the pay screens', async ({
  page,
  context,
}) => {
  const order = await payScreen(page)
  const summary = page.locator('.purchase-card', { hasText: '应付保费' })

  await context.setOffline(true)
  await page.getByRole('button', { name: '立即支付' }).click()
  await expect(page.getByRole('alert').filter({ hasText: NETWORK })).toBeVisible()
  await expect(summary).toContainText(order.price)
  // 重试 offline asks again and fails again: the order is still there.
  await page.getByRole('button', { name: '重试' }).click()
  await expect(page.getByRole('alert').filter({ hasText: NETWORK })).toBeVisible()
  await expect(summary).toContainText(order.price)
  await expect(page.getByText('页面出错了')).toHaveCount(0)
  if (shots) await page.screenshot({ path: `${shots}/1-pay-offline.png` })

  // Back online, the order is asked again at once: the message goes, the order is still payable.
  await context.setOffline(false)
  await expect(page.getByRole('alert')).toHaveCount(0)
  if (shots) await page.screenshot({ path: `${shots}/2-pay-online-again.png` })
  await page.getByRole('button', { name: '立即支付' }).click()
  await expect(page).toHaveURL(/\/pay\/sandbox\?paymentId=pay_/)
  // The blip comes once the sandbox page is up (its own load offline is the route's chunk retry, tested apart).
  await expect(page.getByRole('button', { name: '模拟支付成功' })).toBeEnabled()

  await context.setOffline(true)
  await page.getByRole('button', { name: '模拟支付成功' }).click()
  await expect(page.getByRole('alert').filter({ hasText: NETWORK })).toBeVisible()
  await expect(page.locator('.purchase-qr')).toContainText(order.price)
  await expect(page.getByRole('button', { name: '模拟支付成功' })).toBeEnabled()
  if (shots) await page.screenshot({ path: `${shots}/3-sandbox-offline.png` })

  await context.setOffline(false)
  await expect(page.getByRole('alert')).toHaveCount(0)
  if (shots) await page.screenshot({ path: `${shots}/4-sandbox-online-again.png` })
  await page.getByRole('button', { name: '模拟支付成功' }).click()
  await page.getByRole('button', { name: '返回商城' }).click()
  await expect(page).toHaveURL(/\/paySuccess\?orderId=/)
  await expect(page.getByTestId('pay-success')).toContainText('投保成功', { timeout: 15_000 })
  if (shots) await page.screenshot({ path: `${shots}/5-pay-success.png` })

  // Back leaves the purchase: the order it started from, never /pay (该订单当前不能支付) nor the sandbox.
  await page.goBack()
  await expect(page).toHaveURL(new RegExp(`/orders/orderDetail\\?id=${order.id}$`))
  await expect(page.getByText('已承保').first()).toBeVisible()
})

test('a payment that went through while offline shows as paid when the connection returns', async ({
  page,
  context,
}) => {
  const order = await payScreen(page)
  await context.setOffline(true)
  // Paid meanwhile (the wallet app, another device): the page does not know yet.
  const pay = await page.request.post(`/api/orders/${order.id}/pay`, { data: { channel: 'wechat' } })
  const { paymentId } = (await pay.json()) as { paymentId: string }
  const paid = await page.request.post(`/api/sandbox/payments/${paymentId}/simulate`, {
    data: { outcome: 'SUCCEEDED' },
  })
  expect(paid.status()).toBe(200)

  await context.setOffline(false)
  await expect(page.getByText('订单已支付')).toBeVisible()
  await expect(page.getByText('无需重复支付', { exact: false })).toBeVisible()
  await expect(page.getByRole('button', { name: '立即支付' })).toHaveCount(0)
  await page.getByRole('button', { name: '查看投保结果' }).click()
  await expect(page.getByTestId('pay-success')).toContainText('投保成功', { timeout: 15_000 })
  await page.goBack()
  await expect(page).toHaveURL(new RegExp(`/orders/orderDetail\\?id=${order.id}$`))
})

test('a new screen opens at the top, and back returns to where the person was', async ({ page }) => {
  await page.goto('/products')
  const cards = page.getByTestId('product-card')
  await expect(cards.nth(5)).toBeVisible()
  // The list is sorted by sales, which other tests change: the last card that opens a mall product page (a
  // partner's opens its own page). Pinned by its address: scrolling to it loads the next page of the list, after
  // which `.last()` would be another card.
  const href = await page
    .locator('a[data-testid="product-card"][href*="/product?id="]')
    .last()
    .getAttribute('href')
  const card = page.locator(`a[data-testid="product-card"][href="${href}"]`)
  await card.scrollIntoViewIfNeeded()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
  // Where the card stands on the screen: images still loading above it grow the page and the browser's scroll
  // anchoring moves scrollY with them, so the card's place, not a scrollY read early, is what back must restore.
  const cardTop = async () => (await card.boundingBox())?.y ?? Number.NaN
  const before = await cardTop()

  await card.click()
  await expect(page).toHaveURL(/\/product\?id=/)
  await expect(page.getByRole('button', { name: '立即投保' })).toBeVisible()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)

  await page.goBack()
  await expect(page).toHaveURL(/\/products$/)
  await expect.poll(async () => Math.round(await cardTop())).toBe(Math.round(before))
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
})
