import { createServer, type IncomingMessage, type Server } from 'node:http'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  createSecretKey,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto'
import { encryptResource } from '../../../server/modules/payments/providers/wechatpay/signing'
import { beijing, StandInLedger, type Reply, type RefundStatus, type StandInScene } from './standInLedger'
import { CASHIER_PATH, PayerSide, type PayerSettings } from './standInPayer'

/*
 * A stand-in for WeChat Pay API v3 on 127.0.0.1, for tests (unit and end-to-end, production mode).
 *
 *   const fx = await createWechatPayFixture({ notifyUrl: 'http://127.0.0.1:PORT/api/payments/callback/wechatpay' })
 *   spawn the server with { ...process.env, ...fx.env, APP_MODE: 'production', PAYMENT_PROVIDER: 'wechatpay' }
 *   await fx.standIn.pay(outTradeNo)        // trade_state SUCCESS, then a real signed, encrypted
 *                                           // TRANSACTION.SUCCESS POSTed to the order's notify_url → HTTP status
 *   await fx.standIn.settleRefund(refundNo) // PROCESSING → SUCCESS (or 'ABNORMAL' / 'CLOSED'), REFUND.* callback
 *   await fx.standIn.resend(fx.standIn.callbacks.at(-1)!)  // WeChat's retry: the same bytes again
 *   fx.standIn.useKey(fx.serials.platformB) // platform key rotation: sign with B (the env lists A and B)
 *   fx.standIn.mode = 'forge'               // answers and callbacks signed with a key nobody knows ('unsigned': none)
 *   fx.standIn.delayMs = 500                // slow answers, for timeouts
 *   fx.standIn.ledger.orders / .refunds     // what WeChat holds; fx.standIn.requests: every call and its status
 *   await fx.close()
 *
 * Scenes: Native, H5 (scene_info.payer_client_ip, h5_info.type), JSAPI (payer.openid under the official
 * account's appid; fx.standIn.ledger.knownOpenids limits them) and APP (the mobile app's appid, fx.env
 * WECHATPAY_APP_APPID). The payer's side for browser tests (standInPayer.ts): the H5 cashier page at the h5_url
 * (fx.standIn.h5Origins: the merchant's H5 domains its Referer must come from), POST /stand-in/jsapi-pay and
 * /stand-in/app-pay, played by the init scripts of standInBridges.ts; fx.standIn.payer.attempts lists each try.
 *
 * It checks every request as WeChat documents it: the Authorization header (WECHATPAY2-SHA256-RSA2048, the
 * five-line message over the raw request target and raw body, SHA256withRSA with the merchant public key),
 * mchid, serial_no and a timestamp within 5 minutes (401 SIGN_ERROR otherwise); then the body (400 PARAM_ERROR).
 * The message is built here on its own, not with the adapter's code, so a shared mistake cannot pass.
 */

export type StandInMode = 'normal' | 'forge' | 'unsigned'

export interface PlatformKey {
  /** Platform certificate serial or WeChat Pay public key id (PUB_KEY_ID_…): the Wechatpay-Serial header. */
  serial: string
  privateKey: KeyObject
}

export interface StandInOptions {
  mchid: string
  /** The official account bound to the merchant (Native, H5, JSAPI). */
  appid: string
  /** The mobile app bound to the merchant (APP pay); null: none. */
  appAppid?: string | null
  /** The merchant's H5 pay domains (origins); settable later on the stand-in. */
  h5Origins?: string[]
  merchantSerialNo: string
  merchantPublicKey: KeyObject
  /** The 32-character APIv3 key the callbacks are encrypted with. */
  apiV3Key: string
  /** The first one signs until useKey(). */
  platformKeys: PlatformKey[]
  now?: () => Date
}

/** A callback as it was delivered: header names in lower case, like the adapter's CallbackRequest. */
export interface DeliveredCallback {
  url: string
  headers: Record<string, string>
  rawBody: string
  /** The HTTP status the merchant answered (0 when it could not be reached). */
  status: number
}

