import { randomBytes, verify, type KeyObject } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { StandInLedger, StandInOrder } from './standInLedger'
import { obj, type MerchantAccounts } from './standInOrders'

/*
 * The payer's side of the stand-in, for browser tests: what WeChat shows or does when the payer pays.
 *
 * - H5 (MWEB) cashier at the h5_url, GET /cgi-bin/mmpayweb-bin/checkmweb?prepay_id=…&package=…[&redirect_url=…]:
 *   the Referer's origin must be one of the merchant's H5 domains (standIn.h5Origins), redirect_url too, and the
 *   browser must come from scene_info.payer_client_ip (standIn.h5ClientIpCheck); the h5_url lives 5 minutes.
 *   It shows the amount and 确认支付; paying sends the signed, encrypted callback, then redirects to redirect_url.
 * - POST /stand-in/jsapi-pay {openid, params, action?}: WeixinJSBridge getBrandWCPayRequest. Verifies signType
 *   RSA, appId (the official account's), package prepay_id=… of a JSAPI order, paySign (SHA256withRSA, merchant
 *   public key, over appId\ntimeStamp\nnonceStr\npackage\n) and that openid is the order's payer. Answers
 *   {err_msg: 'get_brand_wcpay_request:ok' | ':cancel' | ':fail', err_desc?}.
 * - POST /stand-in/app-pay {params, action?}: WeChat OpenSDK PayReq. Verifies appid (the mobile app's),
 *   partnerid (mchid), package Sign=WXPay, prepayid of an APP order and sign over
 *   appid\ntimestamp\nnoncestr\nprepayid\n. Answers {errCode: 0 | -1 | -2, errStr?} (OpenSDK's success, error,
 *   user cancel).
 * Both bridge endpoints are CORS-open (the test page calls them from its own origin). The messages are built
 * here on their own, not with the adapter's code.
 */

export const CASHIER_PATH = '/cgi-bin/mmpayweb-bin/checkmweb'
const CASHIER_PAY_PATH = '/cgi-bin/mmpayweb-bin/pay'
const JSAPI_PAY_PATH = '/stand-in/jsapi-pay'
const APP_PAY_PATH = '/stand-in/app-pay'
const H5_URL_LIFE_MS = 5 * 60_000

export interface BrowserReply {
  status: number
  headers: Record<string, string>
  body: string
}

export interface PayerSettings {
  /** The merchant's H5 pay domains (origins such as http://127.0.0.1:4173). */
  h5Origins: string[]
  /** The cashier page is paid only from scene_info.payer_client_ip (WeChat's 网络环境 check). */
  h5ClientIpCheck: boolean
}

export interface PayerAttempt {
  kind: 'h5' | 'jsapi' | 'app'
  outTradeNo: string | null
  /** ok, cancel, or why it failed. */
  result: string
}

export interface PayerSideOptions {
  ledger: StandInLedger
  accounts: MerchantAccounts
  merchantPublicKey: KeyObject
  now: () => Date
  settings: PayerSettings
  /** Pays the order and delivers its callback; the merchant's HTTP status. */
  pay: (outTradeNo: string) => Promise<number>
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
  'access-control-max-age': '600',
}

