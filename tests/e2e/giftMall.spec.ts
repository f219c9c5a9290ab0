import { issuedPolicy } from './support/orders'
import { logInByApi, uniquePhone } from './support/session'
import { expect, test } from './support/test'

// The points mall on a phone: points from a policy, a virtual gift exchanged for a code, a dearer gift refused,
// the points spent in the ledger and the exchange on 积分. (Address and cancel: tests/server/gifts.test.ts.)

test("a user exchanges a policy's points for a coupon code; a gift the points cannot pay stays out of reach", async ({
  page,
}) => {
  await logInByApi(page.request, uniquePhone('1375'))
  await issuedPolicy(page.request) // 184 points for the medical plan
  await page.goto('/points')
  await expect(page.getByTestId('points-usable')).toHaveText('184')
  await page.getByTestId('gift-tile').filter({ hasText: '体检套餐5折券' }).click()
  await expect(page).toHaveURL(/\/signIn\/giftDetail\//)
  await page.getByRole('button', { name: '立即兑换' }).click()
  await page.getByRole('button', { name: '确认兑换' }).click()
  await expect(page).toHaveURL(/\/signIn\/exchangeDetail\//)
  await expect(page.getByTestId('exchange-status')).toHaveText('已完成')
  await expect(page.getByTestId('exchange-code')).toHaveText(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/)

  // 84 points left: the 500-point cup cannot be paid.
  await page.goto(`/signIn/giftDetail/${encodeURIComponent('保温杯')}`)
  await expect(page.getByRole('button', { name: '积分不足' })).toBeDisabled()
  await page.goto('/signInList?direction=spend')
  await expect(page.locator('.points-ledger-row')).toContainText('兑换礼品')
  await expect(page.locator('.points-ledger-row')).toContainText('-100')
  await page.goto('/points')
  await expect(page.getByTestId('points-usable')).toHaveText('84')
  await expect(page.getByRole('region', { name: '我的兑换' })).toContainText('体检套餐5折券')
})

test('a physical gift waits for its address, checked in Chinese, and is then on its way', async ({
  page,
}) => {
  await logInByApi(page.request, uniquePhone('1376'))
  for (let i = 0; i < 3; i++) await issuedPolicy(page.request) // 3 × 184 points
  await page.goto(`/signIn/giftDetail/${encodeURIComponent('保温杯')}`)
  await page.getByRole('button', { name: '立即兑换' }).click()
  await page.getByRole('button', { name: '确认兑换' }).click()
  await expect(page.getByTestId('exchange-status')).toHaveText('待填写地址')
  await page.getByRole('textbox', { name: '收件人' }).fill('张三')
  await page.getByRole('textbox', { name: '手机号' }).fill('12345678901')
  await page.getByRole('textbox', { name: '收货地址' }).fill('上海市浦东新区世纪大道100号')
  await page.getByRole('button', { name: '确认地址' }).click()
  await expect(page.getByText('请输入正确的收件人手机号')).toBeVisible()
  await page.getByRole('textbox', { name: '手机号' }).fill('13800001111')
  await page.getByRole('button', { name: '确认地址' }).click()
  await expect(page.getByTestId('exchange-status')).toHaveText('已完成')
  await expect(page.getByTestId('exchange-detail')).toContainText('138****1111')
  await expect(page.getByText('礼品将在7个工作日内寄出。')).toBeVisible()
  await page.goto('/points')
  await expect(page.getByTestId('points-usable')).toHaveText('52')
})

test("a gift's picture fills its frame at its own shape: no white bars beside it", async ({ page }) => {
  await page.goto(`/signIn/giftDetail/${encodeURIComponent('保温杯')}`)
  const picture = page.getByRole('img', { name: '保温杯' })
  await expect(picture).toBeVisible()
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true)
  const shape = await picture.evaluate((img: HTMLImageElement) => ({
    frame: img.clientWidth / img.clientHeight,
    picture: img.naturalWidth / img.naturalHeight,
    fit: getComputedStyle(img).objectFit,
  }))
  // A frame of another shape than the picture letterboxes it (contain) or crops it (cover).
  expect(shape.frame).toBeCloseTo(shape.picture, 2)
  expect(shape.fit).toBe('cover')
})
