import { readFile } from 'node:fs/promises'
import { recordHash } from '../../server/modules/trail/chain'
import type { PremiumRate, ProductDetail } from '../../src/types/generated/api/catalog'
import type { SalesPageVersion, TrailDetail } from '../../src/types/generated/api/trail'
import { readPdf } from '../server/readPdf'
import { expect, test } from './support/test'
import { fillForms, passHealth, passNotices } from './support/purchaseFlow'
import { logInByApi } from './support/session'
import { staffHeaders } from './support/staff'

// 可回溯 (@server-wide: it changes a product every other test buys, and puts it back): a buyer buys through the
// screens; then the 投保须知 and the premium table change; the compliance replay of the first sale still shows the
// old text and price, and its export's chain checks out when recomputed here, outside the server.

const PRODUCT = 'p-medical-million'
const REVISED = '本须知已于2026年12月修订'

test('a sale is replayed as the buyer saw it after the catalog changed, and its export verifies @server-wide', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const publisher = await staffHeaders(request, 'publisher')
  const original = (await (await request.get(`/api/products/${PRODUCT}`)).json()) as ProductDetail
  const standard = original.plans.find((p) => p.code === 'standard')!
  const versionsUrl = `/api/studio/catalog/products/${PRODUCT}/versions`

  // The buyer, through the screens: product page, notices (one opened and read), forms, health, sandbox payment.
  await logInByApi(page.request, '13712349001')
  await page.goto(`/product?id=${PRODUCT}`)
  await page.getByRole('button', { name: '立即投保' }).click()
  await expect(page).toHaveURL(/\/specialNotify\?/)
  await passNotices(page)
  await fillForms(page)
  await passHealth(page)
  const orderId = new URL(page.url()).searchParams.get('orderId')
  const { premiumFen } = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as {
    premiumFen: number
  }
  await page.getByText('银行卡', { exact: true }).click()
  await page.getByRole('button', { name: '立即支付' }).click()
  await page.getByRole('button', { name: '模拟支付成功' }).click()
  await page.getByRole('button', { name: '返回商城' }).click()
  const policyNo = (await page.getByTestId('policy-no').textContent()) ?? ''
  expect(policyNo).toMatch(/^GH\d{16}$/)

  // The buyer's policy page says the sale was recorded.
  await page.getByRole('button', { name: '查看保单' }).click()
  await expect(page.getByText('投保过程已记录')).toBeVisible()

  // The 投保须知 and the premium table change (发布员, through the API the studio's 产品资料 uses).
  const noticeVersions = (await (await request.get(versionsUrl, { headers: publisher })).json()) as {
    documents: { key: string; versions: { id: number; offlineAt: string | null }[] }[]
  }
  const liveNotice = noticeVersions.documents
    .find((d) => d.key === `${PRODUCT}:notice`)!
    .versions.find((v) => v.offlineAt === null)!
  const oldNotice = (await (
    await request.get(`/api/studio/sales-page-versions/${liveNotice.id}`, { headers: publisher })
  ).json()) as SalesPageVersion
  const raised = standard.premiumRates.map((r) => ({ ...r, premiumFen: r.premiumFen * 3 }))
  const put = (path: string, data: unknown) =>
    request.put(`/api/studio/catalog/products/${PRODUCT}/${path}`, { headers: publisher, data })
  try {
    expect((await put('notice', { notice: `${REVISED}。\n\n${oldNotice.content.markdown}` })).status()).toBe(
      200,
    )
    expect((await put('premium-rates', { planCode: 'standard', rates: raised })).status()).toBe(200)

    // 合规 signs in to the studio, finds the sale by its policy number and replays it.
    const studio = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await studio.goto('/studio/')
    await studio.getByLabel('用户名').fill('compliance')
    await studio.getByLabel('密码').fill('compliance-2026')
    await studio.getByRole('button', { name: '登录' }).click()
    await studio.getByLabel('保单号').fill(policyNo)
    await studio.getByRole('button', { name: '查询' }).click()
    await studio.getByRole('row', { name: new RegExp(policyNo) }).click()
    await expect(studio.getByTestId('chain-check')).toContainText('校验通过')
    const timeline = studio.getByRole('region', { name: '销售过程记录' })
    const screen = studio.getByTestId('replay-screen')

    // The 投保须知 as confirmed then: the old text, not the revision.
    await timeline.getByText(/确认已阅读并同意《投保须知》/).click()
    await expect(screen.getByRole('article', { name: '投保须知正文' })).toBeVisible()
    await expect(screen).not.toContainText(REVISED)
    // The product page as shown then: the old premium of the chosen plan, not the tripled one.
    await timeline
      .getByText(/开始浏览产品页|进入「产品详情」/)
      .first()
      .click()
    const table = screen.getByRole('table', { name: `${standard.name}费率表` })
    await expect(table).toBeVisible()
    const tripled = `${((standard.premiumRates[0].premiumFen * 3) / 100).toFixed(2)} 元`
    const then = `${(standard.premiumRates[0].premiumFen / 100).toFixed(2)} 元`
    await expect(table).toContainText(then)
    await expect(table).not.toContainText(tripled)
    // The quote the buyer was shown.
    await timeline.getByText(/展示报价/).click()
    await expect(screen).toContainText((premiumFen / 100).toFixed(2))

    // Export: the PDF says the chain holds; the JSON's chain, recomputed here, holds too.
    const [pdfDownload] = await Promise.all([
      studio.waitForEvent('download'),
      studio.getByRole('button', { name: '导出 PDF' }).click(),
    ])
    const pdf = await readPdf(await readFile((await pdfDownload.path())!))
    const pdfText = pdf.pages.join('\n')
    expect(pdfText).toContain('哈希链校验通过')
    expect(pdfText).toContain(policyNo)
    const [jsonDownload] = await Promise.all([
      studio.waitForEvent('download'),
      studio.getByRole('button', { name: '导出 JSON' }).click(),
    ])
    const { trail } = JSON.parse(await readFile((await jsonDownload.path())!, 'utf8')) as {
      trail: TrailDetail
    }
    let prev = ''
    for (const record of trail.records) {
      expect(record.prevHash).toBe(prev)
      const hash = recordHash(prev, {
        seq: record.seq,
        at: new Date(record.at),
        clientAt: record.clientAt ? new Date(record.clientAt) : null,
        source: record.source,
        kind: record.kind,
        data: record.data,
        eventId: record.eventId,
      })
      expect(hash, `record ${record.seq}`).toBe(record.hash)
      prev = hash
    }
    expect(trail.records.map((r) => r.kind)).toEqual(
      expect.arrayContaining([
        'screen_enter',
        'document_open',
        'document_confirmed',
        'health_answered',
        'payment',
        'policy_issued',
      ]),
    )
    await studio.close()
  } finally {
    // Put the product back as it was for every later test.
    expect((await put('notice', { notice: oldNotice.content.markdown as string })).status()).toBe(200)
    expect(
      (
        await put('premium-rates', { planCode: 'standard', rates: standard.premiumRates as PremiumRate[] })
      ).status(),
    ).toBe(200)
  }
})
