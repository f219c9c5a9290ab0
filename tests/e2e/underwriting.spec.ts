import { expect, test } from './support/test'
import { fillForms, healthQuestions, passNotices } from './support/purchaseFlow'
import { logInByApi, uniquePhone } from './support/session'

// 智能核保 on 云禾百万医疗险: a 是 to the check-up question asks where the nodule is and how large; the server
// declines a large one, and the screen offers the medical products that do not ask that question and fit the
// insured's age (the outpatient one; the 50-to-70 cancer one is left out for a 36-year-old).
test('a declined health answer asks its follow-ups, then offers the products that fit', async ({ page }) => {
  await logInByApi(page.request, uniquePhone('1371'))
  await page.goto('/product?id=p-medical-million')
  await page.getByRole('button', { name: '立即投保' }).click()
  await passNotices(page)
  await fillForms(page)
  const questions = await healthQuestions(page)
  await questions.nth(0).locator('.adm-radio', { hasText: '否' }).click()
  await questions.nth(1).locator('.adm-radio', { hasText: '否' }).click()
  await questions.nth(2).locator('.adm-radio', { hasText: '是' }).click()
  const followUps = page.getByRole('group', { name: '智能核保追问' })
  await expect(followUps).toContainText('异常的是哪一项？')
  await expect(page.getByRole('button', { name: '请回答全部问题' })).toBeDisabled()
  await followUps.getByText('甲状腺结节', { exact: true }).click()
  await followUps.getByText('1厘米及以上，或不清楚', { exact: true }).click()
  await page.getByRole('button', { name: '确认投保' }).click()

  await expect(page.getByText('被保险人暂不符合投保条件')).toBeVisible()
  const fits = page.getByRole('region', { name: '这些产品不问上述情况，可以看看' })
  await expect(fits.getByRole('link')).toHaveCount(1)
  await fits.getByRole('link', { name: /蓝鲸湾小额门诊医疗险/ }).click()
  await expect(page).toHaveURL(/\/product\?id=p-medical-smallclaims/)
  await expect(page.getByRole('heading', { level: 1, name: '蓝鲸湾小额门诊医疗险' })).toBeVisible()
})
