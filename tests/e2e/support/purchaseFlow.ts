import { expect, type Page } from '@playwright/test'
import { holder, selfInsured } from '../../fixtures/people'
import { codeFor } from './session'

// The purchase journey through the screens, step by step, as a buyer does it.

/** Logs in through the login screen (agreements ticked by hand). */
export async function logInOnScreen(page: Page, phone: string) {
  await page.getByRole('textbox', { name: '手机号' }).fill(phone)
  await page.getByRole('button', { name: '获取验证码' }).click()
  await page.getByRole('textbox', { name: '验证码' }).fill(await codeFor(page.request, phone))
  for (const box of await page.locator('.login-agreements .adm-checkbox').all())
    await box.locator('.adm-checkbox-icon').click()
  await page.locator('.login-page .adm-button-block').click()
}

/**
 * /specialNotify, one screen: the recorded-sales notice and every document listed (one opened by tap and
 * read), one 我已阅读并同意 never pre-ticked, then 同意并继续 to /infoFill.
 */
export async function passNotices(page: Page) {
  await expect(page.getByText('您在本页面及后续投保页面的浏览和操作将被记录')).toBeVisible()
  const documents = page.locator('.flow-documents .adm-list-item', { hasText: '《' })
  await expect(documents.first()).toBeVisible()
  const agree = page.locator('.flow-agree input[type="checkbox"]')
  // Nothing is pre-ticked, and nothing goes on before the tick.
  await expect(agree).not.toBeChecked()
  await expect(page.getByRole('button', { name: '请先阅读并勾选同意' })).toBeDisabled()
  // Any document opens by tap, in full.
  await documents.first().click()
  await page.getByRole('button', { name: '读完了，返回' }).click()
  await expect(documents.first()).toContainText('已阅读')
  await agreeToNotices(page)
  await expect(page).toHaveURL(/\/infoFill\?/)
}

/** /specialNotify: 我已阅读并同意 ticked, then 同意并继续 (where the server's gates answer). */
export async function agreeToNotices(page: Page) {
  await page.locator('.flow-agree .adm-checkbox').click()
  await page.getByRole('button', { name: '同意并继续' }).click()
}

/** The questions on /healthNotification, once its questionnaire shows (its button asks for answers): until then the
 *  screen may still be the previous one, whose radios are not these questions. */
export async function healthQuestions(page: Page) {
  await expect(page).toHaveURL(/\/healthNotification\?/)
  await expect(page.getByRole('button', { name: '请回答全部问题' })).toBeVisible()
  return page.getByRole('region', { name: '健康告知' }).locator('.health-question')
}

/** Every question on /healthNotification answered 否 with one 以上皆否, then 确认投保 (the order is placed). */
export async function answerHealthNo(page: Page) {
  await healthQuestions(page)
  await page.getByRole('button', { name: '以上皆否' }).click()
  await page.getByRole('button', { name: '确认投保' }).click()
}

/**
 * /healthNotification: first a "是" (the insured is stopped, with 重新作答 / 为他人投保), then 以上皆否 and
 * 确认投保: the order is made and /pay shows it.
 */
export async function passHealth(page: Page) {
  const questions = await healthQuestions(page)
  const n = await questions.count()
  expect(n).toBeGreaterThan(1)
  await questions.nth(0).locator('.adm-radio', { hasText: '是' }).click()
  for (let i = 1; i < n; i++) await questions.nth(i).locator('.adm-radio', { hasText: '否' }).click()
  await page.getByRole('button', { name: '确认投保' }).click()
  await expect(page.getByText('被保险人暂不符合投保条件')).toBeVisible()
  await expect(page.getByRole('button', { name: '为他人投保' })).toBeVisible()
  await page.getByRole('button', { name: '重新作答' }).click()
  await page.getByRole('button', { name: '以上皆否' }).click()
  await page.getByRole('button', { name: '确认投保' }).click()
  await expect(page).toHaveURL(/\/pay\?orderId=/)
  await expect(page.getByText('生效后15天内可全额退保')).toBeVisible()
}

/** /infoFill: the policyholder (with another ID number if given) and the phone, as typed and picked. */
export async function fillPolicyholder(page: Page, certNo = holder.certNo) {
  await page.locator('#holder-name').fill(holder.name)
  await page.locator('#holder-certNo').fill(certNo)
  await pickDate(page, '#holder-certStartDate', holder.certStartDate)
  await pickDate(page, '#holder-certEndDate', holder.certEndDate)
  await page.locator('#insured-phone').fill(selfInsured.phone ?? '')
}

