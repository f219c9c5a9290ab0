import { randomBytes } from 'node:crypto'

// The stand-in's books: orders and refunds in memory, with the request checks and answers WeChat Pay
// documents for Native ordering, query, close and domestic refunds. No HTTP here (see standIn.ts).

export interface Reply {
  status: number
  /** JSON body; absent for 204. */
  body?: object
}

export type TradeState = 'NOTPAY' | 'SUCCESS' | 'REFUND' | 'CLOSED'
export type RefundStatus = 'PROCESSING' | 'SUCCESS' | 'CLOSED' | 'ABNORMAL'

export interface StandInOrder {
  outTradeNo: string
  description: string
  total: number
  notifyUrl: string
  timeExpire: string | null
  codeUrl: string
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

const OUT_TRADE_NO = /^[0-9A-Za-z_\-|*]{6,32}$/
const OUT_REFUND_NO = /^[0-9A-Za-z_\-|*@]{1,64}$/
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/
const STATE_DESC: Record<TradeState, string> = {
  NOTPAY: '未支付',
  SUCCESS: '支付成功',
  REFUND: '转入退款',
  CLOSED: '已关闭',
}

const error = (status: number, code: string, message: string): Reply => ({ status, body: { code, message } })
const paramError = (message: string) => error(400, 'PARAM_ERROR', message)
const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('')

function obj(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null
}
const isFen = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1
const chars = (v: unknown) => (typeof v === 'string' ? [...v].length : -1)

/** WeChat wants an absolute http(s) URL without a query. */
function badNotifyUrl(value: unknown): boolean {
  if (typeof value !== 'string') return true
  try {
    const url = new URL(value)
    return !['http:', 'https:'].includes(url.protocol) || url.search !== '' || chars(value) > 255
  } catch {
    return true
  }
}

export function beijing(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19) + '+08:00'
}

export class StandInLedger {
  readonly orders = new Map<string, StandInOrder>()
  readonly refunds = new Map<string, StandInRefund>()

  constructor(
    private readonly mchid: string,
    private readonly appid: string,
    private readonly now: () => Date,
  ) {}

  nativeOrder(input: unknown): Reply {
    const b = obj(input)
    if (!b) return paramError('请求体不是JSON对象')
    const amount = obj(b.amount)
    if (typeof b.appid !== 'string' || typeof b.mchid !== 'string') return paramError('缺少参数 appid/mchid')
    if (chars(b.description) < 1 || chars(b.description) > 127) return paramError('description 长度应为1-127')
    if (typeof b.out_trade_no !== 'string' || !OUT_TRADE_NO.test(b.out_trade_no)) {
      return paramError('out_trade_no 格式错误')
    }
    if (b.time_expire !== undefined && (typeof b.time_expire !== 'string' || !RFC3339.test(b.time_expire))) {
      return paramError('time_expire 不是 rfc3339 格式')
    }
    if (badNotifyUrl(b.notify_url)) return paramError('notify_url 格式错误')
    if (!amount || !isFen(amount.total)) return paramError('amount.total 应为正整数（分）')
    if (amount.currency !== undefined && amount.currency !== 'CNY')
      return paramError('amount.currency 仅支持CNY')
    if (b.mchid !== this.mchid) return paramError('mchid 与请求商户号不一致')
    if (b.appid !== this.appid) return error(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配')

    const signature = JSON.stringify([
      b.appid,
      b.description,
      amount.total,
      b.notify_url,
      b.time_expire ?? null,
    ])
    const existing = this.orders.get(b.out_trade_no)
    if (existing) {
      if (existing.tradeState === 'SUCCESS' || existing.tradeState === 'REFUND') {
        return error(400, 'ORDERPAID', '该订单已支付')
      }
      if (existing.tradeState === 'CLOSED') return error(400, 'ORDER_CLOSED', '订单已关闭')
      if (existing.signature !== signature) return error(400, 'OUT_TRADE_NO_USED', '商户订单号重复')
      return { status: 200, body: { code_url: existing.codeUrl } }
    }
    const order: StandInOrder = {
      outTradeNo: b.out_trade_no,
      description: b.description as string,
      total: amount.total,
      notifyUrl: b.notify_url as string,
      timeExpire: (b.time_expire as string | undefined) ?? null,
      codeUrl: `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('base64url')}`,
      tradeState: 'NOTPAY',
      transactionId: null,
      successTime: null,
      refunded: 0,
      signature,
    }
    this.orders.set(order.outTradeNo, order)
    return { status: 200, body: { code_url: order.codeUrl } }
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
      appid: this.appid,
      mchid: this.mchid,
      out_trade_no: order.outTradeNo,
      ...(paid && {
        transaction_id: order.transactionId,
        bank_type: 'OTHERS',
        success_time: order.successTime,
      }),
      ...(paid && { payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' } }),
      trade_type: 'NATIVE',
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
