import type { Locator } from '@playwright/test'
import { expect, test, type Page } from './support/test'
import { CHILD_ID, HOLDER_ID } from '../fixtures/people'
import { issuedPolicy } from './support/orders'
import { answerHealthNo, payByCardInSandbox, pickOption } from './support/purchaseFlow'
import { logInByApi, uniquePhone } from './support/session'

// What a buyer trusts in the purchase flow: the price of the real insured from the first tap (and any change
// said), an insured the product covers, few screens and taps, and ID data not typed twice.

const priceOf = async (locator: Locator) => /¥[\d,]+(\.\d+)?/.exec((await locator.textContent()) ?? '')?.[0]

async function verifyRealName(page: Page) {
  const res = await page.request.post('/api/me/real-name', { data: { name: '张三', idNumber: HOLDER_ID } })
  expect(res.status(), await res.text()).toBe(200)
}

async function addChild(page: Page) {
  const res = await page.request.post('/api/family-members', {
    data: {
      name: '张小花',
      relation: '3',
      certType: 'ID_CARD',
      certNo: CHILD_ID,
      birthday: '2020-02-29',
      gender: 'F',
    },
  })
  expect(res.status(), await res.text()).toBe(200)
}

/** Counts what the buyer taps and which screens they see, from 立即投保 on. */
function journey(page: Page) {
  let taps = 0
  const screens: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return
    const path = new URL(frame.url()).pathname
    // After paying, history is wound back to the product page (so back from 投保成功 never reaches a pay
    // screen) and goes on to 投保成功 at once: that passing entry is not a screen the buyer sees.
    if (path === '/product') return
    if (screens.at(-1) !== path) screens.push(path)
  })
  return {
    tap: async (locator: Locator) => {
      taps += 1
      await locator.click()
    },
    get taps() {
      return taps
    },
    screens,
  }
}

test('百万医疗 is priced for the real insured from the product page on; another insured is said with both prices', async ({
  page,
}) => {
  await logInByApi(page.request, uniquePhone('1391'))
  await verifyRealName(page)
  await addChild(page)
  await page.goto('/product?id=p-medical-million')
  // The trial prices the user (ID: born 1990-03-07, 36 on 2026-11-25), not a default 30-year-old.
  await expect(page.getByTestId('trial-birth-date')).toContainText('1990-03-07')
  const shown = await priceOf(page.locator('.trial-price'))
  expect(shown).toBeTruthy()
  await page.getByRole('button', { name: '立即投保' }).click()

  // The same price on every screen, with nothing to announce.
  await expect(page.getByTestId('flow-price')).toContainText(shown!)
  await page.locator('.flow-agree .adm-checkbox').click()
  await page.getByRole('button', { name: '同意并继续' }).click()
  await expect(page).toHaveURL(/\/infoFill\?/)
  await expect(page.getByTestId('flow-price')).toContainText(shown!)
  await expect(page.getByTestId('flow-repriced')).toHaveCount(0)

  // Insuring the daughter instead: the new price, and the change said before going on.
  await page.getByRole('option', { name: /张小花（子女）/ }).click()
  const notice = page.getByTestId('flow-repriced')
  await expect(notice).toContainText(`保费已按被保险人年龄重新计算 ${shown} → ¥`)
  const repriced = /→ (¥[\d,.]+)/.exec((await notice.textContent()) ?? '')?.[1]
  expect(repriced).not.toBe(shown)
  await expect(page.getByTestId('amount-due')).toHaveText(repriced!)
})

test('a children-only product starts with a child the product covers and offers no adult as the insured', async ({
  page,
}) => {
  await logInByApi(page.request, uniquePhone('1392'))
  await verifyRealName(page)
  await addChild(page)
  await page.goto('/product?id=p-accident-kids')
  // The trial prices the daughter (born 2020-02-29), whom this product covers.
  await expect(page.getByTestId('trial-birth-date')).toContainText('2020-02-29')
  await page.getByRole('button', { name: '立即投保' }).click()
  await page.locator('.flow-agree .adm-checkbox').click()
  await page.getByRole('button', { name: '同意并继续' }).click()
  await expect(page).toHaveURL(/\/infoFill\?/)

  await expect(page.getByRole('option', { name: /张小花（子女）/ })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('option', { name: /^(本人|新增配偶|新增父母)/ })).toHaveCount(0)
  await expect(page.getByRole('option', { name: /^新增子女/ })).toBeVisible()
  await expect(page.getByText('被保险人信息（子女）')).toBeVisible()
  await expect(page.locator('#insured-name')).toHaveValue('张小花')
})