/**
 * /infoFill for 本人: a wrong ID number is said as soon as the field is left, then the right one; the draft
 * survives a reload; 下一步：健康告知 goes on (the health notification then places the order).
 */
export async function fillForms(page: Page) {
  await expect(page).toHaveURL(/\/infoFill\?/)
  await expect(page.getByRole('option', { name: /^本人/ })).toHaveAttribute('aria-selected', 'true')
  await page.locator('#holder-name').fill(holder.name)
  await page.locator('#holder-certNo').fill('110101199003078516')
  await page.locator('#holder-name').focus()
  await expect(page.getByRole('alert').filter({ hasText: '身份证号校验位不正确，请核对' })).toBeVisible()
  await page.locator('#holder-certNo').fill('110101199003078515')
  // Birth date and gender come from the ID number and are locked.
  await expect(page.locator('#holder-birthday')).toHaveText('1990年3月7日')
  await expect(page.locator('#holder-birthday')).toBeDisabled()
  await expect(page.getByRole('alert')).toHaveCount(0)
  // One date: the end follows from the start and the age at issue (29: twenty years).
  await pickDate(page, '#holder-certStartDate', holder.certStartDate)
  await expect(page.locator('#holder-certEndDate')).toHaveAttribute('value', holder.certEndDate)
  await page.locator('#insured-phone').fill(selfInsured.phone ?? '')
  // The draft survives a reload.
  await page.reload()
  await expect(page.locator('#holder-certNo')).toHaveValue('110101199003078515')
  await expect(page.getByTestId('flow-price')).toContainText('¥')
  await expect(page.getByText(/犹豫期：自保单生效之日起15日内/)).toBeVisible()
  await page.getByRole('button', { name: '下一步：健康告知' }).click()
}

/** Picks an ISO date in a DateField: opens the wheel, taps year, month and day until each is the choice, confirms. */
export async function pickDate(page: Page, field: string, iso: string) {
  await page.locator(field).click()
  const picker = page.locator(`.adm-picker[data-field="${field.replace(/^#/, '')}"]`)
  await expect(picker).toBeVisible()
  const [y, m, d] = iso.split('-').map(Number)
  for (const label of [`${y}年`, `${m}月`, `${d}日`]) {
    const item = picker.locator('.adm-picker-view-column-item').filter({ hasText: new RegExp(`^${label}$`) })
    // Choosing a year rebuilds the month and day wheels: tap again until the wheel holds the choice.
    await expect(async () => {
      if ((await item.getAttribute('data-selected')) !== 'true') await item.dispatchEvent('click')
      await expect(item).toHaveAttribute('data-selected', 'true', { timeout: 1000 })
    }).toPass()
  }
  await picker.getByText('确定', { exact: true }).click()
  await expect(page.locator(field)).toHaveAttribute('value', iso)
}

/** Picks a named choice in a PickerField (证件类型 and the like): opens the wheel, taps the choice, confirms. */
export async function pickOption(page: Page, field: string, label: string) {
  await page.locator(field).click()
  const picker = page.locator(`.adm-picker[data-field="${field.replace(/^#/, '')}"]`)
  await expect(picker).toBeVisible()
  const item = picker.locator('.adm-picker-view-column-item').filter({ hasText: new RegExp(`^${label}$`) })
  await expect(async () => {
    if ((await item.getAttribute('data-selected')) !== 'true') await item.dispatchEvent('click')
    await expect(item).toHaveAttribute('data-selected', 'true', { timeout: 1000 })
  }).toPass()
  await picker.getByText('确定', { exact: true }).click()
  await expect(page.locator(field)).toHaveText(label)
}

/** /pay by bank card through the sandbox, paid, back to /paySuccess. */
export async function payByCardInSandbox(page: Page) {
  await page.getByText('银行卡', { exact: true }).click()
  await page.getByRole('button', { name: '立即支付' }).click()
  await expect(page).toHaveURL(/\/pay\/sandbox\?paymentId=pay_/)
  await page.getByRole('button', { name: '模拟支付成功' }).click()
  await page.getByRole('button', { name: '返回商城' }).click()
  await expect(page).toHaveURL(/\/paySuccess\?orderId=/)
}
