import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Order } from '../../../src/types/generated/api/order'
import type { PartnerProduct } from '../../../src/types/generated/api/partner'
import type { TrailDetail } from '../../../src/types/generated/api/trail'
import { as, staffLogin } from '../studioHelpers'
import { createPartnerApp, PartnerBuyer, type PartnerTestApp } from './partnerFlow'

// 可回溯 in the partner flow: the quote joins the buyer's trail, and the order's consents say that a document was
// opened only when the buyer's browser said so (they used to say every document was opened at the application).

let t: PartnerTestApp
let buyer: PartnerBuyer

beforeEach(async () => {
  t = await createPartnerApp({ now: () => new Date('2026-11-25T04:00:00.000Z') })
  buyer = await PartnerBuyer.login(t.app)
})
afterEach(async () => t.close())

async function trailOf(orderId: string): Promise<TrailDetail> {
  const row = await t.db.db
    .selectFrom('sales_trails')
    .select('id')
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow()
  const res = await as(
    t.app,
    await staffLogin(t.app, 'compliance'),
    'GET',
    `/api/studio/compliance/sales/${row.id}`,
  )
  return res.json<TrailDetail>()
}

describe('the partner flow’s trail', () => {
  it('records consents as they happened: a clause the buyer opened, and the notice they never opened', async () => {
    const product = (await buyer.call('GET', '/api/partner/products/ht-accident')).json<PartnerProduct>()
    const clause = product.clauses[0]
    const opened = await buyer.call('POST', '/api/sales-trails', { productId: 'ht-accident' })
    const trailId = opened.json<{ id: string }>().id
    const sent = await buyer.call('POST', `/api/sales-trails/${trailId}/events`, {
      events: [
        {
          eventId: 'clause-open-0001',
          type: 'document_open',
          at: '2026-11-25T04:00:00.000Z',
          screen: '/huaTaiApi/productDetails',
          documentId: clause.id,
        },
      ],
    })
    expect(sent.statusCode, sent.body).toBe(204)
    const quote = await buyer.quoted('ht-accident', { trailId })
    const applied = await buyer.apply(quote.quoteId)
    expect(applied.statusCode, applied.body).toBe(201)
    const { orderId } = applied.json<{ orderId: string }>()
    const order = (await buyer.call('GET', `/api/orders/${orderId}`)).json<Order>()
    const byDocument = new Map(order.consents.map((c) => [c.document, c]))
    expect(byDocument.get('notice')).toMatchObject({ openedAt: null, confirmedAt: expect.any(String) })
    expect(byDocument.get(clause.id)?.openedAt).toBeTruthy()
    expect(order.consents.every((c) => c.version && c.hash)).toBe(true)

    const trail = await trailOf(orderId)
    expect(trail.summary.id).toBe(trailId)
    expect(trail.records.map((r) => r.kind)).toEqual([
      'trail_opened',
      'document_open',
      'quote_shown',
      'health_answered',
      ...order.consents.map(() => 'document_confirmed'),
      'order_created',
    ])
    expect(trail.chain.ok).toBe(true)
  })
})
