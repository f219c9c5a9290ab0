import { selfInsured } from '../fixtures/people'
import { issuedPolicy } from './support/orders'
import { fillForms, logInOnScreen, passHealth, passNotices, payByCardInSandbox } from './support/purchaseFlow'
import { codeFor, logInByApi, uniquePhone } from './support/session'
import { expect, test } from './support/test'

// The cart and the policy lookup on a phone against the real server: a guest's plan goes to the cart, joins the
// account's at login and is bought from it through the normal gates; a guest looks a policy up on /scratch with
// the code sent to the holder's phone.

test('a plan goes to the cart as a guest, is merged at login and is bought from the cart', async ({
  page,
}) => {
  await page.goto('/product?id=p-medical-million')
  const add = page.getByRole('button', { name: '加入购物车' })
  await expect(add).toBeEnabled()
  await add.click()
  await expect(page.getByText('已加入购物车')).toBeVisible()

  await page.goto('/shoppingCart')
  const guestRow = page.getByTestId('cart-item').filter({ hasText: '云禾百万医疗险（2026版）' })
  await expect(guestRow).toContainText('¥')
  await expect(page.getByTestId('cart-total')).toContainText('已选1项')
  await page.getByRole('button', { name: '登录' }).click()
  await logInOnScreen(page, uniquePhone('1377'))
  await expect(page).toHaveURL(/\/shoppingCart$/)
  const row = page.getByTestId('cart-item').filter({ hasText: '云禾百万医疗险（2026版）' })
  await expect(row).toHaveCount(1)
  await expect(page.getByText('登录后购物车将保存到您的账户')).toHaveCount(0)
  // On the server now: the device's copy is gone and the server's answers.
  const cart = (await (await page.request.get('/api/cart')).json()) as { items: { productId: string }[] }
  expect(cart.items.map((i) => i.productId)).toEqual(['p-medical-million'])

  await row.getByRole('button', { name: '去投保' }).click()
  await expect(page).toHaveURL(/\/specialNotify\?productId=p-medical-million&plan=/)
  await passNotices(page)
  await fillForms(page)
  await passHealth(page)
  await payByCardInSandbox(page)
  await expect(page.getByTestId('pay-success')).toContainText('投保成功')
})

test('a guest looks up a policy on /scratch with the code sent to the holder’s phone', async ({ page }) => {
  await logInByApi(page.request, uniquePhone('1378'))
  const { policyId } = await issuedPolicy(page.request)
  const { policyNo } = (await (await page.request.get(`/api/policies/${policyId}`)).json()) as {
    policyNo: string
  }
  await page.context().clearCookies()

  await page.goto('/scratch')
  await page.getByRole('textbox', { name: '保单号' }).fill(policyNo)
  await page.getByRole('textbox', { name: '投保人姓名' }).fill('张三')
  await page.getByRole('textbox', { name: '证件号后4位' }).fill('8515')
  await page.getByRole('button', { name: '获取验证码' }).click()
  await expect(page.getByTestId('lookup-sent')).toContainText('138****8000')
  await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled()
  await page
    .getByRole('textbox', { name: '验证码' })
    .fill(await codeFor(page.request, selfInsured.phone as string))
  await page.getByRole('button', { name: '查询保单' }).click()
  const result = page.getByTestId('lookup-result')
  await expect(result).toContainText('云禾百万医疗险（2026版）')
  await expect(result).toContainText(policyNo)
  await expect(result).toContainText('*三（1101**********8515）')
  await expect(result).not.toContainText('110101199003078515')
})