test('without a child saved, a children-only product starts with 新增子女, never 本人', async ({ page }) => {
  await logInByApi(page.request, uniquePhone('1393'))
  await verifyRealName(page)
  await page.goto('/product?id=p-accident-kids')
  await page.getByRole('button', { name: '立即投保' }).click()
  await page.locator('.flow-agree .adm-checkbox').click()
  await page.getByRole('button', { name: '同意并继续' }).click()
  await expect(page.getByRole('option', { name: /^新增子女/ })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('option', { name: /^(本人|新增配偶|新增父母)/ })).toHaveCount(0)
  // A child may be insured on a 户口簿 or 出生证明, which have no validity dates to ask.
  await pickOption(page, '#insured-certType', '出生证明')
  await expect(page.locator('#insured-certStartDate')).toHaveCount(0)
  await page.locator('#holder-certType').click()
  const holderTypes = page.locator('.adm-picker[data-field="holder-certType"]')
  await expect(holderTypes.getByText('护照', { exact: true })).toBeVisible()
  await expect(holderTypes.getByText('出生证明', { exact: true })).toHaveCount(0)
})

test('a repeat buyer buys a product without health questions in three screens and eight taps to the policy', async ({
  page,
}) => {
  await logInByApi(page.request, uniquePhone('1394'))
  // Has bought before: the holder comes from the last order.
  await issuedPolicy(page.request)
  await page.goto('/product?id=p-accident-daily')
  const buyer = journey(page)
  await buyer.tap(page.getByRole('button', { name: '立即投保' }))
  await expect(page).toHaveURL(/\/specialNotify\?/)
  await buyer.tap(page.locator('.flow-agree .adm-checkbox'))
  await buyer.tap(page.getByRole('button', { name: '同意并继续' }))
  await expect(page).toHaveURL(/\/infoFill\?/)
  await expect(page.locator('#holder-certNo')).toHaveValue(HOLDER_ID)
  // No health notification: the form's button places the order.
  await expect(page.locator('.purchase-steps .adm-step')).toHaveCount(3)
  await buyer.tap(page.getByRole('button', { name: '确认投保' }))
  await expect(page).toHaveURL(/\/pay\?orderId=/)
  await buyer.tap(page.getByText('银行卡', { exact: true }))
  await buyer.tap(page.getByRole('button', { name: '立即支付' }))
  await buyer.tap(page.getByRole('button', { name: '模拟支付成功' }))
  await buyer.tap(page.getByRole('button', { name: '返回商城' }))
  await expect(page.getByTestId('pay-success')).toContainText('投保成功')
  // /specialNotify, /infoFill, /pay (the provider's sandbox page between) and /paySuccess.
  expect(buyer.screens.filter((s) => s !== '/pay/sandbox')).toEqual([
    '/specialNotify',
    '/infoFill',
    '/pay',
    '/paySuccess',
  ])
  expect(buyer.taps).toBeLessThanOrEqual(12)
  test
    .info()
    .annotations.push({ type: 'journey', description: `${buyer.taps} taps, ${buyer.screens.join(' ')}` })
})

test('百万医疗 for a repeat buyer: documents, form, 以上皆否, pay', async ({ page }) => {
  await logInByApi(page.request, uniquePhone('1395'))
  await issuedPolicy(page.request)
  await page.goto('/product?id=p-medical-million')
  const buyer = journey(page)
  await buyer.tap(page.getByRole('button', { name: '立即投保' }))
  await buyer.tap(page.locator('.flow-agree .adm-checkbox'))
  await buyer.tap(page.getByRole('button', { name: '同意并继续' }))
  await expect(page.locator('.purchase-steps .adm-step')).toHaveCount(4)
  await buyer.tap(page.getByRole('button', { name: '下一步：健康告知' }))
  await answerHealthNo(page)
  await expect(page).toHaveURL(/\/pay\?orderId=/)
  await payByCardInSandbox(page)
  const taps = buyer.taps + 2 + 4
  expect(buyer.screens.filter((s) => s !== '/pay/sandbox')).toEqual([
    '/specialNotify',
    '/infoFill',
    '/healthNotification',
    '/pay',
    '/paySuccess',
  ])
  test.info().annotations.push({ type: 'journey', description: `${taps} taps, ${buyer.screens.join(' ')}` })
})

test('ID validity: one date picked, the end follows from the age at issue; a 26-year span is refused on leaving the field', async ({
  page,
}) => {
  await logInByApi(page.request, uniquePhone('1396'))
  await page.goto('/product?id=p-accident-daily')
  await page.getByRole('button', { name: '立即投保' }).click()
  await page.locator('.flow-agree .adm-checkbox').click()
  await page.getByRole('button', { name: '同意并继续' }).click()
  await page.locator('#holder-certNo').fill('1101011990030785')
  // Left unfinished: said when the field is left, before any button.
  await page.locator('#holder-name').focus()
  await expect(page.getByRole('alert').filter({ hasText: '身份证号应为18位' })).toBeVisible()
  await page.locator('#holder-certNo').fill(HOLDER_ID)
  const { pickDate } = await import('./support/purchaseFlow')
  await pickDate(page, '#holder-certStartDate', '2020-01-01')
  await expect(page.locator('#holder-certEndDate')).toHaveAttribute('value', '2040-01-01')
  await pickDate(page, '#holder-certEndDate', '2046-01-01')
  await page.locator('#holder-name').focus()
  await expect(
    page.getByRole('alert').filter({ hasText: '身份证有效期应为5年、10年、20年或长期，请核对起止日期' }),
  ).toBeVisible()
})