const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function page(status: number, title: string, body: string): BrowserReply {
  const html =
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title></head>` +
    `<body style="font-family:sans-serif;text-align:center;padding:24px">${body}</body></html>`
  return { status, headers: { 'content-type': 'text/html; charset=utf-8' }, body: html }
}
const problemPage = (status: number, message: string) =>
  page(status, '微信支付', `<h1>微信支付</h1><p role="alert">${esc(message)}</p>`)

const json = (body: object, status = 200): BrowserReply => ({
  status,
  headers: { ...CORS, 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
})

/** The client's address as WeChat sees it: an IPv4 peer on an IPv6 socket is plain IPv4. */
const plainIp = (ip: string | undefined) => (ip ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')

function originOf(value: string | undefined | null): string | null {
  if (!value) return null
  try {
    return new URL(value).origin
  } catch {
    return null
  }
}

function strings(value: unknown, names: string[]): Record<string, string> | null {
  const o = obj(value)
  if (!o) return null
  const out: Record<string, string> = {}
  for (const name of names) {
    const v = o[name]
    if (typeof v !== 'string' || !v) return null
    out[name] = v
  }
  return out
}

/** SHA256withRSA over the lines, each ending in \n, verified with the merchant's public key. */
function signedLines(key: KeyObject, lines: string[], signature: string): boolean {
  try {
    const message = Buffer.from(lines.map((line) => `${line}\n`).join(''))
    return verify('sha256', message, key, Buffer.from(signature, 'base64'))
  } catch {
    return false
  }
}

export class PayerSide {
  readonly attempts: PayerAttempt[] = []
  /** Cashier pages shown and not yet submitted: token → order and return address. */
  private readonly cashiers = new Map<string, { outTradeNo: string; redirectUrl: string | null }>()

  constructor(private readonly o: PayerSideOptions) {}

  handles(path: string): boolean {
    return [CASHIER_PATH, CASHIER_PAY_PATH, JSAPI_PAY_PATH, APP_PAY_PATH].includes(path)
  }

  async handle(req: IncomingMessage, url: URL, raw: Buffer): Promise<BrowserReply> {
    const method = req.method ?? ''
    if (method === 'OPTIONS') return { status: 204, headers: CORS, body: '' }
    if (url.pathname === CASHIER_PATH && method === 'GET') return this.cashier(req, url)
    if (url.pathname === CASHIER_PAY_PATH && method === 'POST')
      return this.cashierPay(new URLSearchParams(raw.toString('utf8')))
    let body: unknown = null
    try {
      body = JSON.parse(raw.toString('utf8'))
    } catch {
      // Refused below as a request without parameters.
    }
    if (url.pathname === JSAPI_PAY_PATH && method === 'POST') return this.jsapiPay(body)
    if (url.pathname === APP_PAY_PATH && method === 'POST') return this.appPay(body)
    return problemPage(405, '不支持的请求')
  }

  /** Why an order cannot be paid now, or null. */
  private unpayable(order: StandInOrder): string | null {
    if (order.tradeState === 'SUCCESS' || order.tradeState === 'REFUND') return '该订单已支付'
    if (order.tradeState === 'CLOSED') return '订单已关闭'
    if (order.timeExpire && new Date(order.timeExpire).getTime() < this.o.now().getTime()) return '订单已过期'
    return null
  }

  private cashier(req: IncomingMessage, url: URL): BrowserReply {
    const attempt = (outTradeNo: string | null, result: string, reply: BrowserReply) => {
      this.attempts.push({ kind: 'h5', outTradeNo, result })
      return reply
    }
    const order = this.o.ledger.byPrepayId(url.searchParams.get('prepay_id') ?? '')
    if (!order || order.scene !== 'h5')
      return attempt(null, 'unknown prepay_id', problemPage(404, '订单不存在'))
    const { h5Origins, h5ClientIpCheck } = this.o.settings
    const referer = originOf(req.headers.referer)
    if (!referer || !h5Origins.includes(referer))
      return attempt(
        order.outTradeNo,
        `referer ${referer ?? 'missing'}`,
        problemPage(403, '商家参数格式有误，请联系商家解决'),
      )
    const redirectUrl = url.searchParams.get('redirect_url')
    if (redirectUrl !== null && !h5Origins.includes(originOf(redirectUrl) ?? ''))
      return attempt(
        order.outTradeNo,
        'redirect_url outside the H5 domain',
        problemPage(400, '商家参数格式有误，请联系商家解决'),
      )
    const ip = plainIp(req.socket.remoteAddress)
    if (h5ClientIpCheck && ip !== order.payerClientIp)
      return attempt(
        order.outTradeNo,
        `client ip ${ip}`,
        problemPage(403, '网络环境未能通过安全验证，请稍后再试'),
      )
    if (this.o.now().getTime() - order.createdAt > H5_URL_LIFE_MS)
      return attempt(
        order.outTradeNo,
        'h5_url expired',
        problemPage(400, '支付链接已失效，请返回商户重新发起支付'),
      )
    const why = this.unpayable(order)
    if (why) return attempt(order.outTradeNo, why, problemPage(400, why))
    const token = randomBytes(16).toString('hex')
    this.cashiers.set(token, { outTradeNo: order.outTradeNo, redirectUrl })
    const cancel = redirectUrl ? `<p><a href="${esc(redirectUrl)}">取消支付</a></p>` : ''
    return page(
      200,
      '微信支付',
      `<h1>微信支付</h1><p>${esc(order.description)}</p>` +
        `<p data-amount-fen="${order.total}" style="font-size:32px">¥${(order.total / 100).toFixed(2)}</p>` +
        `<form method="post" action="${CASHIER_PAY_PATH}"><input type="hidden" name="token" value="${token}">` +
        `<button type="submit">确认支付</button></form>${cancel}`,
    )
  }

  private async cashierPay(form: URLSearchParams): Promise<BrowserReply> {
    const token = form.get('token') ?? ''
    const shown = this.cashiers.get(token)
    if (!shown) return problemPage(400, '支付页已失效，请返回商户重新发起支付')
    this.cashiers.delete(token)
    const order = this.o.ledger.orders.get(shown.outTradeNo)
    const why = order ? this.unpayable(order) : '订单不存在'
    this.attempts.push({ kind: 'h5', outTradeNo: shown.outTradeNo, result: why ?? 'ok' })
    if (why) return problemPage(400, why)
    await this.o.pay(shown.outTradeNo)
    if (!shown.redirectUrl) return page(200, '支付成功', '<h1>支付成功</h1>')
    return { status: 302, headers: { location: shown.redirectUrl }, body: '' }
  }

  private async jsapiPay(body: unknown): Promise<BrowserReply> {
    const request = obj(body)
    const p = strings(request?.params, ['appId', 'timeStamp', 'nonceStr', 'package', 'signType', 'paySign'])
    const prepayId = /^prepay_id=(\S+)$/.exec(p?.package ?? '')?.[1] ?? ''
    const order = this.o.ledger.byPrepayId(prepayId)
    const fail = (why: string) => {
      this.attempts.push({ kind: 'jsapi', outTradeNo: order?.outTradeNo ?? null, result: why })
      return json({ err_msg: 'get_brand_wcpay_request:fail', err_desc: why })
    }
    if (!p) return fail('缺少参数 appId/timeStamp/nonceStr/package/signType/paySign')
    if (p.signType !== 'RSA') return fail('signType 应为 RSA')
    if (p.appId !== this.o.accounts.appid) return fail('appId 与当前公众号不一致')
    if (!/^\d{1,10}$/.test(p.timeStamp) || p.nonceStr.length > 32)
      return fail('timeStamp 或 nonceStr 格式错误')
    if (!order || order.scene !== 'jsapi' || order.appid !== p.appId) return fail('prepay_id 无效')
    const lines = [p.appId, p.timeStamp, p.nonceStr, p.package]
    if (!signedLines(this.o.merchantPublicKey, lines, p.paySign)) return fail('支付验证签名失败')
    if (request?.openid !== order.openid) return fail('当前微信用户与下单用户不一致')
    const why = this.unpayable(order)
    if (why) return fail(why)
    if (request?.action === 'cancel') {
      this.attempts.push({ kind: 'jsapi', outTradeNo: order.outTradeNo, result: 'cancel' })
      return json({ err_msg: 'get_brand_wcpay_request:cancel' })
    }
    this.attempts.push({ kind: 'jsapi', outTradeNo: order.outTradeNo, result: 'ok' })
    const callbackStatus = await this.o.pay(order.outTradeNo)
    return json({ err_msg: 'get_brand_wcpay_request:ok', callbackStatus })
  }

  private async appPay(body: unknown): Promise<BrowserReply> {
    const request = obj(body)
    const names = ['appid', 'partnerid', 'prepayid', 'package', 'noncestr', 'timestamp', 'sign']
    const p = strings(request?.params, names)
    const order = this.o.ledger.byPrepayId(p?.prepayid ?? '')
    const fail = (why: string) => {
      this.attempts.push({ kind: 'app', outTradeNo: order?.outTradeNo ?? null, result: why })
      return json({ errCode: -1, errStr: why })
    }
    if (!p) return fail(`缺少参数 ${names.join('/')}`)
    if (!this.o.accounts.appAppid || p.appid !== this.o.accounts.appAppid)
      return fail('appid 与移动应用不一致')
    if (p.partnerid !== this.o.accounts.mchid) return fail('partnerid 与商户号不一致')
    if (p.package !== 'Sign=WXPay') return fail('package 应为 Sign=WXPay')
    if (!/^\d{1,10}$/.test(p.timestamp) || p.noncestr.length > 32)
      return fail('timestamp 或 noncestr 格式错误')
    if (!order || order.scene !== 'app' || order.appid !== p.appid) return fail('prepayid 无效')
    if (!signedLines(this.o.merchantPublicKey, [p.appid, p.timestamp, p.noncestr, p.prepayid], p.sign))
      return fail('支付验证签名失败')
    const why = this.unpayable(order)
    if (why) return fail(why)
    if (request?.action === 'cancel') {
      this.attempts.push({ kind: 'app', outTradeNo: order.outTradeNo, result: 'cancel' })
      return json({ errCode: -2, errStr: '用户取消' })
    }
    this.attempts.push({ kind: 'app', outTradeNo: order.outTradeNo, result: 'ok' })
    const callbackStatus = await this.o.pay(order.outTradeNo)
    return json({ errCode: 0, callbackStatus })
  }
}
