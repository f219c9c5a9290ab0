import type { CallbackRequest, ProviderEvent } from '../provider'
import type { WechatPayConfig } from './config'
import { field } from './client'
import { AEAD_ALGORITHM, decryptResource, verifySignature } from './signing'

// A WeChat Pay notification (支付成功通知 / 退款结果通知) → a verified event, or null. Order: signature over
// the raw body first, then the envelope, then AES-GCM decryption of the resource, then the business fields.

const REFUND_EVENTS: Record<string, { status: string; outcome: 'SUCCEEDED' | 'FAILED' }> = {
  'REFUND.SUCCESS': { status: 'SUCCESS', outcome: 'SUCCEEDED' },
  'REFUND.ABNORMAL': { status: 'ABNORMAL', outcome: 'FAILED' },
  'REFUND.CLOSED': { status: 'CLOSED', outcome: 'FAILED' },
}

const isString = (v: unknown): v is string => typeof v === 'string'
const isNonEmpty = (v: unknown): v is string => typeof v === 'string' && v.length > 0
const isFen = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0

function decrypt(config: WechatPayConfig, resource: unknown): unknown {
  const ciphertext = field(resource, 'ciphertext')
  const nonce = field(resource, 'nonce')
  const associatedData = field(resource, 'associated_data') ?? ''
  if (field(resource, 'algorithm') !== AEAD_ALGORITHM) return null
  if (!isNonEmpty(ciphertext) || !isNonEmpty(nonce) || !isString(associatedData)) return null
  const plaintext = decryptResource(config.apiV3Key, {
    algorithm: AEAD_ALGORITHM,
    ciphertext,
    nonce,
    associated_data: associatedData,
  })
  return JSON.parse(plaintext)
}

/** Throws on anything malformed; the caller turns that into null. */
function parse(config: WechatPayConfig, request: CallbackRequest, signedAt: Date): ProviderEvent | null {
  const envelope: unknown = JSON.parse(request.rawBody)
  const eventId = field(envelope, 'id')
  const eventType = field(envelope, 'event_type')
  if (
    !isNonEmpty(eventId) ||
    !isString(eventType) ||
    field(envelope, 'resource_type') !== 'encrypt-resource'
  ) {
    return null
  }
  const refundEvent = REFUND_EVENTS[eventType]
  if (eventType !== 'TRANSACTION.SUCCESS' && !refundEvent) return null

  const resource = decrypt(config, field(envelope, 'resource'))
  // A notification for another merchant number is not ours, however well it is signed.
  if (field(resource, 'mchid') !== config.mchid) return null
  const amount = field(resource, 'amount')

  if (eventType === 'TRANSACTION.SUCCESS') {
    const paymentId = field(resource, 'out_trade_no')
    const total = field(amount, 'total')
    if (!isNonEmpty(paymentId) || field(resource, 'trade_state') !== 'SUCCESS' || !isFen(total)) return null
    // APP payments are made under the mobile app's APPID, the other scenes under the official account's.
    const appid = field(resource, 'appid')
    if (appid !== config.appid && (config.appAppid === null || appid !== config.appAppid)) return null
    return { kind: 'payment', eventId, paymentId, outcome: 'SUCCEEDED', amountFen: total, signedAt }
  }
  const refundId = field(resource, 'out_refund_no')
  const refunded = field(amount, 'refund')
  if (!isNonEmpty(refundId) || field(resource, 'refund_status') !== refundEvent.status || !isFen(refunded)) {
    return null
  }
  return { kind: 'refund', eventId, refundId, outcome: refundEvent.outcome, amountFen: refunded, signedAt }
}

export function verifyWechatPayCallback(
  config: WechatPayConfig,
  request: CallbackRequest,
): ProviderEvent | null {
  try {
    const headers = {
      timestamp: request.headers['wechatpay-timestamp'],
      nonce: request.headers['wechatpay-nonce'],
      signature: request.headers['wechatpay-signature'],
      serial: request.headers['wechatpay-serial'],
    }
    // WeChat's signature probes (WECHATPAY/SIGNTEST/…) fail here too, as they must.
    if (!verifySignature(config.platformKeys, headers, request.rawBody)) return null
    return parse(config, request, new Date(Number(headers.timestamp) * 1000))
  } catch {
    return null
  }
}