export interface LoggedRequest {
  method: string
  path: string
  status: number
  code: string | null
}

const AUTH_PREFIX = 'WECHATPAY2-SHA256-RSA2048 '
const MAX_SKEW_SECONDS = 300

function parseAuthorization(header: string | undefined): Record<string, string> | null {
  if (!header?.startsWith(AUTH_PREFIX)) return null
  const params: Record<string, string> = {}
  for (const part of header.slice(AUTH_PREFIX.length).split(',')) {
    const match = /^\s*([a-z_]+)="([^"]*)"\s*$/.exec(part)
    if (!match) return null
    params[match[1]] = match[2]
  }
  return params
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

const signError = (message: string): Reply => ({ status: 401, body: { code: 'SIGN_ERROR', message } })

export class WechatPayStandIn implements PayerSettings {
  /** http://127.0.0.1:PORT: WECHATPAY_BASE_URL. */
  baseUrl = ''
  mode: StandInMode = 'normal'
  /** The merchant's H5 pay domains: the cashier page opens only from (Referer) and returns to these origins. */
  h5Origins: string[]
  /** The cashier page is paid only from the IP the order was placed with (scene_info.payer_client_ip). */
  h5ClientIpCheck = true
  /** Delay before each answer, for timeout tests. */
  delayMs = 0
  readonly requests: LoggedRequest[] = []
  readonly callbacks: DeliveredCallback[] = []
  readonly ledger: StandInLedger
  readonly payer: PayerSide
  private signing: PlatformKey
  private forgeKey: KeyObject | null = null
  private readonly apiV3Key: KeyObject
  private readonly now: () => Date
  private readonly server: Server

  private constructor(private readonly options: StandInOptions) {
    this.now = options.now ?? (() => new Date())
    this.signing = options.platformKeys[0]
    this.apiV3Key = createSecretKey(Buffer.from(options.apiV3Key))
    this.h5Origins = options.h5Origins ?? []
    const accounts = { mchid: options.mchid, appid: options.appid, appAppid: options.appAppid ?? null }
    this.ledger = new StandInLedger({
      ...accounts,
      now: this.now,
      cashierUrl: () => this.baseUrl + CASHIER_PATH,
    })
    this.payer = new PayerSide({
      ledger: this.ledger,
      accounts,
      merchantPublicKey: options.merchantPublicKey,
      now: this.now,
      settings: this,
      pay: (outTradeNo) => this.pay(outTradeNo),
    })
    this.server = createServer((req, res) => {
      this.handle(req).then(
        ({ reply, headers, body }) => {
          res.writeHead(reply.status, headers)
          res.end(body)
        },
        () => res.destroy(),
      )
    })
  }

