import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPartnerQuote } from '../../../../src/features/partners/api'
import HealthNotificationPage from '../../../../src/features/partners/HealthNotificationPage'
import ProductDetailsPage from '../../../../src/features/partners/ProductDetailsPage'
import { flowBindings } from '../../../../src/features/partners/flowState'
import { openTrail } from '../../../../src/features/trail/api'
import { flushTrail } from '../../../../src/features/trail/api'
import { userStore } from '../../../../src/state/user'
import type { TrailEvent, TrailEvents } from '../../../../src/types/generated/api/trail'
import { renderScreen, stubApi, tappable, type ApiStub } from '../../harness'
import { installIntersectionObserver, scrollIntoView } from '../trail/intersection'
import { accident } from './fixtures'

// The partner flows on the sales trail (可回溯): each step's screen, the clauses read, and the quote naming the
// trail the product opened.

const TRAIL = 'trail-partner'
let api: ApiStub
const received = (): TrailEvent[] =>
  api.callsTo('POST', `/api/sales-trails/${TRAIL}/events`).flatMap((c) => (c.body as TrailEvents).events)
async function receivedOnce(count: number) {
  await waitFor(async () => {
    await flushTrail()
    expect(received()).toHaveLength(count)
  })
  return received()
}

beforeEach(() => {
  sessionStorage.clear()
  for (const b of Object.values(flowBindings)) b.reset()
  installIntersectionObserver()
  userStore.update({ id: `u-partner-${Math.random().toString(36).slice(2)}` })
  api = stubApi({
    'GET /api/partner/products/ht-accident': accident,
    'POST /api/sales-trails': { id: TRAIL },
    'POST /api/sales-trails/:id/events': null,
    'POST /api/partner/quotes': { quoteId: 'q-1', premiumFen: 9900, expiresAt: '2026-12-31T00:00:00+08:00' },
  })
})
afterEach(async () => {
  cleanup()
  await flushTrail()
  userStore.reset()
})

describe('the partner flow on the sales trail', () => {
  it('records 产品详情 and a clause read to its end under the clause’s id', async () => {
    const user = userEvent.setup()
    const at = '/huaTaiApi/productDetails?productId=ht-accident'
    renderScreen(ProductDetailsPage, at)
    const clause = accident.clauses[0]
    await user.click(await screen.findByText(`《${clause.title}》`))
    const dialog = await screen.findByRole('dialog', { name: clause.title })
    await within(dialog).findByText('被保险人遭受意外伤害的，本公司按约定给付保险金。')
    scrollIntoView(dialog.querySelector('.document-sheet-end') as Element)
    await user.click(await tappable(within(dialog).getByRole('button', { name: '我知道了' })))

    const events = await receivedOnce(4)
    expect(api.callsTo('POST', '/api/sales-trails')[0].body).toEqual({ productId: accident.id })
    expect(events[0]).toMatchObject({ type: 'screen_enter', title: '产品详情', screen: at })
    expect(events.slice(1).map((e) => [e.type, e.documentId])).toEqual([
      ['document_open', clause.id],
      ['document_end', clause.id],
      ['document_close', clause.id],
    ])
    expect(events[3].scrolledToEnd).toBe(true)
  })

  it('fills the health notice with the insured, as the buyer sees it', async () => {
    flowBindings.huatai.write('insured', { relationType: '1' })
    renderScreen(HealthNotificationPage, '/huaTaiApi/healthNotification?productId=ht-accident')
    const notice = await screen.findByText(/^请如实告知被保险人/)
    expect(notice).toHaveTextContent('被保险人（本人）的健康状况')
    expect(notice.textContent).not.toMatch(/[{}]/)
    const [enter] = await receivedOnce(1)
    expect(enter).toMatchObject({ type: 'screen_enter', title: '健康告知' })
  })

  it('asks the quote naming the trail open for the product', async () => {
    await openTrail(accident.id)
    const request = {
      productId: accident.id,
      holder: {
        name: '张三',
        certType: 'ID_CARD',
        certNo: 'X',
        certTime: 1,
        gender: 'M',
        birthday: '1980-01-01',
      },
      insured: {
        name: '张三',
        certType: 'ID_CARD',
        certNo: 'X',
        certTime: 1,
        gender: 'M',
        birthday: '1980-01-01',
      },
      product: { chargePeriodType: 'single' },
    } as Parameters<typeof createPartnerQuote>[0]
    await createPartnerQuote(request)
    expect(api.callsTo('POST', '/api/partner/quotes')[0].body).toMatchObject({ trailId: TRAIL })
  })
})
