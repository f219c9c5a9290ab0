import type {
  CallbackRequest,
  CreatedPayment,
  PayChannel,
  PaymentProvider,
  PaymentRequest,
  PaymentScene,
  ProviderEvent,
  ProviderPaymentState,
  RefundRequest,
  RefundState,
} from '../provider'
import { verifyWechatPayCallback } from './callback'
import { errorCode, field, WechatPayClient, type Answer } from './client'
import type { WechatPayConfig } from './config'
import { clip, placeOrder } from './ordering'

export { WechatPayApiError } from './client'
export { beijingTime } from './ordering'

// WeChat Pay API v3, direct merchant (直连商户): Native (the QR code encodes code_url), H5, JSAPI and APP pay
// (ordering.ts); close, query, refunds and callbacks are the same for every scene.

export const WECHATPAY_PROVIDER = 'wechatpay'

const TRADE_STATES: Record<string, ProviderPaymentState['state']> = {
  SUCCESS: 'CAPTURED',
  REFUND: 'REFUNDED',
  NOTPAY: 'PENDING',
  USERPAYING: 'PENDING',
  CLOSED: 'CLOSED',
  REVOKED: 'CLOSED',
  PAYERROR: 'FAILED',
}

const REFUND_STATUSES: Record<string, RefundState['status']> = {
  SUCCESS: 'SUCCEEDED',
  PROCESSING: 'PROCESSING',
  CLOSED: 'FAILED',
  ABNORMAL: 'FAILED',
}

/** out_trade_no / out_refund_no: what WeChat accepts (6–32 and 1–64 characters). */
const OUT_TRADE_NO = /^[0-9A-Za-z_\-|*]{6,32}$/
const OUT_REFUND_NO = /^[0-9A-Za-z_\-|*@]{1,64}$/

function parseTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null
  const at = new Date(value)
  return Number.isNaN(at.getTime()) ? null : at
}

function positiveFen(name: string, value: number) {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer of fen`)
}

export class WechatPayProvider implements PaymentProvider {
  readonly name = WECHATPAY_PROVIDER
  readonly sandbox = false
  readonly channels: readonly PayChannel[] = ['wechat']
  /** APP only with the mobile app's APPID (WECHATPAY_APP_APPID). */
  readonly scenes: readonly PaymentScene[]
  private readonly client: WechatPayClient

  constructor(
    private readonly config: WechatPayConfig,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.client = new WechatPayClient(config, now)
    this.scenes = config.appAppid ? ['native', 'h5', 'jsapi', 'app'] : ['native', 'h5', 'jsapi']
  }

  /** JSAPI pays with the payer's openid under the official account's APPID (WECHATPAY_APPID). */
  openidAppid(scene: PaymentScene): string | null {
    return scene === 'jsapi' ? this.config.appid : null
  }

  async createPayment(request: PaymentRequest): Promise<CreatedPayment> {
    if (request.channel !== 'wechat') throw new RangeError(`wechatpay cannot take channel ${request.channel}`)
    if (!OUT_TRADE_NO.test(request.paymentId)) throw new RangeError(`bad out_trade_no ${request.paymentId}`)
    positiveFen('amountFen', request.amountFen)
    if (!this.scenes.includes(request.scene))
      throw new RangeError(`wechatpay cannot take scene ${request.scene}`)
    return placeOrder(this.client, this.config, request, this.now)
  }

  async closePayment(paymentId: string): Promise<void> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(paymentId)}/close`
    const answer = await this.client.request('POST', path, { mchid: this.config.mchid })
    if (answer.status === 204 || answer.status === 200) return
    // An order WeChat never saw cannot be paid: closing it is already done.
    if (answer.status === 404 && errorCode(answer) === 'ORDER_NOT_EXIST') return
    throw this.client.failure('POST', path, answer)
  }

  verifyCallback(request: CallbackRequest): ProviderEvent | null {
    return verifyWechatPayCallback(this.config, request)
  }

  async refund(request: RefundRequest): Promise<RefundState> {
    if (!OUT_REFUND_NO.test(request.refundId)) throw new RangeError(`bad out_refund_no ${request.refundId}`)
    positiveFen('amountFen', request.amountFen)
    positiveFen('totalFen', request.totalFen)
    if (request.amountFen > request.totalFen) throw new RangeError('refund exceeds the captured amount')
    const path = '/v3/refund/domestic/refunds'
    const answer = await this.client.request('POST', path, {
      out_trade_no: request.paymentId,
      out_refund_no: request.refundId,
      // WeChat refuses an empty reason; it is optional.
      ...(request.reason && { reason: clip(request.reason, 80) }),
      notify_url: this.config.notifyUrl,
      amount: { refund: request.amountFen, total: request.totalFen, currency: 'CNY' },
    })
    if (answer.status !== 200) throw this.client.failure('POST', path, answer)
    return this.refundState('POST', path, answer, request.refundId)
  }

  async queryRefund(refundId: string): Promise<RefundState | null> {
    const path = `/v3/refund/domestic/refunds/${encodeURIComponent(refundId)}`
    const answer = await this.client.request('GET', path)
    if (answer.status === 404 && errorCode(answer) === 'RESOURCE_NOT_EXISTS') return null
    if (answer.status !== 200) throw this.client.failure('GET', path, answer)
    return this.refundState('GET', path, answer, refundId)
  }

  async queryPayment(paymentId: string): Promise<ProviderPaymentState> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(paymentId)}`
    const answer = await this.client.request('GET', `${path}?mchid=${encodeURIComponent(this.config.mchid)}`)
    if (answer.status === 404 && errorCode(answer) === 'ORDER_NOT_EXIST') {
      return { state: 'NOT_FOUND', amountFen: null, capturedAt: null }
    }
    if (answer.status !== 200) throw this.client.failure('GET', path, answer)
    // The signature does not cover the request: a signed answer about another order must not pass for this one.
    if (field(answer.data, 'out_trade_no') !== paymentId) {
      throw this.client.failure('GET', path, answer, 'answer is about another out_trade_no')
    }
    const tradeState = field(answer.data, 'trade_state')
    const state = typeof tradeState === 'string' ? TRADE_STATES[tradeState] : undefined
    // An unknown state is not guessed at: reconciliation retries and a human looks.
    if (!state) throw this.client.failure('GET', path, answer, `unknown trade_state ${String(tradeState)}`)
    const total = field(field(answer.data, 'amount'), 'total')
    const captured = state === 'CAPTURED' || state === 'REFUNDED'
    return {
      state,
      amountFen: typeof total === 'number' && Number.isInteger(total) ? total : null,
      capturedAt: captured ? parseTime(field(answer.data, 'success_time')) : null,
    }
  }

  private refundState(method: string, path: string, answer: Answer, refundId: string): RefundState {
    if (field(answer.data, 'out_refund_no') !== refundId) {
      throw this.client.failure(method, path, answer, 'answer is about another out_refund_no')
    }
    const status = field(answer.data, 'status')
    const mapped = typeof status === 'string' ? REFUND_STATUSES[status] : undefined
    if (!mapped) throw this.client.failure(method, path, answer, `unknown refund status ${String(status)}`)
    const providerRefundId = field(answer.data, 'refund_id')
    return {
      status: mapped,
      providerRefundId: typeof providerRefundId === 'string' && providerRefundId ? providerRefundId : null,
      settledAt: mapped === 'SUCCEEDED' ? parseTime(field(answer.data, 'success_time')) : null,
    }
  }
}