  static async start(options: StandInOptions): Promise<WechatPayStandIn> {
    const standIn = new WechatPayStandIn(options)
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve))
    const address = standIn.server.address()
    if (typeof address !== 'object' || !address) throw new Error('stand-in: no address')
    standIn.baseUrl = `http://127.0.0.1:${address.port}`
    return standIn
  }

  /** Sign answers and callbacks with this platform key from now on (rotation). */
  useKey(serial: string): void {
    const key = this.options.platformKeys.find((k) => k.serial === serial)
    if (!key) throw new Error(`stand-in: no platform key ${serial}`)
    this.signing = key
  }

  /** The Wechatpay-* headers (lower-case names) WeChat would send with this body, per the current mode. */
  signatureHeaders(rawBody: string | Buffer): Record<string, string> {
    if (this.mode === 'unsigned') return {}
    const timestamp = String(Math.floor(this.now().getTime() / 1000))
    const nonce = randomBytes(16).toString('hex')
    const message = Buffer.concat([
      Buffer.from(`${timestamp}\n${nonce}\n`),
      Buffer.from(rawBody),
      Buffer.from('\n'),
    ])
    // Forge: a key WeChat never had, under the serial the merchant expects.
    this.forgeKey ??=
      this.mode === 'forge' ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey : null
    const key = this.mode === 'forge' && this.forgeKey ? this.forgeKey : this.signing.privateKey
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': sign('sha256', message, key).toString('base64'),
      'wechatpay-serial': this.signing.serial,
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    }
  }

  /** The payer pays: trade_state SUCCESS, then TRANSACTION.SUCCESS to the order's notify_url. Returns the merchant's HTTP status. */
  async pay(outTradeNo: string): Promise<number> {
    const order = this.ledger.pay(outTradeNo)
    return this.deliver(
      order.notifyUrl,
      'TRANSACTION.SUCCESS',
      '支付成功',
      'transaction',
      this.ledger.transaction(order),
    )
  }

  /** Settles a PROCESSING refund and sends REFUND.<outcome>; null when the refund had no notify_url. */
  async settleRefund(
    outRefundNo: string,
    outcome: Exclude<RefundStatus, 'PROCESSING'> = 'SUCCESS',
  ): Promise<number | null> {
    const refund = this.ledger.settle(outRefundNo, outcome)
    if (!refund.notifyUrl) return null
    const summary = { SUCCESS: '退款成功', CLOSED: '退款关闭', ABNORMAL: '退款异常' }[outcome]
    return this.deliver(
      refund.notifyUrl,
      `REFUND.${outcome}`,
      summary,
      'refund',
      this.ledger.refundResource(refund),
    )
  }

  /** Sends a callback again, byte for byte (WeChat retries until it gets 200/204). Returns the status. */
  async resend(callback: DeliveredCallback): Promise<number> {
    const again = { ...callback, status: 0 }
    this.callbacks.push(again)
    again.status = await this.post(again)
    return again.status
  }

  /** A signed notification body (encrypted resource) as WeChat builds it, without sending it. */
  notification(
    eventType: string,
    summary: string,
    originalType: string,
    resource: object,
  ): DeliveredCallback {
    const encrypted = encryptResource(this.apiV3Key, JSON.stringify(resource), originalType)
    const rawBody = JSON.stringify({
      id: randomUUID(),
      create_time: beijing(this.now()),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: { original_type: originalType, ...encrypted },
    })
    const headers = { 'content-type': 'application/json', ...this.signatureHeaders(rawBody) }
    return { url: '', headers, rawBody, status: 0 }
  }

  async close(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private async deliver(
    url: string,
    eventType: string,
    summary: string,
    originalType: string,
    resource: object,
  ): Promise<number> {
    const callback = { ...this.notification(eventType, summary, originalType, resource), url }
    this.callbacks.push(callback)
    callback.status = await this.post(callback)
    return callback.status
  }

  private async post(callback: DeliveredCallback): Promise<number> {
    try {
      const response = await fetch(callback.url, {
        method: 'POST',
        headers: callback.headers,
        body: callback.rawBody,
        // WeChat waits 5 s for the answer.
        signal: AbortSignal.timeout(5000),
      })
      await response.arrayBuffer()
      return response.status
    } catch {
      return 0
    }
  }

  private async handle(req: IncomingMessage) {
    const raw = await readBody(req)
    const target = req.url ?? '/'
    const url = new URL(target, 'http://stand-in')
    // The payer's browser or app: pages and bridge calls, neither signed nor merchant-authenticated.
    if (this.payer.handles(url.pathname)) {
      const answer = await this.payer.handle(req, url, raw)
      this.requests.push({ method: req.method ?? '', path: target, status: answer.status, code: null })
      return { reply: { status: answer.status }, headers: answer.headers, body: answer.body }
    }
    let reply: Reply
    try {
      reply = this.authenticate(req, target, raw) ?? this.route(req.method ?? '', target, raw)
    } catch (error) {
      reply = { status: 500, body: { code: 'SYSTEM_ERROR', message: String(error) } }
    }
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs))
    const body = reply.body === undefined ? '' : JSON.stringify(reply.body)
    const code = reply.body && 'code' in reply.body ? String(reply.body.code) : null
    this.requests.push({ method: req.method ?? '', path: target, status: reply.status, code })
    const headers: Record<string, string> = {
      ...this.signatureHeaders(body),
      'request-id': randomUUID(),
      ...(body && { 'content-type': 'application/json; charset=utf-8' }),
    }
    return { reply, headers, body }
  }

  /** 签名验证 as WeChat Pay does it on its side; null when the request is authentic. */
  private authenticate(req: IncomingMessage, target: string, raw: Buffer): Reply | null {
    const auth = parseAuthorization(req.headers.authorization)
    if (!auth) return signError('Authorization 缺失或格式错误')
    const { mchid, nonce_str: nonce, signature, timestamp, serial_no: serial } = auth
    if (!mchid || !nonce || !signature || !timestamp || !serial)
      return signError('Authorization 缺少签名信息')
    if (mchid !== this.options.mchid) return signError('商户号不存在或不匹配')
    if (serial !== this.options.merchantSerialNo) return signError('商户证书序列号有误')
    if (
      !/^\d+$/.test(timestamp) ||
      Math.abs(Number(timestamp) - this.now().getTime() / 1000) > MAX_SKEW_SECONDS
    ) {
      return signError('请求时间戳与当前时间相差过大')
    }
    const message = Buffer.concat([
      Buffer.from(`${req.method}\n${target}\n${timestamp}\n${nonce}\n`),
      raw,
      Buffer.from('\n'),
    ])
    const valid = verify('sha256', message, this.options.merchantPublicKey, Buffer.from(signature, 'base64'))
    if (!valid) return signError('签名错误，请检查后再试')
    if (req.method === 'POST' && !req.headers['content-type']?.startsWith('application/json')) {
      return { status: 400, body: { code: 'PARAM_ERROR', message: 'Content-Type 应为 application/json' } }
    }
    return null
  }

  private route(method: string, target: string, raw: Buffer): Reply {
    const url = new URL(target, 'http://stand-in')
    let body: unknown = null
    if (method === 'POST') {
      try {
        body = JSON.parse(raw.toString('utf8'))
      } catch {
        return { status: 400, body: { code: 'PARAM_ERROR', message: '请求体不是合法的JSON' } }
      }
    }
    const path = url.pathname
    const param = (re: RegExp) => {
      const match = re.exec(path)
      return match ? decodeURIComponent(match[1]) : null
    }
    const closing = param(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/)
    const querying = param(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/)
    const refundQuery = param(/^\/v3\/refund\/domestic\/refunds\/([^/]+)$/)
    const scene = /^\/v3\/pay\/transactions\/(native|h5|jsapi|app)$/.exec(path)?.[1]
    if (method === 'POST' && scene) return this.ledger.placeOrder(scene as StandInScene, body)
    if (method === 'POST' && closing) return this.ledger.closeOrder(closing, body)
    if (method === 'GET' && querying) return this.ledger.queryOrder(querying, url.searchParams)
    if (method === 'POST' && path === '/v3/refund/domestic/refunds') return this.ledger.createRefund(body)
    if (method === 'GET' && refundQuery) return this.ledger.queryRefund(refundQuery)
    return { status: 404, body: { code: 'NOT_FOUND', message: `no such API: ${method} ${path}` } }
  }
}

