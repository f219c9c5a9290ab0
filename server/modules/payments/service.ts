import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import { isPayable } from '../../../src/domain/order'
import type { Order } from '../../../src/types/generated/api/order'
import type { Payment, PaymentCreate } from '../../../src/types/generated/api/payment'
import { ApiError, notFound } from '../../platform/errors'
import { recordAnswer } from '../../platform/idempotency'
import type { PaymentEvent, PaymentProvider, ProviderEvent } from './providers/provider'
import type { CatalogService } from '../catalog/service'
import { transition, type OrderService } from '../purchase/service'
import type { DB } from '../../db/schema'
import type { TrailService } from '../trail/service'
import type { MessageService } from '../messages/service'
import type { OrdersTable } from '../purchase/tables'
import type { PolicyService } from '../policies/service'
import type { PartnerIssuing } from '../partners/issuing'
import { pendingPremiumChange, premiumAgreementPending, premiumChangedError } from '../partners/service'
import { recordEvent } from './providerEvents'
import type { EventOutcome, RefundService } from './refunds'
import type { AnalyticsRecorder, PaidOrder } from '../analytics/recorder'
import { toPayment } from './view'

/** The user's openid under an APPID (the WeChat account bound to them), or null: the wechat module's openIdOf. */
export type OpenIdOf = (userId: string, appid: string) => Promise<string | null>

/** Where a payment is started from: the site's public address and the payer's IP (request.ip). */
export interface PayContext {
  baseUrl: string
  payerClientIp: string
}

/** A QR code / pay page is valid this long; the page then asks for a new one. */
export const PAYMENT_TTL_MS = 5 * 60 * 1000
/** A callback signed longer ago than this is refused (a replay); the provider's retries are signed anew. */
export const CALLBACK_MAX_AGE_MS = 15 * 60 * 1000
/** Clock skew tolerated for a callback signed "in the future". */
export const CALLBACK_MAX_SKEW_MS = 5 * 60 * 1000

/** Marks the order's pending payments EXPIRED (their codes are superseded or the order is over); their ids. */
async function expirePending(db: Kysely<DB> | Transaction<DB>, orderId: string): Promise<string[]> {
  const rows = await db
    .updateTable('payments')
    .set({ status: 'EXPIRED' })
    .where('order_id', '=', orderId)
    .where('status', '=', 'PENDING')
    .returning('id')
    .execute()
  return rows.map((p) => p.id)
}

/** The order row, locked for the rest of the transaction: every change of an order's money goes through it. */
async function lockOrder(trx: Transaction<DB>, orderId: string): Promise<Selectable<OrdersTable>> {
  return trx.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirstOrThrow()
}

