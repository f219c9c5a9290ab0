import { randomBytes } from 'node:crypto'
import {
  badNotifyUrl,
  chars,
  checkOrder,
  error,
  isFen,
  obj,
  paramError,
  type MerchantAccounts,
  type Reply,
  type StandInScene,
} from './standInOrders'

export type { Reply, StandInScene } from './standInOrders'

// The stand-in's books: orders and refunds in memory, with the request checks and answers WeChat Pay
// documents for ordering in each scene (standInOrders.ts), query, close and domestic refunds. No HTTP here
// (see standIn.ts).

export type TradeState = 'NOTPAY' | 'SUCCESS' | 'REFUND' | 'CLOSED'
export type RefundStatus = 'PROCESSING' | 'SUCCESS' | 'CLOSED' | 'ABNORMAL'

export interface StandInOrder {
  outTradeNo: string
  scene: StandInScene
  appid: string
  description: string
  total: number
  notifyUrl: string
  timeExpire: string | null
  /** Native: what the QR code encodes. */
  codeUrl: string | null
  /** H5: the cashier page, valid 5 minutes. */
  h5Url: string | null
  /** JSAPI and APP: what the payer's side invokes pay with. */
  prepayId: string | null
  /** JSAPI: the payer the order was placed for. */
  openid: string | null
  /** scene_info.payer_client_ip (H5: the cashier page is paid from this address only). */
  payerClientIp: string | null
  /** When it was placed (ms). */
  createdAt: number
  /** The openid that paid (the order's for JSAPI, the stand-in's payer otherwise). */
  paidBy: string | null
  tradeState: TradeState
  transactionId: string | null
  successTime: string | null
  refunded: number
  /** The fields a retry must repeat to get the same order back. */
  signature: string
}

export interface StandInRefund {
  outRefundNo: string
  refundId: string
  outTradeNo: string
  refund: number
  total: number
  reason: string | null
  notifyUrl: string | null
  status: RefundStatus
  createTime: string
  successTime: string | null
  signature: string
}

const OUT_REFUND_NO = /^[0-9A-Za-z_\-|*@]{1,64}$/
const STATE_DESC: Record<TradeState, string> = {
  NOTPAY: '未支付',
  SUCCESS: '支付成功',
  REFUND: '转入退款',
  CLOSED: '已关闭',
}

const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('')
const TRADE_TYPES: Record<StandInScene, string> = { native: 'NATIVE', h5: 'MWEB', jsapi: 'JSAPI', app: 'APP' }
/** The WeChat user who pays an order placed without an openid (Native, H5, APP). */
export const STAND_IN_PAYER = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o'

export interface LedgerOptions extends MerchantAccounts {
  now: () => Date
  /** The cashier page's address (the stand-in's base URL + path), known once it listens. */
  cashierUrl: () => string
}

export function beijing(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19) + '+08:00'
}

export class StandInLedger {
  readonly orders = new Map<string, StandInOrder>()
  readonly refunds = new Map<string, StandInRefund>()

  /**
   * When set, JSAPI orders are taken only for these openids (the users of the official account); null takes
   * any well-formed openid.
   */
  knownOpenids: Set<string> | null = null
  private readonly mchid: string
  private readonly now: () => Date

  constructor(private readonly options: LedgerOptions) {
    this.mchid = options.mchid
    this.now = options.now
  }

  /** 下单 in a scene: a new order, or on a retry with the same fields the same one again. */
  placeOrder(scene: StandInScene, input: unknown): Reply {
    const checked = checkOrder(scene, input, this.options)
    if (!checked.ok) return checked.reply
    const f = checked.fields
    if (f.openid !== null && this.knownOpenids && !this.knownOpenids.has(f.openid))
      return paramError('appid和openid不匹配')
    const outTradeNo = (input as { out_trade_no: string }).out_trade_no
    const signature = JSON.stringify([
      scene,
      f.appid,
      f.description,
      f.total,
      f.notifyUrl,
      f.timeExpire,
      f.openid,
      f.payerClientIp,
      f.h5Type,
    ])
    const existing = this.orders.get(outTradeNo)
    if (existing) {
      if (existing.tradeState === 'SUCCESS' || existing.tradeState === 'REFUND') {
        return error(400, 'ORDERPAID', '该订单已支付')
      }
      if (existing.tradeState === 'CLOSED') return error(400, 'ORDER_CLOSED', '订单已关闭')
      if (existing.signature !== signature) return error(400, 'OUT_TRADE_NO_USED', '商户订单号重复')
      return { status: 200, body: this.answer(existing) }
    }
    const prepayId =
      scene === 'native'
        ? null
        : `wx${beijing(this.now()).replace(/\D/g, '').slice(0, 14)}${randomBytes(10).toString('hex')}`
    const order: StandInOrder = {
      outTradeNo,
      scene,
      appid: f.appid,
      description: f.description,
      total: f.total,
      notifyUrl: f.notifyUrl,
      timeExpire: f.timeExpire,
      codeUrl:
        scene === 'native' ? `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('base64url')}` : null,
      h5Url:
        scene === 'h5' ? `${this.options.cashierUrl()}?prepay_id=${prepayId}&package=${digits(10)}` : null,
      prepayId,
      openid: f.openid,
      payerClientIp: f.payerClientIp,
      createdAt: this.now().getTime(),
      paidBy: null,
      tradeState: 'NOTPAY',
      transactionId: null,
      successTime: null,
      refunded: 0,
      signature,
    }
    this.orders.set(order.outTradeNo, order)
    return { status: 200, body: this.answer(order) }
  }

