import { fileURLToPath } from 'node:url'
import { addDays } from '../../src/domain/age'
import { issuedPolicy } from './support/orders'
import { pickDate } from './support/purchaseFlow'
import { logInByApi, uniquePhone } from './support/session'
import { expect, test, type Page } from './support/test'

// A policyholder files a claim on a phone against the real server: the guide picks the policy and the claim
// type, the form survives a reload, the photos go up with their progress, and the demo adjuster (moved along by
// the test-only clock and sweep) asks for a supplement, which the user adds from the claim's page; the claim is
// approved and paid, and the message center tells each step.

test.use({ viewport: { width: 390, height: 844 } })

const PHOTO = fileURLToPath(new URL('./fixtures/photo.jpg', import.meta.url))
const CARD = '6222021234567890128'

async function upload(page: Page, kind: string) {
  const box = page.getByTestId(`claim-docs-${kind}`)
  const before = await box.getByRole('img', { name: /^已上传的照片/ }).count()
  const uploaded = page.waitForResponse(
    (r) => r.url().endsWith('/api/media') && r.request().method() === 'POST',
  )
  await box.locator('input[type=file]').setInputFiles(PHOTO)
  expect((await uploaded).status()).toBe(200)
  await expect(box.getByRole('img', { name: /^已上传的照片/ })).toHaveCount(before + 1)
}

/** One step of the demo adjuster: the server's clock an hour on, then its background sweep. */
async function adjusterStep(page: Page) {
  expect((await page.request.post('/api/test/clock', { data: { hours: 1 } })).status()).toBe(200)
  expect((await page.request.post('/api/test/sweep')).status()).toBe(200)
}

