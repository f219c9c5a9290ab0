import { checksumChar } from '../../src/domain/certificate'
import { codeFor, logInByApi, uniquePhone } from './support/session'
import { expect, test } from './support/test'

// A donated gift policy on a phone against the real server: the page names the product, its insurer, cover and
// terms; the user fills in the form (the phone proven by this form's SMS code), claims once, and finds the
// zero-premium policy in /policy. The same certificate cannot claim again.

test.use({ viewport: { width: 390, height: 844 } })

/** A resident ID of someone born in 1990 (35 at the e2e's time), unique to this run. */
function residentId(): string {
  const serial = String(Date.now() % 1000).padStart(3, '0')
  const first17 = `3101041990${String((Date.now() % 12) + 1).padStart(2, '0')}15${serial}`
  return first17 + checksumChar(first17)
}

test('a user claims the donated accident policy and sees it in /policy', async ({ page }) => {
  const phone = uniquePhone('1376')
  const mobile = uniquePhone('1377')
  const cert = residentId()
  await logInByApi(page.request, phone)

  await page.goto('/donateInsForA')
  await expect(page.getByRole('heading', { name: '赠险领取专区' })).toBeVisible()
  await page.getByRole('button', { name: '领取出行意外保障' }).click()
  await expect(page).toHaveURL(/\/donateInsForA\/accident$/)

  const gift = page.getByTestId('form-gift')
  await expect(gift).toContainText('蓝鲸湾出行意外保障（赠险版）')
  await expect(gift).toContainText('承保公司：蓝鲸湾财产保险股份有限公司（虚构）')
  await expect(gift).toContainText('承保年龄：18至60周岁')
  await page.getByLabel('被保险人姓名').fill('林小雨')
  await page.getByPlaceholder('请输入证件号码').fill(cert)
  await page.getByLabel('手机号').fill(mobile)
  await page.getByRole('button', { name: '获取验证码' }).click()
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled()
  await page.getByLabel('短信验证码').fill(await codeFor(page.request, mobile))
  // The agreement is never pre-checked: without it nothing is sent.
  await page.getByRole('button', { name: '确认领取' }).click()
  await expect(page.getByText('请勾选阅读并同意保险条款、投保须知，确认被保险人为本人')).toBeVisible()
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: '确认领取' }).click()

  const done = page.getByTestId('form-done')
  await expect(done).toContainText('已领取')
  await expect(done).toContainText(/保单号：GH\d+/)

  await done.getByRole('button', { name: '查看我的保单' }).click()
  await expect(page).toHaveURL(/\/policy$/)
  await expect(page.getByText('蓝鲸湾出行意外保障（赠险版）').first()).toBeVisible()

  // The home-property gift: its own insurer, cover and the region of the house asked for.
  await page.goto('/donateInsForA/property')
  await expect(page.getByTestId('form-gift')).toContainText('蓝鲸湾家财安心保障（赠险版）')
  await expect(page.getByLabel('房屋所在地区')).toBeVisible()

  // Another account, with a phone of its own proven, still cannot claim for the same certificate.
  await logInByApi(page.request, uniquePhone('1378'))
  const mobile2 = uniquePhone('1379')
  expect(
    (
      await page.request.post('/api/campaigns/donate-accident/sms-code', { data: { phone: mobile2 } })
    ).status(),
  ).toBe(200)
  const again = await page.request.post('/api/campaigns/donate-accident/claims', {
    data: {
      fields: { name: '林小雨', cert: { type: 'ID_CARD', number: cert }, mobile: mobile2, agree: true },
      smsCode: await codeFor(page.request, mobile2),
    },
  })
  expect(again.status()).toBe(409)
  expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
    '该证件已领取过本活动的赠险，每人限领一份',
  )
  const policies = (await (await page.request.get('/api/policies')).json()) as { items: unknown[] }
  expect(policies.items).toHaveLength(0)
})
