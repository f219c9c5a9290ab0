import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, loginAs, testClock, type TestApp } from './helpers'
import { Buyer } from './ordersFlow'

// The background sweep closes unpaid orders even when nobody reads them again.
let test: TestApp
const clock = testClock()

beforeAll(async () => {
  test = await createTestApp({ now: clock.now, orderSweepMs: 20 })
})
afterAll(async () => test.close())

async function storedStatus(orderId: string): Promise<string> {
  const db = test.db.db
  const row = await db
    .selectFrom('orders')
    .select('status')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()
  return row.status
}

describe('order sweep', () => {
  it('closes an unpaid order in the table once its 30 minutes are over', async () => {
    const buyer = new Buyer(test.app, await loginAs(test.app, '13900000001'))
    const order = await buyer.order()
    await new Promise((r) => setTimeout(r, 100))
    expect(await storedStatus(order.id)).toBe('PENDING_PAYMENT')
    clock.advance(30 * 60_000 + 1000)
    await expect.poll(() => storedStatus(order.id), { timeout: 5000 }).toBe('CLOSED')
  })
})