  /** The order by its prepay_id (H5, JSAPI, APP). */
  byPrepayId(prepayId: string): StandInOrder | undefined {
    return [...this.orders.values()].find((o) => o.prepayId === prepayId)
  }

  /** Native answers code_url, H5 h5_url, JSAPI and APP prepay_id. */
  private answer(order: StandInOrder): object {
    if (order.scene === 'native') return { code_url: order.codeUrl }
    if (order.scene === 'h5') return { h5_url: order.h5Url }
    return { prepay_id: order.prepayId }
  }

  nativeOrder(input: unknown): Reply {
    return this.placeOrder('native', input)
  }

  queryOrder(outTradeNo: string, query: URLSearchParams): Reply {
    if (query.get('mchid') !== this.mchid) return paramError('mchid 缺失或不一致')
    const order = this.orders.get(outTradeNo)
    return order
      ? { status: 200, body: this.transaction(order) }
      : error(404, 'ORDER_NOT_EXIST', '订单不存在')
  }

  closeOrder(outTradeNo: string, input: unknown): Reply {
    if (obj(input)?.mchid !== this.mchid) return paramError('mchid 缺失或不一致')
    const order = this.orders.get(outTradeNo)
    if (!order) return error(404, 'ORDER_NOT_EXIST', '订单不存在')
    if (order.tradeState === 'SUCCESS' || order.tradeState === 'REFUND')
      return error(400, 'ORDERPAID', '订单已支付')
    order.tradeState = 'CLOSED'
    return { status: 204 }
  }

  createRefund(input: unknown): Reply {
    const b = obj(input)
    const amount = obj(b?.amount)
    if (!b || !amount) return paramError('缺少参数 amount')
    if (typeof b.out_trade_no !== 'string') return paramError('缺少参数 out_trade_no')
    if (typeof b.out_refund_no !== 'string' || !OUT_REFUND_NO.test(b.out_refund_no)) {
      return paramError('out_refund_no 格式错误')
    }
    if (b.reason !== undefined && (chars(b.reason) < 0 || chars(b.reason) > 80))
      return paramError('reason 过长')
    if (b.notify_url !== undefined && badNotifyUrl(b.notify_url)) return paramError('notify_url 格式错误')
    if (!isFen(amount.refund) || !isFen(amount.total) || amount.currency !== 'CNY') {
      return paramError('amount.refund/total 应为正整数（分），currency 为CNY')
    }
    const order = this.orders.get(b.out_trade_no)
    if (!order) return error(404, 'RESOURCE_NOT_EXISTS', '订单不存在')
    const signature = JSON.stringify([b.out_trade_no, amount.refund, amount.total])
    const existing = this.refunds.get(b.out_refund_no)
    if (existing) {
      if (existing.signature !== signature) return error(400, 'INVALID_REQUEST', '退款单号重复，参数不一致')
      return { status: 200, body: this.refundBody(existing) }
    }
    if (order.tradeState !== 'SUCCESS' && order.tradeState !== 'REFUND') {
      return error(400, 'INVALID_REQUEST', '订单未支付，不能退款')
    }
    if (amount.total !== order.total) return paramError('订单金额与原订单不一致')
    if (order.refunded + amount.refund > order.total)
      return error(400, 'INVALID_REQUEST', '退款金额超过可退金额')
    const refund: StandInRefund = {
      outRefundNo: b.out_refund_no,
      refundId: `50${digits(30)}`,
      outTradeNo: order.outTradeNo,
      refund: amount.refund,
      total: amount.total,
      reason: (b.reason as string | undefined) ?? null,
      notifyUrl: (b.notify_url as string | undefined) ?? null,
      status: 'PROCESSING',
      createTime: beijing(this.now()),
      successTime: null,
      signature,
    }
    order.refunded += refund.refund
    order.tradeState = 'REFUND'
    this.refunds.set(refund.outRefundNo, refund)
    return { status: 200, body: this.refundBody(refund) }
  }

