import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { addDays } from '../../src/domain/age'
import type { Claim, ClaimablePolicyList } from '../../src/types/generated/api/claim'
import type { Media } from '../../src/types/generated/api/media'
import { issuedPolicy } from './support/orders'
import { logInByApi, uniquePhone } from './support/session'
import { expect, test, type APIRequestContext } from './support/test'

// 我的理赔 and 理赔详情 on a phone, with a claim filed through the API after the waiting period (the test-only
// clock moved forward) and taken by the demo adjuster to 待补充材料: the card under 处理中, the detail with the
// documents and the timeline; the photo asked for uploaded and sent, the claim back in review; then withdrawn.

const PHOTO = fileURLToPath(new URL('./fixtures/photo.jpg', import.meta.url))

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

async function ok<T>(response: Promise<import('@playwright/test').APIResponse>): Promise<T> {
  const res = await response
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()) as T
}

const upload = (request: APIRequestContext) =>
  ok<Media>(
    request.post('/api/media', {
      multipart: {
        purpose: 'claim',
        file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: readFileSync(PHOTO) },
      },
    }),
  )

/** A medical claim of ¥3,560 (the demo adjuster asks for an itemised bill from ¥2,000), moved to 待补充材料. */
async function claimAwaitingDocuments(request: APIRequestContext, phone: string): Promise<Claim> {
  const { policyId } = await issuedPolicy(request)
  // Cover starts tomorrow; a claim for an illness is for an event after the waiting period.
  await ok(request.post('/api/test/clock', { data: { days: 2 } }))
  const { items } = await ok<ClaimablePolicyList>(request.get('/api/claims/policies'))
  const policy = items.find((p) => p.policyId === policyId)
  if (!policy) throw new Error('the issued policy is not claimable')
  const eventDate = addDays(policy.effectiveDate, policy.waitingDays + 1)
  await ok(request.post('/api/test/clock', { data: { days: policy.waitingDays + 1 } }))
  // A month on, the session has lapsed: log in again.
  await logInByApi(request, phone)
  const type = policy.types[0]
  const documents = []
  for (const need of type.documents)
    for (let i = 0; i < need.least; i++)
      documents.push({ mediaId: (await upload(request)).id, kind: need.kind })
  const claim = await ok<Claim>(
    request.post('/api/claims', {
      data: {
        policyId,
        type: type.code,
        eventDate,
        place: '上海市徐汇区第六人民医院',
        description: '急性肠胃炎，门诊后住院治疗三天，已出院。',
        amountFen: 356_000,
        payee: { name: policy.payees[0].name, bankName: '招商银行', cardNo: '6225880137706868' },
        documents,
      },
    }),
  )
  // The demo adjuster takes a step a minute: into review, then asks for the bill.
  for (let i = 0; i < 2; i++) {
    await ok(request.post('/api/test/clock', { data: { hours: 1 } }))
    await ok(request.post('/api/test/sweep'))
  }
  return claim
}

test('a user finds a claim waiting for documents, sends the photo asked for, then withdraws it @server-wide', async ({
  page,
}) => {
  const problems: string[] = []
  page.on('console', (m) => {
    // The unknown claim's 404 is the not-found view, not a fault.
    if (m.type() === 'error' && /status of 4\d\d/.test(m.text())) return
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text())
  })
  page.on('pageerror', (e) => problems.push(e.message))
  // The frame as parsed from the HTML: hydrated in place, React keeps it.
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      ;(window as { rendered?: Element | null }).rendered = document.querySelector('.app-layout')
    }),
  )
  const phone = uniquePhone('1375')
  await logInByApi(page.request, phone)
  try {
    const claim = await claimAwaitingDocuments(page.request, phone)

    await page.goto('/claim/claimList')
    const card = page.getByTestId('claim-card')
    await expect(card).toHaveCount(1)
    await expect(card).toContainText('待补充材料')
    await expect(card).toContainText('¥3560.00')
    await expect(card).toContainText(claim.claimNo)

    await card.click()
    await expect(page).toHaveURL(new RegExp(`/claim/claimDetail\\?id=${claim.id}$`))
    await expect(page.getByTestId('claim-status')).toHaveText('待补充材料')
    const supplement = page.getByTestId('claim-supplement')
    await expect(supplement).toContainText('其他材料')
    const submit = supplement.getByRole('button', { name: '提交补充材料' })
    await expect(submit).toBeDisabled()
    await expect(page.getByTestId('claim-timeline')).toContainText('请补充费用清单')

    // A thumbnail opens full screen.
    await page.getByTestId('claim-documents').getByRole('button').first().click()
    await expect(page.locator('.adm-image-viewer-content')).toBeVisible()
    await page.locator('.claim-viewer-footer button').click()
    await expect(page.locator('.adm-image-viewer-content')).toBeHidden()

    const uploaded = page.waitForResponse(
      (r) => r.url().endsWith('/api/media') && r.request().method() === 'POST',
      { timeout: 15_000 },
    )
    await supplement.locator('input[type=file]').setInputFiles(PHOTO)
    expect((await uploaded).status()).toBe(200)
    await expect(submit).toBeEnabled()
    await submit.click()
    await expect(page.getByTestId('claim-status')).toHaveText('审核中')
    await expect(page.getByTestId('claim-supplement')).toHaveCount(0)
    await expect(page.getByTestId('claim-timeline')).toContainText('已补充材料，理赔重新进入审核')

    await page.getByRole('button', { name: '撤回申请' }).click()
    const withdrawn = page.waitForResponse((r) => r.url().endsWith(`/api/claims/${claim.id}/withdraw`), {
      timeout: 15_000,
    })
    await page.getByRole('dialog').getByRole('button', { name: '撤回申请' }).click()
    const answer = await withdrawn
    expect(answer.status(), await answer.text()).toBe(200)
    await expect(page.getByTestId('claim-status')).toHaveText('已撤回')
    await expect(page.getByRole('button', { name: '撤回申请' })).toHaveCount(0)
    // Opened afresh, the detail comes from the server with the claim and is hydrated in place.
    const html = await (await page.reload())?.text()
    expect(html).toContain(claim.claimNo)
    expect(html).toContain('理赔申请已撤回')
    const kept = await page.evaluate(() => (window as { rendered?: Element | null }).rendered?.isConnected)
    expect(kept, 'the server-rendered frame is still the one on screen').toBe(true)
    await expect(page.getByTestId('claim-status')).toHaveText('已撤回')

    await page.goto('/claim/claimList?status=done')
    await expect(page.getByTestId('claim-card')).toContainText('已撤回')
    await page.goto('/claim/claimList')
    await expect(page.getByText('暂无处理中的理赔')).toBeVisible()

    await page.goto('/claim/claimDetail?id=no-such-claim')
    await expect(page.getByText('理赔不存在')).toBeVisible()
    expect(problems).toEqual([])
  } finally {
    await page.request.post('/api/test/clock', { data: { reset: true } })
  }
})
