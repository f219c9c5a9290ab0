import { expect, test, type Page } from './support/test'
import { agreeToNotices, passNotices } from './support/purchaseFlow'
import { logInByApi } from './support/session'

// The risk gate of an investment-linked product in Chromium against the real server: refused without an
// assessment, assessed 保守型 and refused for the mismatch, reassessed 成长型 and let through to the next gate.

/** Answers the 11 questions with the options at these positions (0 = A), checking the progress. */
async function answer(page: Page, picks: number[]) {
  for (const [i, pick] of picks.entries()) {
    await expect(page.getByText(`第 ${i + 1}/11 题`)).toBeVisible()
    await page.getByRole('radio').nth(pick).click()
  }
  await page.getByRole('button', { name: '提交' }).click()
}

// A B C D … by question: age, income, assetsShare, experienceYears, experienceKind, knowledge, goal, horizon,
// lossTolerance, liabilities, reaction.
const CAUTIOUS = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
const GROWTH = [1, 3, 2, 3, 3, 2, 3, 2, 3, 1, 2]

test('an investment-linked product needs a fitting risk assessment before its purchase gates', async ({
  page,
}) => {
  await logInByApi(page.request, '13712349101')
  await page.goto('/product?id=p-investment-linked')
  await expect(page.getByTestId('product-risk-level')).toHaveText('R4 中高风险')
  await page.getByRole('button', { name: '立即投保' }).click()
  await expect(page).toHaveURL(/\/specialNotify\?productId=p-investment-linked/)
  const start = page.url()

  // No assessment yet: the server's 409, with the way to the questionnaire.
  await agreeToNotices(page)
  const required = page.getByRole('dialog')
  await expect(required).toContainText('购买该产品前需完成风险测评')
  await required.getByRole('button', { name: '去测评' }).click()
  await expect(required).toBeHidden()
  await expect(page).toHaveURL(/\/riskAssessment\?redirect=%2FspecialNotify/)

  await page.getByRole('button', { name: '开始测评' }).click()
  await answer(page, CAUTIOUS)
  await expect(page.getByTestId('risk-result')).toContainText('保守型（C1）')
  await expect(page.getByTestId('risk-result')).toContainText('有效期至')
  await page.getByRole('button', { name: '返回继续投保' }).click()
  await expect(page).toHaveURL(start)

  // 保守型 may not buy R4.
  await agreeToNotices(page)
  const mismatch = page.getByRole('dialog')
  await expect(mismatch).toContainText('您的风险承受能力为保守型，低于该产品的风险等级（中高风险）')
  await mismatch.getByRole('button', { name: '重新测评' }).click()
  await expect(mismatch).toBeHidden()
  await expect(page.getByTestId('risk-result')).toContainText('保守型（C1）')
  await page.getByRole('button', { name: '重新测评' }).click()
  await answer(page, GROWTH)
  await expect(page.getByTestId('risk-result')).toContainText('成长型（C4）')
  await page.getByRole('button', { name: '返回继续投保' }).click()
  await expect(page).toHaveURL(start)

  // 成长型 fits R4: the gates open.
  await passNotices(page)
  await expect(page).toHaveURL(/\/infoFill\?productId=p-investment-linked/)
})