  queryRefund(outRefundNo: string): Reply {
    const refund = this.refunds.get(outRefundNo)
    return refund
      ? { status: 200, body: this.refundBody(refund) }
      : error(404, 'RESOURCE_NOT_EXISTS', '退款单不存在')
  }

  pay(outTradeNo: string): StandInOrder {
    const order = this.orders.get(outTradeNo)
    if (!order) throw new Error(`stand-in: no order ${outTradeNo}`)
    if (order.tradeState !== 'NOTPAY') throw new Error(`stand-in: order ${outTradeNo} is ${order.tradeState}`)
    if (order.timeExpire && new Date(order.timeExpire).getTime() < this.now().getTime()) {
      throw new Error(`stand-in: order ${outTradeNo} expired at ${order.timeExpire}`)
    }
    order.tradeState = 'SUCCESS'
    order.paidBy = order.openid ?? STAND_IN_PAYER
    order.transactionId = `4200${digits(24)}`
    order.successTime = beijing(this.now())
    return order
  }

  settle(outRefundNo: string, outcome: Exclude<RefundStatus, 'PROCESSING'>): StandInRefund {
    const refund = this.refunds.get(outRefundNo)
    if (!refund) throw new Error(`stand-in: no refund ${outRefundNo}`)
    if (refund.status !== 'PROCESSING') throw new Error(`stand-in: refund ${outRefundNo} is ${refund.status}`)
    refund.status = outcome
    if (outcome === 'SUCCESS') refund.successTime = beijing(this.now())
    const order = this.orders.get(refund.outTradeNo)
    // A failed refund gives the money back to the order's refundable amount.
    if (outcome !== 'SUCCESS' && order) order.refunded -= refund.refund
    return refund
  }

  /** The transaction object of the query answer and of the TRANSACTION.SUCCESS resource. */
  transaction(order: StandInOrder): object {
    const paid = order.transactionId !== null
    return {
      appid: order.appid,
      mchid: this.mchid,
      out_trade_no: order.outTradeNo,
      ...(paid && {
        transaction_id: order.transactionId,
        bank_type: 'OTHERS',
        success_time: order.successTime,
      }),
      ...(paid && { payer: { openid: order.paidBy } }),
      trade_type: TRADE_TYPES[order.scene],
      trade_state: order.tradeState,
      trade_state_desc: STATE_DESC[order.tradeState],
      attach: '',
      amount: {
        total: order.total,
        ...(paid && { payer_total: order.total }),
        currency: 'CNY',
        payer_currency: 'CNY',
      },
    }
  }

  /** The refund answer; the REFUND.* resource is refundResource. */
  refundBody(refund: StandInRefund): object {
    return {
      refund_id: refund.refundId,
      out_refund_no: refund.outRefundNo,
      transaction_id: this.orders.get(refund.outTradeNo)?.transactionId,
      out_trade_no: refund.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      ...(refund.successTime && { success_time: refund.successTime }),
      create_time: refund.createTime,
      status: refund.status,
      funds_account: 'AVAILABLE',
      amount: {
        total: refund.total,
        refund: refund.refund,
        payer_total: refund.total,
        payer_refund: refund.refund,
        settlement_refund: refund.refund,
        settlement_total: refund.total,
        discount_refund: 0,
        currency: 'CNY',
      },
    }
  }

  refundResource(refund: StandInRefund): object {
    return {
      mchid: this.mchid,
      out_trade_no: refund.outTradeNo,
      transaction_id: this.orders.get(refund.outTradeNo)?.transactionId,
      out_refund_no: refund.outRefundNo,
      refund_id: refund.refundId,
      refund_status: refund.status,
      ...(refund.successTime && { success_time: refund.successTime }),
      user_received_account: '支付用户零钱',
      amount: {
        total: refund.total,
        refund: refund.refund,
        payer_total: refund.total,
        payer_refund: refund.refund,
      },
    }
  }
}