test('a policyholder files a claim, adds the supplement asked for, and is paid, each step in the messages @server-wide', async ({
  page,
}) => {
  const phone = uniquePhone('1376')
  await logInByApi(page.request, phone)
  const { policyId } = await issuedPolicy(page.request)
  try {
    // Past the 30-day waiting period of the medical policy.
    expect((await page.request.post('/api/test/clock', { data: { days: 40 } })).status()).toBe(200)
    await logInByApi(page.request, phone) // sessions last 30 days
    const claimable = (await (await page.request.get('/api/claims/policies')).json()) as {
      items: { policyId: string; effectiveDate: string }[]
    }
    const policy = claimable.items.find((p) => p.policyId === policyId)
    expect(policy).toBeTruthy()
    const eventDate = addDays(policy!.effectiveDate, 32)

    await page.goto('/initClaim')
    await expect(page.getByRole('button', { name: /云禾百万医疗险/ })).toBeVisible()
    await page.getByRole('button', { name: /云禾百万医疗险/ }).click()
    await expect(page).toHaveURL(/\/insures\?policyId=/)
    await expect(
      page.getByText('需准备：身份证照片 1 张、医疗发票 1 张、诊断证明 1 张、出院小结 1 张'),
    ).toBeVisible()
    await page.getByRole('button', { name: '下一步，填写理赔申请' }).click()
    await expect(page).toHaveURL(/\/claim\/addClaim\?policyId=.+&type=medical/)

    // A date in the waiting period is refused on the spot, in words.
    await pickDate(page, '#claim-event-date', addDays(policy!.effectiveDate, 3))
    await expect(page.getByText(/出险日期在等待期内/)).toBeVisible()
    await pickDate(page, '#claim-event-date', eventDate)
    await expect(page.getByText(/出险日期在等待期内/)).toHaveCount(0)
    await page.getByLabel('出险地点').fill('上海市第一人民医院')
    await page.getByLabel('事故经过').fill('因急性阑尾炎住院手术治疗五天，已康复出院。')
    await page.getByLabel('申请金额（元）').fill('3500')
    await page.getByLabel('开户银行').fill('中国工商银行')
    await page.getByLabel('银行卡号').fill('6222021234567890127')
    await page.getByLabel('银行卡号').blur()
    await expect(page.getByText('请输入正确的银行卡号（16–19 位）')).toBeVisible()
    await page.getByLabel('银行卡号').fill(CARD)
    await upload(page, 'id_card')
    await upload(page, 'invoice')

    // The draft, photos included, survives a reload.
    await page.reload()
    await expect(page.getByLabel('出险地点')).toHaveValue('上海市第一人民医院')
    await expect(page.getByLabel('银行卡号')).toHaveValue(CARD)
    await expect(page.locator('#claim-event-date')).toHaveAttribute('value', eventDate)
    await expect(
      page.getByTestId('claim-docs-invoice').getByRole('img', { name: /^已上传的照片/ }),
    ).toHaveCount(1)

    // Not everything the type needs yet: the form says what is missing and sends nothing.
    await page.getByRole('button', { name: '提交理赔申请' }).click()
    await expect(page.getByText('请上传：诊断证明 1 张、出院小结 1 张').first()).toBeVisible()
    await upload(page, 'diagnosis')
    await upload(page, 'discharge')
    await page.getByRole('button', { name: '提交理赔申请' }).click()
    await expect(page).toHaveURL(/\/claim\/addClaimSuccess\?id=/)
    await expect(page.getByTestId('claim-no')).toHaveText(/^CL\d{16}$/)

    // The demo adjuster takes it up, and asks for one more document (the amount is over ¥2,000).
    await page.getByRole('button', { name: '查看理赔进度' }).click()
    await expect(page).toHaveURL(/\/claim\/claimDetail\?id=/)
    const status = page.getByTestId('claim-status')
    await expect(status).toHaveText('已提交')
    await adjusterStep(page)
    await page.reload()
    await expect(status).toHaveText('审核中')
    await adjusterStep(page)
    await page.reload()
    await expect(status).toHaveText('待补充材料')
    const supplement = page.getByTestId('claim-supplement')
    await expect(supplement).toContainText('其他材料')
    const send = supplement.getByRole('button', { name: '提交补充材料' })
    await expect(send).toBeDisabled()
    const uploaded = page.waitForResponse(
      (r) => r.url().endsWith('/api/media') && r.request().method() === 'POST',
    )
    await supplement.locator('input[type=file]').setInputFiles(PHOTO)
    expect((await uploaded).status()).toBe(200)
    await send.click()
    await expect(status).toHaveText('审核中')
    await expect(page.getByTestId('claim-supplement')).toHaveCount(0)

    // Approved, then paid: the decision and the amount paid are on the claim's page.
    await adjusterStep(page)
    await page.reload()
    await expect(status).toHaveText('审核通过')
    await adjusterStep(page)
    await page.reload()
    await expect(status).toHaveText('已赔付')
    await expect(page.getByTestId('claim-decision')).toContainText('3500')
    // The five photos, served from the claim, are shown.
    const photos = page.getByTestId('claim-documents').locator('img')
    await expect(photos).toHaveCount(5)
    await photos.first().scrollIntoViewIfNeeded()
    await expect
      .poll(() => photos.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0)

    // Every step reached the message center, and a message leads back to the claim.
    await page.goto('/messageCenter')
    const rows = page.getByTestId('message-row')
    for (const [title, count] of [
      ['理赔申请已提交', 1],
      ['理赔审核中', 2],
      ['理赔待补充材料', 1],
      ['理赔审核通过', 1],
      ['理赔已赔付', 1],
    ] as const)
      await expect(rows.filter({ hasText: title }), title).toHaveCount(count)
    await rows.filter({ hasText: '理赔已赔付' }).click()
    await page.getByRole('button', { name: '查看详情' }).click()
    await expect(page).toHaveURL(/\/claim\/claimDetail\?id=/)
    await expect(status).toHaveText('已赔付')
  } finally {
    await page.request.post('/api/test/clock', { data: { reset: true } })
  }
})
