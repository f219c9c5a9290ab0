import { SandboxPaymentProvider } from '../../server/modules/payments/providers/sandbox'
import type { Answer, RaceCluster } from './raceCluster'
import { placeOrder } from './raceOrders'

// N correctly signed success callbacks with distinct event ids for one payment, all at once over the cluster's
// processes (a provider's retries and parallel notification servers), while /api/health is asked again and
// again on every process. For the race test (paymentCallbackRace.test.ts) and `npm run bench:callbacks`.

export interface CallbackBurst {
  orderId: string
  paymentId: string
  answers: Answer[]
  /** The slowest callback answer, ms. */
  slowestMs: number
  /** The slowest /api/health answer during the burst, ms, and how many were asked. */
  health: { slowestMs: number; asked: number }
}

export async function callbackBurst(c: RaceCluster, cookie: string, n: number): Promise<CallbackBurst> {
  const order = await placeOrder(c, cookie)
  const pay = await c.send(0, 'POST', `/api/orders/${order.id}/pay`, { cookie, body: { channel: 'wechat' } })
  const payment = pay.body as { paymentId: string; amountFen: number }
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

  let done = false
  const health = { slowestMs: 0, asked: 0 }
  const probes = c.bases.map(async (base) => {
    while (!done) {
      const started = performance.now()
      await (await fetch(`${base}/api/health`)).arrayBuffer()
      health.slowestMs = Math.max(health.slowestMs, performance.now() - started)
      health.asked += 1
    }
  })
  let slowestMs = 0
  const answers = await c
    .race(n, async (i) => {
      const started = performance.now()
      const answer = await c.send(i, 'POST', '/api/payments/callback/sandbox', {
        headers: callbacks[i].headers,
        body: JSON.parse(callbacks[i].body),
      })
      slowestMs = Math.max(slowestMs, performance.now() - started)
      return answer
    })
    .finally(() => (done = true))
  await Promise.all(probes)
  return { orderId: order.id, paymentId: payment.paymentId, answers, slowestMs, health }
}

/** What the burst did to the order: its payments' statuses, its policies, and its owner's messages and points. */
export async function burstEffects(c: RaceCluster, burst: CallbackBurst) {
  const { user_id } = await c.db
    .selectFrom('orders')
    .select('user_id')
    .where('id', '=', burst.orderId)
    .executeTakeFirstOrThrow()
  const [payments, policies, messages, ledger, callbacks] = await Promise.all([
    c.db.selectFrom('payments').select('status').where('order_id', '=', burst.orderId).execute(),
    c.db.selectFrom('policies').select('id').where('order_id', '=', burst.orderId).execute(),
    c.db.selectFrom('messages').select('kind').where('user_id', '=', user_id).execute(),
    c.db.selectFrom('point_ledger').select(['kind', 'reference']).where('user_id', '=', user_id).execute(),
    c.db
      .selectFrom('payment_callbacks')
      .select('event_id')
      .where('payment_id', '=', burst.paymentId)
      .execute(),
  ])
  return {
    payments: payments.map((p) => p.status),
    policies: policies.map((p) => p.id),
    messages: messages.map((m) => m.kind).sort(),
    ledger,
    callbacks: callbacks.length,
  }
}

/** Answers counted by status: { "200": 20 }. */
export const statusCounts = (answers: Answer[]) =>
  answers.reduce<Record<string, number>>((t, a) => ({ ...t, [a.status]: (t[a.status] ?? 0) + 1 }), {})
