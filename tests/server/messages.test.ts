import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatFen } from '../../src/domain/money'
import type { Message, MessagePage, UnreadCounts } from '../../src/types/generated/api/message'
import type { Order } from '../../src/types/generated/api/order'
import { createTestApp, loginAs, type TestApp } from './helpers'
import { Buyer } from './ordersFlow'

// The message center: a paid order tells its user 支付成功, 保单已出单 and 积分到账, each written in the
// event's own transaction; counts per category, marking read, per user only.
let test: TestApp
let users = 0

beforeAll(async () => {
  test = await createTestApp()
})
afterAll(async () => test.close())

const newBuyer = async () =>
  new Buyer(
    test.app,
    await loginAs(test.app, `1361000${String(++users).padStart(4, '0')}`, `10.4.0.${users}`),
  )

async function paidOrder(buyer: Buyer): Promise<Order> {
  const order = await buyer.order()
  const payment = await buyer.pay(order.id)
  await buyer.simulate(payment.paymentId, 'SUCCEEDED')
  return (await buyer.call('GET', `/api/orders/${order.id}`)).json<Order>()
}

describe('message center', () => {
  it('tells a buyer of the payment, the policy and the points, newest first, with what each is about', async () => {
    const buyer = await newBuyer()
    const order = await paidOrder(buyer)
    const page = (await buyer.call('GET', '/api/messages')).json<MessagePage>()
    expect(page.items.map((m) => [m.category, m.title])).toEqual([
      ['activity', '积分到账'],
      ['policy', '保单已出单'],
      ['trade', '支付成功'],
    ])
    const [points, policy, paid] = page.items
    expect(paid.target).toEqual({ kind: 'order', id: order.id })
    expect(paid.body).toContain(`已支付 ¥${formatFen(order.premiumFen)}`)
    expect(policy.target).toEqual({ kind: 'policy', id: order.policyId })
    expect(points.body).toContain(`您获得 ${Math.floor(order.premiumFen / 100)} 积分（投保奖励）`)
    expect(page.items.every((m) => !m.read)).toBe(true)
    expect((await buyer.call('GET', '/api/messages/unread')).json<UnreadCounts>()).toEqual({
      total: 3,
      trade: 1,
      policy: 1,
      activity: 1,
      system: 0,
    })
  })

  it('filters by category, marks one or a category read, and pages by cursor', async () => {
    const buyer = await newBuyer()
    await paidOrder(buyer)
    await paidOrder(buyer)
    const trade = (await buyer.call('GET', '/api/messages?category=trade')).json<MessagePage>()
    expect(trade.items).toHaveLength(2)
    const read = (await buyer.call('POST', `/api/messages/${trade.items[0].id}/read`)).json<Message>()
    expect(read.read).toBe(true)
    expect((await buyer.call('GET', '/api/messages/unread')).json<UnreadCounts>()).toMatchObject({
      total: 5,
      trade: 1,
    })
    const after = (await buyer.call('POST', '/api/messages/read-all?category=policy')).json<UnreadCounts>()
    expect(after).toMatchObject({ total: 3, trade: 1, policy: 0, activity: 2 })
    const first = (await buyer.call('GET', '/api/messages?limit=4')).json<MessagePage>()
    const second = (
      await buyer.call('GET', `/api/messages?limit=4&cursor=${first.nextCursor}`)
    ).json<MessagePage>()
    expect(second.nextCursor).toBeNull()
    expect([...first.items, ...second.items].map((m) => m.id)).toHaveLength(6)
    expect((await buyer.call('POST', '/api/messages/read-all')).json<UnreadCounts>().total).toBe(0)
  })

  it("shows no one another's messages", async () => {
    const buyer = await newBuyer()
    await paidOrder(buyer)
    const mine = (await buyer.call('GET', '/api/messages')).json<MessagePage>().items[0]
    const other = await newBuyer()
    expect((await other.call('GET', '/api/messages')).json<MessagePage>().items).toEqual([])
    const peek = await other.call('GET', `/api/messages/${mine.id}`)
    expect(peek.statusCode).toBe(404)
    expect(peek.json().error.message).toBe('消息不存在')
    expect((await other.call('POST', `/api/messages/${mine.id}/read`)).statusCode).toBe(404)
    expect((await test.app.inject({ method: 'GET', url: '/api/messages' })).statusCode).toBe(401)
  })
})
