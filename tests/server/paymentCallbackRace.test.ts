import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SandboxPaymentProvider } from '../../server/modules/payments/providers/sandbox'
import { startRaceCluster, type RaceCluster } from './raceCluster'
import { placeOrder } from './raceOrders'

// A provider that notifies several times at once (its retries, or several notification servers) sends
// correctly signed success callbacks with distinct event ids for one payment. On PostgreSQL with two server
// processes (CI) they really run in parallel: every one is answered 200, and the capture, the policy, its
// messages and its points happen once.

let c: RaceCluster
let phones = 0

beforeAll(async () => {
  c = await startRaceCluster()
}, 120_000)
afterAll(async () => c?.close())

describe('parallel success callbacks of one payment', () => {
  for (const n of [2, 5, 20]) {
    it(`answers ${n} at once without a 5xx and captures once`, async () => {
      phones += 1
      const cookie = await c.login(0, `1351100${String(phones).padStart(4, '0')}`, `10.110.0.${phones}`)
      const order = await placeOrder(c, cookie)
      const payment = (
        await c.send(0, 'POST', `/api/orders/${order.id}/pay`, { cookie, body: { channel: 'wechat' } })
      ).body as { paymentId: string; amountFen: number }
      const sandbox = new SandboxPaymentProvider(c.db, () => new Date())
      const captured = await sandbox.capture(payment.paymentId, 'SUCCEEDED')
      if (!captured.ok) throw new Error(captured.reason)
      const callbacks = [
        captured.callback,
        ...Array.from({ length: n - 1 }, () =>
          sandbox.callback({
            kind: 'payment',
            subjectId: payment.paymentId,
            outcome: 'SUCCEEDED',
            amountFen: payment.amountFen,
          }),
        ),
      ]
      const answers = await c.race(n, (i) =>
        c.send(i, 'POST', '/api/payments/callback/sandbox', {
          headers: callbacks[i].headers,
          body: JSON.parse(callbacks[i].body),
        }),
      )
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: n }, () => 200))

      const payments = await c.db
        .selectFrom('payments')
        .select('status')
        .where('order_id', '=', order.id)
        .execute()
      expect(payments.map((p) => p.status)).toEqual(['SUCCEEDED'])
      const policies = await c.db
        .selectFrom('policies')
        .select('id')
        .where('order_id', '=', order.id)
        .execute()
      expect(policies).toHaveLength(1)
      const { user_id } = await c.db
        .selectFrom('orders')
        .select('user_id')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow()
      const messages = await c.db
        .selectFrom('messages')
        .select('kind')
        .where('user_id', '=', user_id)
        .execute()
      expect(messages.map((m) => m.kind).sort()).toEqual(['order_paid', 'points_credited', 'policy_issued'])
      const ledger = await c.db
        .selectFrom('point_ledger')
        .select(['kind', 'reference'])
        .where('user_id', '=', user_id)
        .execute()
      expect(ledger).toEqual([{ kind: 'policy', reference: policies[0].id }])
      const recorded = await c.db
        .selectFrom('payment_callbacks')
        .select('event_id')
        .where('payment_id', '=', payment.paymentId)
        .execute()
      expect(recorded).toHaveLength(n)
    }, 60_000)
  }
})
