import type { APIRequestContext } from '@playwright/test'
import {
  logInAsPublisher,
  publishPage,
  samplePageConfig,
  type StudioClient,
} from '../../scripts/studioPublish'
import { pendingOrder, startPayment } from './support/orders'
import { logInByApi, uniquePhone } from './support/session'
import { staffHeaders, studioLogIn } from './support/staff'
import { expect, syncServerClock, test } from './support/test'

// An A/B test of a published page, end to end: two versions split 50/50 with a click goal; 200 visitors (each
// its own cookie jar, sending the events a browser sends) and one real phone visitor who taps the page's button,
// buys and pays; the analytics job runs; the studio's dashboard shows the split, the clicks by variant and the
// paid order attributed to the phone visitor's variant and the button.

const VISITORS = 200
const PRODUCT = 'p-medical-million'
const BUTTON = { type: 'button', id: 'buy', action: { type: 'navigate', to: `/product?id=${PRODUCT}` } }

let pageId: string
let studio: APIRequestContext
let publisher: StudioClient
let experimentId: string
/** The staff headers of a studio GET (session and CSRF), as the publisher. */
let staff: Record<string, string>
let reader: APIRequestContext

async function serverNow(request: APIRequestContext): Promise<number> {
  return ((await (await request.get('/api/time')).json()) as { epochMs: number }).epochMs
}

/** The page's config with the button's words: the two variants differ only there. */
function pageConfig(nowMs: number, buttonText: string) {
  const config = samplePageConfig('百万医疗限时福利', nowMs)
  return { ...config, blocks: [...(config.blocks as object[]), { ...BUTTON, text: buttonText }] }
}

interface Answer {
  ok(): boolean
  text(): Promise<string>
  json(): Promise<unknown>
}

async function ok(answer: Promise<Answer>): Promise<Record<string, unknown>> {
  const res = await answer
  expect(res.ok(), await res.text()).toBe(true)
  return (await res.json()) as Record<string, unknown>
}

test.beforeAll(async ({ playwright, baseURL }) => {
  studio = await playwright.request.newContext({ baseURL })
  publisher = await logInAsPublisher(studio)
  // A session of its own for reading (a second login in `studio` would replace the publisher's).
  reader = await playwright.request.newContext({ baseURL })
  staff = await staffHeaders(reader, 'publisher')
  pageId = `e2e-ab-${Date.now().toString(36)}`
  const nowMs = await serverNow(studio)
  // Version 1 is published (the control); version 2 is the draft saved as a version, not published.
  const { revision } = await publishPage(publisher, pageId, pageConfig(nowMs, '立即投保'))
  const saved = await ok(
    publisher.put(`/api/studio/pages/${pageId}/draft`, {
      data: pageConfig(nowMs, '领取百万保障'),
      headers: { 'If-Match': `"${revision}"` },
    }),
  )
  const version = await ok(
    publisher.post(`/api/studio/pages/${pageId}/versions`, { data: { revision: Number(saved.revision) } }),
  )
  expect(version.version).toBe(2)
  const experiment = await ok(
    publisher.post(`/api/studio/pages/${pageId}/experiments`, {
      data: {
        name: '按钮文案',
        variants: [
          { key: 'A', version: 1, weight: 50, label: '原版' },
          { key: 'B', version: 2, weight: 50, label: '新文案' },
        ],
        goal: { kind: 'click', blockId: 'buy' },
        baselineRate: 0.1,
        minEffect: 0.5,
      },
    }),
  )
  experimentId = String(experiment.id)
  await ok(publisher.post(`/api/studio/experiments/${experimentId}/start`))
})
test.afterAll(async () => {
  await studio.dispose()
  await reader.dispose()
})

let eventNo = 0
/** The events a visitor's browser sends for one view of the page (and a tap on the button when `clicks`). */
function viewEvents(page: { version: number; experiment: { id: string; variant: string } }, clicks: boolean) {
  const at = new Date().toISOString()
  const session = `sess-${(eventNo += 1).toString(36).padStart(8, '0')}`
  const common = {
    at,
    session,
    pageId,
    pageVersion: page.version,
    phase: 'live',
    experimentId: page.experiment.id,
    variant: page.experiment.variant,
    source: 'share',
  }
  const id = (kind: string) => `${kind}-${session}`
  return [
    { ...common, eventId: id('view'), kind: 'page_view' },
    { ...common, eventId: id('seen'), kind: 'block_impression', blockId: 'buy' },
    ...(clicks ? [{ ...common, eventId: id('tap'), kind: 'block_click', blockId: 'buy' }] : []),
  ]
}

