import { readFileSync } from 'node:fs'
import { issuedPolicy, pendingOrder } from './support/orders'
import { logInByApi, uniquePhone } from './support/session'
import { expect, test } from './support/test'

// Service and disclosure on a phone (互联网保险业务监管办法 art. 13–14): who underwrites and who sells, with licence
// numbers, 在线客服 and hotlines, the complaint channel and the insurer's profile; and the e-policy a buyer keeps:
// downloaded from the policy screen and from the issue message, its clauses opened by a tap.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

test('the product page shows the service entries, licences, complaint channel and the insurer profile', async ({
  page,
}) => {
  await page.goto('/product?id=p-medical-million')
  const section = page.getByTestId('service-disclosure')
  await expect(section.getByRole('link', { name: '在线客服' })).toHaveAttribute(
    'href',
    '/service?productId=p-medical-million',
  )
  await expect(section.getByRole('link', { name: /客服热线/ })).toHaveAttribute('href', /^tel:\d+$/)
  await section.getByText('服务与披露').click()
  await expect(section).toContainText('经营保险经纪业务许可证')
  await expect(section).toContainText('国恒保险经纪有限公司（演示）')
  await expect(section).toContainText('保险许可证')
  await expect(section).toContainText('投诉渠道')
  await section.getByRole('button', { name: '查看保险公司简介' }).click()
  const sheet = page.locator('.disclosure-sheet')
  await expect(sheet).toContainText('综合偿付能力充足率')
  await expect(sheet).toContainText('注册地址')
  await expect(sheet.getByRole('link', { name: /拨打保险公司客服电话/ })).toHaveAttribute('href', /^tel:/)
  // The buy bar stays on top of the page and is not covered by the section.
  await expect(page.getByRole('button', { name: '立即投保' })).toBeInViewport()
})

test('the pay screen keeps the service entries in the page, under the pay bar', async ({ page }) => {
  await logInByApi(page.request, uniquePhone('1376'))
  const order = await pendingOrder(page.request)
  await page.goto(`/pay?orderId=${order.id}`)
  const section = page.getByTestId('service-disclosure')
  await expect(section.getByRole('link', { name: '在线客服' })).toBeVisible()
  await section.scrollIntoViewIfNeeded()
  await section.getByText('服务与披露').click()
  await expect(section).toContainText('保险公司客服')
  // Scrolled to the end, the section sits above the fixed pay bar, not under it. (The wheel's scroll lands a
  // moment later: the positions are read again until it has.)
  await page.mouse.wheel(0, 2000)
  await expect
    .poll(async () => {
      const bar = await page.locator('.purchase-bottom-bar').boundingBox()
      const last = await section.locator('.disclosure-row').last().boundingBox()
      return bar && last && last.y + last.height <= bar.y
    })
    .toBe(true)
  await expect(page.getByRole('button', { name: '立即支付' })).toBeInViewport()
})

test('a buyer downloads the sealed e-policy from the policy screen and the message, and opens a clause', async ({
  page,
}) => {
  await logInByApi(page.request, uniquePhone('1375'))
  const { policyId } = await issuedPolicy(page.request)
  await page.goto(`/policy/policyDetail?id=${policyId}`)
  const policyNo = (await page.getByTestId('policy-no').textContent()) ?? ''
  expect(policyNo).not.toBe('')
  await expect(page.getByTestId('service-disclosure').getByRole('link', { name: '在线客服' })).toBeVisible()

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: '下载电子保单' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`电子保单-${policyNo}.pdf`)
  const bytes = readFileSync(await download.path())
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')

  await page.locator('.policy-clause').first().click()
  const clause = page.getByRole('dialog')
  await expect(clause).toContainText('保险责任')
  await clause.getByRole('button', { name: '关闭' }).click()
  await expect(clause).toBeHidden()

  await page.goto('/messageCenter')
  await page.getByTestId('message-row').filter({ hasText: '保单已出单' }).click()
  await expect(page.getByTestId('message-detail')).toContainText('下载电子保单')
  const [fromMessage] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: '下载电子保单' }).click(),
  ])
  expect(fromMessage.suggestedFilename()).toBe(`电子保单-${policyNo}.pdf`)
})
