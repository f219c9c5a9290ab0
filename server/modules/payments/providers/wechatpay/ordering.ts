import { isIP } from 'node:net'
import type { CreatedPayment, PaymentRequest, PaymentScene } from '../provider'
import { field, type WechatPayClient } from './client'
import type { WechatPayConfig } from './config'
import { appInvoke, jsapiInvoke } from './invoke'

// 下单 (placing the order) in each scene of WeChat Pay API v3, direct merchant: Native answers code_url (the QR
// code), H5 h5_url (the page a phone browser opens), JSAPI and APP a prepay_id the payer's side invokes pay with.
// The same out_trade_no with the same fields on a retry gets the same order back, never a second one.

const PATHS: Record<PaymentScene, string> = {
  native: '/v3/pay/transactions/native',
  h5: '/v3/pay/transactions/h5',
  jsapi: '/v3/pay/transactions/jsapi',
  app: '/v3/pay/transactions/app',
}
const ANSWER_FIELD: Record<PaymentScene, string> = {
  native: 'code_url',
  h5: 'h5_url',
  jsapi: 'prepay_id',
  app: 'prepay_id',
}

/** RFC 3339 in Beijing time, seconds precision: 2026-11-22T12:05:00+08:00. */
export function beijingTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19) + '+08:00'
}

/** WeChat counts characters (code points), not UTF-16 units or bytes. */
export const clip = (text: string, max: number) => [...text].slice(0, max).join('')

/** scene_info.payer_client_ip: an IPv4 client seen on an IPv6 socket (::ffff:a.b.c.d) is given as IPv4. */
export function payerIp(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)
  const plain = mapped ? mapped[1] : ip
  if (!isIP(plain)) throw new RangeError(`payer_client_ip is not an IP address: ${ip}`)
  return plain
}

/** The h5_url is opened by the payer's browser: only a web address, https (http only on this machine). */
function webAddress(value: string): boolean {
  try {
    const url = new URL(value)
    const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost'
    return url.protocol === 'https:' || (url.protocol === 'http:' && loopback)
  } catch {
    return false
  }
}

function orderBody(config: WechatPayConfig, request: PaymentRequest, appid: string): object {
  const common = {
    appid,
    mchid: config.mchid,
    description: clip(request.description, 127),
    out_trade_no: request.paymentId,
    time_expire: beijingTime(request.expiresAt),
    notify_url: config.notifyUrl,
    amount: { total: request.amountFen, currency: 'CNY' },
  }
  if (request.scene === 'jsapi') {
    if (!request.openid) throw new RangeError('wechatpay JSAPI needs the payer openid')
    return { ...common, payer: { openid: request.openid } }
  }
  if (request.scene === 'h5') {
    const sceneInfo = { payer_client_ip: payerIp(request.payerClientIp), h5_info: { type: 'Wap' } }
    return { ...common, scene_info: sceneInfo }
  }
  return common
}

export async function placeOrder(
  client: WechatPayClient,
  config: WechatPayConfig,
  request: PaymentRequest,
  now: () => Date,
): Promise<CreatedPayment> {
  const { scene } = request
  const appid = scene === 'app' ? config.appAppid : config.appid
  if (!appid) throw new RangeError('wechatpay APP pay needs WECHATPAY_APP_APPID')
  const path = PATHS[scene]
  const answer = await client.request('POST', path, orderBody(config, request, appid))
  const name = ANSWER_FIELD[scene]
  const value = field(answer.data, name)
  if (answer.status !== 200 || typeof value !== 'string' || !value) {
    throw client.failure('POST', path, answer, answer.status === 200 ? `no ${name}` : undefined)
  }
  if (scene === 'native') return { qrContent: value, payUrl: value, invoke: null }
  if (scene === 'h5') {
    if (!webAddress(value)) throw client.failure('POST', path, answer, 'h5_url is not an https address')
    return { qrContent: '', payUrl: value, invoke: null }
  }
  const invoke =
    scene === 'jsapi' ? jsapiInvoke(config, value, now()) : appInvoke(config, appid, value, now())
  return { qrContent: '', payUrl: '', invoke }
}
