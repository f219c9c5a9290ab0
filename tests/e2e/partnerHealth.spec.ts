import { checksumChar } from '../../src/domain/certificate'
import { staffCredentials } from '../../scripts/studioPublish'
import { logInByApi } from './support/session'
import { staffHeaders } from './support/staff'
import { expect, test } from './support/test'

// An insurer that is down, as buyers and staff see it once the circuit breaker has opened: the product page says
// 系统繁忙 before anything is filled in, and the studio's 合作方状态 shows 熔断中.

const SHOTS = process.env.SHOTS_DIR

function quoteBody() {
  const first17 = '11010119900307851'
  const holder = {
    name: '张三',
    certType: 'CERT',
    certNo: first17 + checksumChar(first17),
    certTime: 0,
    certStartDate: '2020-01-01',
    certEndDate: '2040-01-01',
    gender: 'M',
    birthday: '1990-03-07',
    phone: '13712346009',
    occupationinfo: '0000001',
  }
  return {
    productId: 'ht-accident',
    holder,
    insured: { ...holder, relationType: '1', hasSocialInsurance: 'Y', occupationinfoText: '办公室人员' },
    product: { chargePeriodType: 'year' },
  }
}

test('the insurer down: the breaker opens, the product page says 系统繁忙, staff see 熔断中 @server-wide', async ({
  page,
  browser,
  baseURL,
}) => {
  const headers = await staffHeaders(page.request, 'editor')
  const faults = (list: unknown[]) =>
    page.request.put('/api/sandbox/partner-faults', { data: { faults: list }, headers })
  expect((await faults([{ mode: 'down', operations: ['quote'] }])).status()).toBe(200)
  try {
    await logInByApi(page.request, '13712346009')
    for (let i = 0; i < 5; i++) {
      const res = await page.request.post('/api/partner/quotes', { data: quoteBody() })
      expect(res.status()).toBe(503)
    }
    await page.goto('/huaTaiApi/productDetails?productId=ht-accident')
    await expect(page.getByTestId('partner-down')).toContainText('系统繁忙，暂时无法报价和投保，请稍后再试')
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/product-down.png` })

    const studio = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } })
    try {
      const staffPage = await studio.newPage()
      // Signed in through the context's own request: its cookies are the browser's.
      await staffCredentials(staffPage.request, 'editor')
      await staffPage.goto('/studio/partner-health')
      await expect(staffPage.getByTestId('breaker-state')).toHaveText('熔断中')
      await expect(staffPage.getByText('保险公司系统不可用，调用已暂停', { exact: false })).toBeVisible()
      if (SHOTS) await staffPage.screenshot({ path: `${SHOTS}/studio-health.png`, fullPage: true })
    } finally {
      await studio.close()
    }
  } finally {
    await faults([])
  }
})
