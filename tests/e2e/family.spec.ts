import { expect, test } from './support/test'
import { logInByApi } from './support/session'
import { passNotices } from './support/purchaseFlow'

// Family members in Chromium against the real server: keep a member, then buy for her by picking her on /insured.

test('a logged-out visitor of the family list is sent to login', async ({ page }) => {
  await page.goto('/familyManage/list')
  await expect(page).toHaveURL(/\/Login\?redirect=%2FfamilyManage%2Flist$/)
})

test('a user adds a family member (a wrong ID first), sees her listed, and buys for her from /insured', async ({
  page,
}) => {
  await logInByApi(page.request, '13712346001')
  await page.goto('/user')
  await page.getByText('家庭成员', { exact: true }).click()
  await expect(page).toHaveURL(/\/familyManage\/list$/)
  await expect(page.getByText('还没有家庭成员')).toBeVisible()
  await page.getByRole('button', { name: '添加家庭成员（0/20）' }).click()
  await expect(page).toHaveURL(/\/familyManage\/addEdit$/)

  await page.locator('#family-name').fill('张小花')
  await page.getByText('子女', { exact: true }).click()
  await page.locator('#family-certNo').fill('310104202002290022')
  await page.getByRole('button', { name: '保存' }).click()
  await expect(page.getByRole('alert').filter({ hasText: '身份证号校验位不正确，请核对' })).toBeVisible()
  await page.locator('#family-certNo').fill('310104202002290021')
  // Birth date and gender come from the ID number and are locked.
  await expect(page.locator('#family-birthday')).toHaveText('2020年2月29日')
  await expect(page.locator('#family-birthday')).toBeDisabled()
  await expect(page.getByRole('alert')).toHaveCount(0)
  await page.getByRole('button', { name: '保存' }).click()

  await expect(page).toHaveURL(/\/familyManage\/list$/)
  const card = page.getByTestId('family-member').filter({ hasText: '张小花' })
  await expect(card).toContainText('子女')
  await expect(card).toContainText('3101**********0021')
  await expect(card).toContainText('女 · 2020-02-29')
  // The /family alias shows the same list.
  await page.goto('/family/list')
  await expect(page.getByTestId('family-member').filter({ hasText: '张小花' })).toBeVisible()

  // Buy for her: notices, then pick her beside the forms.
  await page.goto('/product?id=p-medical-million')
  await page.getByRole('button', { name: '立即投保' }).click()
  await expect(page).toHaveURL(/\/specialNotify\?/)
  await passNotices(page)

  // On /infoFill, pick her: the insured section fills from her record.
  await expect(page.getByRole('link', { name: '管理家庭成员' })).toBeVisible()
  await page.getByRole('option', { name: /张小花（子女）/ }).click()

  // Her data, locked where it comes from her ID.
  await expect(page).toHaveURL(/\/infoFill\?/)
  await expect(page.getByText('被保险人信息（子女）')).toBeVisible()
  await expect(page.locator('#insured-name')).toHaveValue('张小花')
  await expect(page.locator('#insured-certNo')).toHaveValue('310104202002290021')
  await expect(page.locator('#insured-birthday')).toHaveText('2020年2月29日')
  await expect(page.locator('#insured-birthday')).toBeDisabled()
  // Already saved: no offer to save her again.
  await expect(page.getByText('保存为家庭成员，下次投保可直接选择')).toHaveCount(0)
})