test('two variants, 200 visitors and a paid order: the dashboard shows the split, the clicks and the attribution', async ({
  playwright,
  baseURL,
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  // 200 visitors, ten at a time: each opens the page (their variant comes with it) and sends its events; in B
  // one in four taps the button, in A one in ten.
  const seen = { A: 0, B: 0 }
  const tapped = { A: 0, B: 0 }
  for (let start = 0; start < VISITORS; start += 10) {
    await Promise.all(
      Array.from({ length: 10 }, async (_, offset) => {
        const visitor = await playwright.request.newContext({ baseURL })
        try {
          const answer = await ok(visitor.get(`/api/pages/${pageId}`))
          const shown = answer as unknown as {
            version: number
            experiment: { id: string; variant: 'A' | 'B' }
          }
          expect(shown.experiment.id).toBe(experimentId)
          const variant = shown.experiment.variant
          expect(shown.version).toBe(variant === 'A' ? 1 : 2)
          // Sticky: the same visitor gets the same variant again.
          const again = (await ok(visitor.get(`/api/pages/${pageId}`))) as { experiment: { variant: string } }
          expect(again.experiment.variant).toBe(variant)
          const i = start + offset
          const clicks = variant === 'B' ? i % 4 === 0 : i % 10 === 0
          seen[variant] += 1
          if (clicks) tapped[variant] += 1
          const sent = await visitor.post('/api/analytics/events', {
            data: { sentAt: new Date().toISOString(), events: viewEvents(shown, clicks) },
          })
          expect(sent.status(), await sent.text()).toBe(204)
        } finally {
          await visitor.dispose()
        }
      }),
    )
  }
  // A fair split: each variant within 50 ± 15 % of 200 (p > 0.999 for a fair coin).
  expect(seen.A + seen.B).toBe(VISITORS)
  expect(Math.abs(seen.A - seen.B)).toBeLessThan(60)

  // The phone visitor: the page in a real browser, the button it shows, a tap, then a purchase paid.
  const sentEvents = page.waitForRequest((r) => r.url().endsWith('/api/analytics/events'))
  await page.goto(`/activity/${pageId}`)
  const mine = (await (await page.request.get(`/api/pages/${pageId}`)).json()) as {
    experiment: { variant: 'A' | 'B' }
  }
  const words = mine.experiment.variant === 'A' ? '立即投保' : '领取百万保障'
  const button = page.getByRole('button', { name: words })
  await expect(button).toBeVisible()
  await button.click()
  await expect(page).toHaveURL(new RegExp(`/product\\?id=${PRODUCT}`))
  await sentEvents
  await logInByApi(page.request, uniquePhone('1364'))
  const order = await pendingOrder(page.request)
  const paymentId = await startPayment(page.request, order.id)
  await ok(
    page.request.post(`/api/sandbox/payments/${paymentId}/simulate`, { data: { outcome: 'SUCCEEDED' } }),
  )
  seen[mine.experiment.variant] += 1
  tapped[mine.experiment.variant] += 1
  await page.close()

  // The job (every minute in production) runs now; the test results count each visitor once.
  await expect
    .poll(
      async () => {
        await ok(request.post('/api/test/sweep'))
        const results = (await ok(
          reader.get(`/api/studio/experiments/${experimentId}`, { headers: staff }),
        )) as {
          variants: { key: 'A' | 'B'; visitors: number; conversions: number }[]
        }
        return results.variants.map((v) => [v.key, v.visitors, v.conversions])
      },
      { timeout: 30_000 },
    )
    .toEqual([
      ['A', seen.A, tapped.A],
      ['B', seen.B, tapped.B],
    ])

  // The studio: the page's dashboard, as a publisher sees it on a desktop.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })
  await syncServerClock(context, baseURL)
  const desk = await context.newPage()
  await studioLogIn(desk, 'publisher')
  await desk.goto(`/studio/analytics/${pageId}`)
  const variants = desk.getByLabel('按实验版本')
  await expect(variants.getByRole('row', { name: /原版/ })).toContainText(String(seen.A))
  await expect(variants.getByRole('row', { name: /新文案/ })).toContainText(String(seen.B))
  const blocks = desk.getByLabel('组件数据')
  await expect(blocks.getByRole('row').filter({ hasText: 'buy' }).first()).toContainText(
    String(tapped.A + tapped.B),
  )
  // The funnel of the phone visitor's variant ends in their paid order.
  await desk.getByLabel('漏斗的实验版本').getByText(`版本 ${mine.experiment.variant}`).click()
  await expect(desk.getByLabel('购买漏斗').getByRole('row', { name: /承保/ })).toContainText('1')
  await desk.screenshot({ path: 'test-results/ab-dashboard.png', fullPage: true })

  // The paid order belongs to the phone visitor's variant and to the button.
  const funnelAnswer = (await ok(
    reader.get(`/api/studio/analytics/pages/${pageId}/funnel?from=2026-11-01&to=2026-12-31`, {
      headers: staff,
    }),
  )) as { paidOrders: number; byVariant: { variant: string; steps: { stage: string; visitors: number }[] }[] }
  expect(funnelAnswer.paidOrders).toBe(1)
  const paidIn = (variant: string) =>
    funnelAnswer.byVariant.find((v) => v.variant === variant)?.steps.find((s) => s.stage === 'paid')
      ?.visitors ?? 0
  expect(paidIn(mine.experiment.variant)).toBe(1)
  expect(paidIn(mine.experiment.variant === 'A' ? 'B' : 'A')).toBe(0)

  // The test's results screen: per variant visitors and conversions, no verdict before the horizon.
  await desk.goto(`/studio/pages/${pageId}/experiments?test=${experimentId}`)
  await expect(desk.getByTestId('variant-row-A')).toContainText(String(seen.A))
  await expect(desk.getByTestId('variant-row-B')).toContainText(String(seen.B))
  await expect(desk.getByTestId('experiment-verdict')).toContainText('数据收集中')
  await desk.screenshot({ path: 'test-results/ab-results.png', fullPage: true })
  await context.close()
})