/* ---------------------------------------------------------------- the fixture */

export interface WechatPayFixture {
  /** The WECHATPAY_* variables for wechatPayConfigFromEnv / the server process. */
  env: Record<string, string>
  standIn: WechatPayStandIn
  /** Temp dir with merchant_key.pem, platform_a.pem and platform_b.pem. */
  dir: string
  serials: { merchant: string; platformA: string; platformB: string }
  /** The platform key files, for env variations (e.g. a merchant that knows only A). */
  platformKeyFiles: { a: string; b: string }
  close(): Promise<void>
}

export interface FixtureOptions {
  /** The merchant's callback URL (…/api/payments/callback/wechatpay); it goes into WECHATPAY_NOTIFY_URL. */
  notifyUrl: string
  /** The merchant's H5 pay domains (origins of the mall's pages); also settable as fx.standIn.h5Origins. */
  h5Origins?: string[]
  /** Bind a mobile app to the merchant and put it into WECHATPAY_APP_APPID (default true). */
  app?: boolean
  /** Which platform keys WECHATPAY_PLATFORM_KEYS lists; both (rotation) by default. */
  knownPlatformKeys?: 'A' | 'B' | 'AB'
}

/** The mobile app's APPID the fixture binds to its merchant. */
export const FIXTURE_APP_APPID = 'wx8888888888888888'