export class PaymentService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    readonly provider: PaymentProvider,
    private readonly orders: OrderService,
    private readonly policies: PolicyService,
    private readonly catalog: CatalogService,
    private readonly refunds: RefundService,
    private readonly messages: MessageService,
    private readonly log: FastifyBaseLogger,
    private readonly partners: Pick<PartnerIssuing, 'startIssuing' | 'issueSoon' | 'refuseCapture'>,
    private readonly trails: TrailService,
    private readonly analytics: Pick<AnalyticsRecorder, 'orderPaid'>,
    /** The payer's openid for JSAPI (wechat_bindings, through the wechat module). */
    private readonly openIdOf: OpenIdOf,
  ) {}

  /**
   * Starts a payment of the caller's own payable order in the chosen scene (default native); an earlier pending
   * code of the order is closed.
   */
  async start(userId: string, orderId: string, choice: PaymentCreate, context: PayContext): Promise<Payment> {
    const { channel, scene = 'native' } = choice
    const order = await this.orders.row(userId, orderId)
    assertPayable(order)
    await this.assertPremiumAgreed(order.id)
    if (!this.provider.channels.includes(channel))
      throw new ApiError(400, 'CHANNEL_UNAVAILABLE', '暂不支持该支付方式，请选择其他方式', [
        { field: 'channel', message: '暂不支持该支付方式' },
      ])
    if (!this.provider.scenes.includes(scene))
      throw new ApiError(400, 'SCENE_UNAVAILABLE', '当前环境暂不支持该支付方式，请选择其他方式', [
        { field: 'scene', message: '暂不支持该支付场景' },
      ])
    const openidAppid = this.provider.openidAppid(scene)
    const openid = openidAppid ? await this.openIdOf(userId, openidAppid) : null
    if (openidAppid && !openid)
      throw new ApiError(409, 'WECHAT_NOT_BOUND', '请先在微信中授权登录，再使用微信支付')
    const now = this.now()
    const paymentId = `pay_${randomBytes(12).toString('hex')}`
    const expiresAt = new Date(Math.min(now.getTime() + PAYMENT_TTL_MS, order.expires_at.getTime()))
    const created = await this.provider.createPayment({
      paymentId,
      orderId: order.id,
      amountFen: order.premium_fen,
      description: `${order.product_name}-${order.plan_name}`.slice(0, 127),
      channel,
      expiresAt,
      baseUrl: context.baseUrl,
      scene,
      payerClientIp: context.payerClientIp,
      openid,
    })
    const { superseded, answer } = await this.db
      .transaction()
      .execute(async (trx) => {
        // Re-checked under the order's lock: a capture that landed meanwhile wins, and no payment starts.
        assertPayable(await lockOrder(trx, order.id))
        const old = await expirePending(trx, order.id)
        // A premium the partner re-priced is paid only once agreed: checked in the statement that creates it.
        const inserted = await trx
          .insertInto('payments')
          .columns([
            'id',
            'order_id',
            'provider',
            'channel',
            'amount_fen',
            'status',
            'qr_content',
            'pay_url',
            'scene',
            'invoke',
            'created_at',
            'expires_at',
          ])
          .expression(
            trx
              .selectFrom('orders as o')
              .select([
                sql<string>`${paymentId}`.as('id'),
                'o.id as order_id',
                sql<string>`${this.provider.name}`.as('provider'),
                sql<string>`${channel}`.as('channel'),
                'o.premium_fen as amount_fen',
                sql<string>`'PENDING'`.as('status'),
                sql<string | null>`${created.qrContent}`.as('qr_content'),
                sql<string | null>`${created.payUrl}`.as('pay_url'),
                sql<string>`${scene}`.as('scene'),
                sql<string | null>`${created.invoke && JSON.stringify(created.invoke)}::jsonb`.as('invoke'),
                sql<Date>`${now}::timestamptz`.as('created_at'),
                sql<Date>`${expiresAt}::timestamptz`.as('expires_at'),
              ])
              .where('o.id', '=', order.id)
              .where((eb) => eb.not(premiumAgreementPending(eb.ref('o.id')))),
          )
          .returning('id')
          .executeTakeFirst()
        if (!inserted) await this.assertPremiumAgreed(order.id, trx)
        const row = await trx
          .selectFrom('payments')
          .selectAll()
          .where('id', '=', paymentId)
          .executeTakeFirstOrThrow()
        return { superseded: old, answer: await recordAnswer(trx, toPayment(row, now.getTime())) }
      })
      .catch(async (error: unknown) => {
        await this.closeAtProvider([paymentId])
        throw error
      })
    // A superseded code must not stay payable; if it was paid meanwhile, its capture is refunded.
    await this.closeAtProvider(superseded)
    return answer
  }

  /** 409 PREMIUM_CHANGED while the order's re-priced premium is not agreed (see partners/service.ts). */
  private async assertPremiumAgreed(orderId: string, db: Kysely<DB> = this.db): Promise<void> {
    const change = await pendingPremiumChange(db, orderId)
    if (change) throw premiumChangedError(change)
  }

  /** Best effort: a payment the provider could not close is caught by its callback or by reconciliation. */
  async closeAtProvider(paymentIds: string[]): Promise<void> {
    for (const id of paymentIds) {
      await this.provider.closePayment(id).catch((error: unknown) => {
        this.log.warn({ err: error, paymentId: id }, 'closing a payment at the provider failed')
      })
    }
  }

  /** Closes the pending payments of an order that was just cancelled or closed. */
  async closePendingOf(orderId: string): Promise<void> {
    await this.closeAtProvider(await expirePending(this.db, orderId))
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

  /** Applies a verified provider event: fresh (by its signed time), once (by its event id). */
  async applyEvent(event: ProviderEvent): Promise<EventOutcome> {
    const age = this.now().getTime() - event.signedAt.getTime()
    if (!(age <= CALLBACK_MAX_AGE_MS && age >= -CALLBACK_MAX_SKEW_MS))
      throw new ApiError(400, 'CALLBACK_STALE', '支付通知已过期或时间不正确', [
        { field: 'signedAt', message: '通知的签名时间不在允许范围内' },
      ])
    if (event.kind === 'refund') return this.refunds.applyEvent(event)
    return this.applyPaymentEvent(event)
  }

  /**
   * A capture is kept only by a payable order, and only once per order (under the order's lock). A capture
   * that the order cannot keep (closed, cancelled, or paid by another payment) is recorded as a refund and
   * returned to the payer. A failure never undoes a success, whatever order the events arrive in.
   */
  async applyPaymentEvent(event: PaymentEvent): Promise<EventOutcome> {
    const payment = await this.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', event.paymentId)
      .executeTakeFirst()
    if (!payment) throw new ApiError(404, 'NOT_FOUND', '支付单不存在')
    if (event.amountFen !== payment.amount_fen) {
      this.log.error(
        { paymentId: payment.id, amountFen: event.amountFen },
        'callback amount differs from the payment',
      )
      throw new ApiError(400, 'AMOUNT_MISMATCH', '支付金额与订单不符', [
        { field: 'amountFen', message: '支付金额与订单不符' },
      ])
    }
    const { product_id } = await this.db
      .selectFrom('orders')
      .select('product_id')
      .where('id', '=', payment.order_id)
      .executeTakeFirstOrThrow()
    // Read before the transaction: on PGlite no other query may run beside it.
    const product = await this.catalog.product(product_id)
    let refundId: string | null = null
    let partnerIssue: string | null = null
    let paid: PaidOrder | null = null
    const result = await this.db.transaction().execute(async (trx): Promise<EventOutcome> => {
      // Lock order: the order, then the payment, then the event's row. The event's row refers to the payment
      // (its foreign key takes a share lock on it), so recording it first let parallel callbacks each hold
      // that share lock while waiting for the order, and the FOR UPDATE below then deadlocked them.
      const order = await lockOrder(trx, payment.order_id)
      const current = await trx
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', payment.id)
        .forUpdate()
        .executeTakeFirstOrThrow()
      if (!(await recordEvent(trx, event, payment.id, this.now()))) return { outcome: 'duplicate' }
      const now = this.now()

      if (event.outcome === 'FAILED') {
        if (current.status !== 'PENDING' && current.status !== 'EXPIRED') return { outcome: 'ignored' }
        await trx
          .updateTable('payments')
          .set({ status: 'FAILED', completed_at: now })
          .where('id', '=', current.id)
          .execute()
        // Only the order's live payment decides its status; a superseded code failing changes nothing.
        if (current.status !== 'PENDING') return { outcome: 'applied' }
        await transition(trx, order.id, 'PAY_FAILED')
        return { outcome: 'applied' }
      }

      if (current.status === 'SUCCEEDED' || current.status === 'REFUNDED') return { outcome: 'duplicate' }
      if (!isPayable(order.status)) {
        refundId = await this.refunds.record(
          trx,
          current,
          order.status === 'CLOSED' ? 'ORDER_CLOSED' : 'ALREADY_PAID',
        )
        this.log.warn(
          { paymentId: current.id, orderStatus: order.status },
          'capture refunded: order cannot keep it',
        )
        return { outcome: 'applied' }
      }
      await trx
        .updateTable('payments')
        .set({ status: 'SUCCEEDED', completed_at: now })
        .where('id', '=', current.id)
        .execute()
      await transition(trx, order.id, 'PAY_SUCCEEDED', { paid_at: now })
      await this.trails.step(
        trx,
        { orderId: order.id },
        [
          {
            kind: 'payment',
            data: { paymentNo: current.id, payChannel: current.channel, premiumFen: current.amount_fen },
          },
        ],
        { stage: 'paid' },
      )
      await this.messages.notify(trx, order.user_id, {
        kind: 'order_paid',
        orderId: order.id,
        productName: order.product_name,
        amountFen: current.amount_fen,
      })
      // A partner's product is issued by the partner (after the commit), never here.
      if (!order.source.startsWith('partner:'))
        await this.policies.issueForOrder(trx, { ...order, status: 'PAID', paid_at: now }, product)
      else if (await this.partners.startIssuing(trx, order.id)) partnerIssue = order.id
      else refundId = await this.partners.refuseCapture(trx, { ...order, status: 'PAID' }, current)
      if (!refundId)
        paid = { orderId: order.id, amountFen: current.amount_fen, productId: order.product_id, paidAt: now }
      return { outcome: 'applied' }
    })
    if (refundId) await this.refunds.submit(refundId)
    if (partnerIssue) this.partners.issueSoon(partnerIssue)
    // The analytics 'paid' step, after the commit (best effort: it never fails the payment).
    if (paid) await this.analytics.orderPaid(paid)
    this.policies.textIssued()
    return result
  }

  /** /skiPay: a zero-premium (gift) order is issued without a payment; the order as issued. */
  async completeFree(userId: string, orderId: string): Promise<Order> {
    const order = await this.orders.row(userId, orderId)
    if (order.status === 'CLOSED') throw new ApiError(409, 'ORDER_CLOSED', '订单已关闭，请重新领取')
    if (order.premium_fen !== 0) throw new ApiError(409, 'PAYMENT_REQUIRED', '该订单需要支付保费')
    if (order.source.startsWith('partner:'))
      throw new ApiError(409, 'PARTNER_PRODUCT', '该产品由合作保险公司出单，请在该产品页投保')
    if (!isPayable(order.status)) throw new ApiError(409, 'ORDER_NOT_PAYABLE', '该订单已处理')
    const product = await this.catalog.product(order.product_id)
    const issued = await this.db.transaction().execute(async (trx) => {
      if (!(await transition(trx, order.id, 'PAY_SUCCEEDED', { paid_at: this.now() })))
        throw new ApiError(409, 'ORDER_NOT_PAYABLE', '该订单已处理')
      await this.policies.issueForOrder(trx, await lockOrder(trx, order.id), product)
      return recordAnswer(trx, await this.orders.view(trx, order.id))
    })
    this.policies.textIssued()
    return issued
  }
}

function assertPayable(order: Pick<Selectable<OrdersTable>, 'status' | 'premium_fen'>): void {
  if (order.status === 'CLOSED')
    throw new ApiError(409, 'ORDER_CLOSED', '订单已关闭（超过30分钟未支付或已取消），请重新投保')
  if (!isPayable(order.status)) throw new ApiError(409, 'ORDER_NOT_PAYABLE', '该订单无需支付')
  if (order.premium_fen === 0)
    throw new ApiError(409, 'FREE_ORDER', '该订单保费为0元，无需支付，请直接确认领取')
}
