import type { Kysely, Selectable } from 'kysely'
import { isPayable } from '../../src/domain/order'
import type { Payment } from '../../src/types/generated/api/payment'
import { ApiError, notFound } from '../errors'
import type { PayChannel, PaymentNotification, PaymentProvider } from '../payments/provider'
import { toIso } from '../time'
import type { CatalogService } from './catalog'
import { transition, type OrderService } from './orders'
import type { PaymentsTable, PurchaseDB } from './ordersTables'
import type { PolicyService } from './policies'

/** A QR code / pay page is valid this long; the page then asks for a new one. */
export const PAYMENT_TTL_MS = 5 * 60 * 1000

function toPayment(row: Selectable<PaymentsTable>, nowMs: number): Payment {
  const expired = row.status === 'PENDING' && row.expires_at.getTime() <= nowMs
  return {
    paymentId: row.id,
    orderId: row.order_id,
    channel: row.channel,
    amountFen: row.amount_fen,
    status: expired ? 'EXPIRED' : row.status,
    qrContent: row.qr_content,
    payUrl: row.pay_url,
    expiresAt: toIso(row.expires_at),
    createdAt: toIso(row.created_at),
  }
}

export type CallbackResult = { outcome: 'applied' | 'duplicate' | 'ignored' }

export class PaymentService {
  constructor(
    private readonly db: Kysely<PurchaseDB>,
    private readonly now: () => Date,
    readonly provider: PaymentProvider,
    private readonly orders: OrderService,
    private readonly policies: PolicyService,
    private readonly catalog: CatalogService,
  ) {}

  /** Starts a payment of the caller's own payable order; an earlier pending code of the order expires. */
  async start(userId: string, orderId: string, channel: PayChannel, baseUrl: string): Promise<Payment> {
    const order = await this.orders.row(userId, orderId)
    if (order.status === 'CLOSED')
      throw new ApiError(409, 'ORDER_CLOSED', '订单已关闭（超过30分钟未支付或已取消），请重新投保')
    if (!isPayable(order.status)) throw new ApiError(409, 'ORDER_NOT_PAYABLE', '该订单无需支付')
    if (order.premium_fen === 0)
      throw new ApiError(409, 'FREE_ORDER', '该订单保费为0元，无需支付，请直接确认领取')
    const now = this.now()
    const expiresAt = new Date(Math.min(now.getTime() + PAYMENT_TTL_MS, order.expires_at.getTime()))
    const created = await this.provider.createPayment({
      orderId: order.id,
      amountFen: order.premium_fen,
      description: `${order.product_name}-${order.plan_name}`,
      channel,
      expiresAt,
      baseUrl,
    })
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('payments')
        .set({ status: 'EXPIRED' })
        .where('order_id', '=', order.id)
        .where('status', '=', 'PENDING')
        .execute()
      await trx
        .insertInto('payments')
        .values({
          id: created.paymentId,
          order_id: order.id,
          provider: this.provider.name,
          channel,
          amount_fen: order.premium_fen,
          status: 'PENDING',
          qr_content: created.qrContent,
          pay_url: created.payUrl,
          created_at: now,
          expires_at: created.expiresAt,
        })
        .execute()
    })
    return this.get(userId, created.paymentId)
  }

  async get(userId: string, paymentId: string): Promise<Payment> {
    const row = await this.db
      .selectFrom('payments as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .selectAll('p')
      .where('p.id', '=', paymentId)
      .where('o.user_id', '=', userId)
      .executeTakeFirst()
    if (!row) throw notFound('支付单')
    return toPayment(row, this.now().getTime())
  }

  /** The sandbox pay page reads the payment by its unguessable id, without login (it may be another phone). */
  async getForSandbox(paymentId: string): Promise<Payment> {
    const row = await this.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId)
      .executeTakeFirst()
    if (!row) throw notFound('支付单')
    return toPayment(row, this.now().getTime())
  }

  /**
   * Applies a verified provider notification exactly once: the event id is recorded first, and every
   * status change is guarded, so a replay (or a second event for the same payment) issues no second policy.
   */
  async applyNotification(notification: PaymentNotification): Promise<CallbackResult> {
    const payment = await this.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', notification.paymentId)
      .executeTakeFirst()
    if (!payment) throw new ApiError(404, 'NOT_FOUND', '支付单不存在')
    if (notification.amountFen !== payment.amount_fen)
      throw new ApiError(400, 'AMOUNT_MISMATCH', '支付金额与订单不符', [
        { field: 'amountFen', message: '支付金额与订单不符' },
      ])
    const { product_id } = await this.db
      .selectFrom('orders')
      .select('product_id')
      .where('id', '=', payment.order_id)
      .executeTakeFirstOrThrow()
    const product = await this.catalog.product(product_id)
    return this.db.transaction().execute(async (trx) => {
      const fresh = await trx
        .insertInto('payment_callbacks')
        .values({
          event_id: notification.eventId,
          payment_id: payment.id,
          outcome: notification.outcome,
          payload: JSON.stringify(notification),
          received_at: this.now(),
        })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .returning('event_id')
        .executeTakeFirst()
      if (!fresh) return { outcome: 'duplicate' }

      const now = this.now()
      if (notification.outcome === 'FAILED') {
        await trx
          .updateTable('payments')
          .set({ status: 'FAILED', completed_at: now })
          .where('id', '=', payment.id)
          .where('status', 'in', ['PENDING', 'EXPIRED'])
          .execute()
        const failed = await transition(trx, payment.order_id, 'PAY_FAILED')
        return { outcome: failed ? 'applied' : 'ignored' }
      }
      // Money was taken even if the QR code had just expired: a success counts while the order is payable.
      const paid = await trx
        .updateTable('payments')
        .set({ status: 'SUCCEEDED', completed_at: now })
        .where('id', '=', payment.id)
        .where('status', '!=', 'SUCCEEDED')
        .executeTakeFirst()
      if (Number(paid.numUpdatedRows) !== 1) return { outcome: 'duplicate' }
      if (!(await transition(trx, payment.order_id, 'PAY_SUCCEEDED', { paid_at: now })))
        return { outcome: 'ignored' }
      const order = await trx
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', payment.order_id)
        .executeTakeFirstOrThrow()
      await this.policies.issueForOrder(trx, order, product)
      return { outcome: 'applied' }
    })
  }

  /** /skiPay: a zero-premium (gift) order is issued without a payment. */
  async completeFree(userId: string, orderId: string): Promise<void> {
    const order = await this.orders.row(userId, orderId)
    if (order.status === 'CLOSED') throw new ApiError(409, 'ORDER_CLOSED', '订单已关闭，请重新领取')
    if (order.premium_fen !== 0) throw new ApiError(409, 'PAYMENT_REQUIRED', '该订单需要支付保费')
    if (!isPayable(order.status)) throw new ApiError(409, 'ORDER_NOT_PAYABLE', '该订单已处理')
    const product = await this.catalog.product(order.product_id)
    await this.db.transaction().execute(async (trx) => {
      if (!(await transition(trx, order.id, 'PAY_SUCCEEDED', { paid_at: this.now() })))
        throw new ApiError(409, 'ORDER_NOT_PAYABLE', '该订单已处理')
      const fresh = await trx
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow()
      await this.policies.issueForOrder(trx, fresh, product)
    })
  }
}