let keyCache: { merchant: KeyObject[]; a: KeyObject[]; b: KeyObject[] } | null = null

/** RSA 2048 key pairs, made once per test file (generation takes a while). */
function testKeys() {
  const pair = () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    return [privateKey, publicKey]
  }
  keyCache ??= { merchant: pair(), a: pair(), b: pair() }
  return keyCache
}

const pem = (key: KeyObject) =>
  key.type === 'private'
    ? key.export({ type: 'pkcs8', format: 'pem' }).toString()
    : key.export({ type: 'spki', format: 'pem' }).toString()

export async function createWechatPayFixture(options: FixtureOptions): Promise<WechatPayFixture> {
  const keys = testKeys()
  const serials = {
    merchant: randomBytes(20).toString('hex').toUpperCase(),
    platformA: randomBytes(20).toString('hex').toUpperCase(),
    platformB: `PUB_KEY_ID_01${randomBytes(16).toString('hex').toUpperCase()}`,
  }
  const apiV3Key = randomBytes(16).toString('hex')
  const dir = await mkdtemp(join(tmpdir(), 'wechatpay-'))
  const files = {
    merchant: join(dir, 'merchant_key.pem'),
    a: join(dir, 'platform_a.pem'),
    b: join(dir, 'platform_b.pem'),
  }
  await writeFile(files.merchant, pem(keys.merchant[0]), { mode: 0o600 })
  await writeFile(files.a, pem(keys.a[1]))
  await writeFile(files.b, pem(keys.b[1]))

  const appAppid = options.app === false ? null : FIXTURE_APP_APPID
  const standIn = await WechatPayStandIn.start({
    mchid: '1900009191',
    appid: 'wxd678efh567hg6787',
    appAppid,
    h5Origins: options.h5Origins,
    merchantSerialNo: serials.merchant,
    merchantPublicKey: keys.merchant[1],
    apiV3Key,
    platformKeys: [
      { serial: serials.platformA, privateKey: keys.a[0] },
      { serial: serials.platformB, privateKey: keys.b[0] },
    ],
  })
  const known = options.knownPlatformKeys ?? 'AB'
  const platformKeys = [
    known.includes('A') ? `${serials.platformA}=${files.a}` : null,
    known.includes('B') ? `${serials.platformB}=${files.b}` : null,
  ]
  return {
    env: {
      WECHATPAY_MCHID: '1900009191',
      WECHATPAY_APPID: 'wxd678efh567hg6787',
      WECHATPAY_MERCHANT_SERIAL_NO: serials.merchant,
      WECHATPAY_PRIVATE_KEY_FILE: files.merchant,
      WECHATPAY_APIV3_KEY: apiV3Key,
      WECHATPAY_PLATFORM_KEYS: platformKeys.filter(Boolean).join(','),
      WECHATPAY_NOTIFY_URL: options.notifyUrl,
      WECHATPAY_BASE_URL: standIn.baseUrl,
      ...(appAppid && { WECHATPAY_APP_APPID: appAppid }),
    },
    standIn,
    dir,
    serials,
    platformKeyFiles: { a: files.a, b: files.b },
    close: async () => {
      await standIn.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
