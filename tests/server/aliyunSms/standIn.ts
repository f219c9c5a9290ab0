import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  ACS3_ALGORITHM,
  canonicalRequest,
  headersToSign,
  parseAuthorization,
  sha256Hex,
  signature,
  stringToSign,
} from '../../../server/modules/auth/sms/aliyun/signing'

// A stand-in for Alibaba Cloud's dysmsapi gateway on 127.0.0.1. It checks each request the way the
// gateway does, from the raw method, path, query, headers and body it received: V3 signature
// (ACS3-HMAC-SHA256) with the known AccessKey, x-acs-date within 15 minutes, nonce never reused,
// SendSms parameters present. It answers in the gateway's JSON shape and records what it "delivered".
//
// Usage (unit or end-to-end test):
//   const { standIn, env } = await startAliyunSmsStandIn()
//   // start the server with { ...process.env, APP_MODE: 'production', ...env }
//   standIn.lastCodeFor('13800000000')      // the login code it "sent"
//   standIn.limitPhone('13800000000')       // next sends answer isv.BUSINESS_LIMIT_CONTROL
//   await standIn.close()

export interface DeliveredSms {
  phone: string
  signName: string
  templateCode: string
  /** TemplateParam, parsed: { code: '123456' } for a login code. */
  templateParam: Record<string, string>
  bizId: string
  requestId: string
}

export interface Rejection {
  /** Alibaba Cloud's error code, e.g. SignatureDoesNotMatch or isv.BUSINESS_LIMIT_CONTROL. */
  code: string
  status: number
}

export interface StandInOptions {
  accessKeyId?: string
  accessKeySecret?: string
  /** The only signature and template the "account" owns; others get isv.SMS_*_ILLEGAL. */
  signName?: string
  templateCode?: string
  /** The gateway's clock, for x-acs-date. */
  now?: () => Date
}

const ACTION = 'SendSms'
const VERSION = '2017-05-25'
const MAX_SKEW_MS = 15 * 60 * 1000
const REQUIRED_HEADERS = [
  'host',
  'x-acs-action',
  'x-acs-version',
  'x-acs-date',
  'x-acs-signature-nonce',
  'x-acs-content-sha256',
]
const MAINLAND_MOBILE = /^(?:\+?86|0086)?1\d{10}$/

interface Answer {
  status: number
  code: string
  message: string
  delivered?: Omit<DeliveredSms, 'bizId' | 'requestId'>[]
}

const fail = (status: number, code: string, message: string): Answer => ({ status, code, message })

export class AliyunSmsStandIn {
  /** Messages accepted, oldest first. */
  readonly sent: DeliveredSms[] = []
  /** Requests refused, oldest first. */
  readonly rejected: Rejection[] = []
  readonly accessKeyId: string
  readonly accessKeySecret: string
  readonly signName: string
  readonly templateCode: string
  /** The account's second approved template, for policy lookup codes. */
  readonly lookupTemplateCode = 'SMS_480000009'
  /** The policy-issued notice: ${product}, ${policyNo} and ${link}. */
  readonly policyTemplateCode = 'SMS_480000011'
  private readonly now: () => Date
  private readonly nonces = new Set<string>()
  private readonly limited = new Map<string, string>()
  private server: Server | undefined
  private origin = ''

  constructor(options: StandInOptions = {}) {
    this.accessKeyId = options.accessKeyId ?? `LTAI${randomBytes(8).toString('hex')}`
    this.accessKeySecret = options.accessKeySecret ?? randomBytes(15).toString('base64url')
    this.signName = options.signName ?? '国恒保险'
    this.templateCode = options.templateCode ?? 'SMS_480000001'
    this.now = options.now ?? (() => new Date())
  }

  /** http://127.0.0.1:<port>, for ALIYUN_SMS_ENDPOINT. */
  get endpoint(): string {
    if (!this.origin) throw new Error('stand-in not started')
    return this.origin
  }

  /** The ALIYUN_SMS_* variables (and SMS_PROVIDER) that point a server at this stand-in. */
  get env(): Record<string, string> {
    return {
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: this.accessKeyId,
      ALIYUN_SMS_ACCESS_KEY_SECRET: this.accessKeySecret,
      ALIYUN_SMS_SIGN_NAME: this.signName,
      ALIYUN_SMS_TEMPLATE_CODE: this.templateCode,
      ALIYUN_SMS_ENDPOINT: this.endpoint,
    }
  }

  /** From now on, sends to this phone answer `code` (HTTP 200, like the gateway's flow control). */
  limitPhone(phone: string, code = 'isv.BUSINESS_LIMIT_CONTROL'): void {
    this.limited.set(phone, code)
  }

  /** The `code` of the latest message delivered to this phone. */
  lastCodeFor(phone: string): string | undefined {
    return this.sent.findLast((m) => m.phone === phone)?.templateParam.code
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => this.receive(req, res))
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '127.0.0.1', resolve)
    })
    this.server = server
    this.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    return this
  }

  async close(): Promise<void> {
    const server = this.server
    if (!server) return
    this.server = undefined
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  private receive(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const answer = this.answer(req, Buffer.concat(chunks))
      const requestId = randomUUID().toUpperCase()
      const body: Record<string, string> = {
        RequestId: requestId,
        Code: answer.code,
        Message: answer.message,
      }
      if (answer.delivered) {
        const bizId = `${Date.now()}^0`
        body.BizId = bizId
        for (const m of answer.delivered) this.sent.push({ ...m, bizId, requestId })
      } else {
        body.HostId = 'dysmsapi.aliyuncs.com'
        this.rejected.push({ code: answer.code, status: answer.status })
      }
      res.writeHead(answer.status, { 'content-type': 'application/json;charset=utf-8' })
      res.end(JSON.stringify(body))
    })
  }

  /** Authentication first (as the gateway does), then the SendSms parameters. */
  private answer(req: IncomingMessage, body: Buffer): Answer {
    const url = req.url ?? '/'
    const q = url.indexOf('?')
    const rawPath = q < 0 ? url : url.slice(0, q)
    const params = new URLSearchParams(q < 0 ? '' : url.slice(q + 1))
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value
    }

    const auth = parseAuthorization(headers.authorization)
    if (!auth || auth.algorithm !== ACS3_ALGORITHM) {
      return fail(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.')
    }
    const missing = REQUIRED_HEADERS.find((name) => !headers[name])
    if (missing) return fail(400, 'IncompleteSignature', `Missing required header ${missing}.`)
    // "Every common request header except Authorization must be signed when present."
    const unsigned = headersToSign(Object.keys(headers)).find((name) => !auth.signedHeaders.includes(name))
    if (unsigned) return fail(400, 'IncompleteSignature', `Header ${unsigned} must be signed.`)
    if (auth.accessKeyId !== this.accessKeyId) {
      return fail(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.')
    }

    const canonical = canonicalRequest({
      method: req.method ?? '',
      canonicalUri: rawPath,
      query: [...params.entries()],
      headers,
      signedHeaders: auth.signedHeaders,
      hashedPayload: sha256Hex(body),
    })
    const toSign = stringToSign(canonical)
    const expected = Buffer.from(signature(this.accessKeySecret, toSign))
    const given = Buffer.from(auth.signature)
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return fail(
        400,
        'SignatureDoesNotMatch',
        `Specified signature is not matched with our calculation. server string to sign is:${toSign}`,
      )
    }

    const date = headers['x-acs-date']
    const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(date) ? Date.parse(date) : NaN
    if (Number.isNaN(time)) {
      return fail(400, 'InvalidTimeStamp.Format', 'Specified time stamp or date value is not well formatted.')
    }
    if (Math.abs(this.now().getTime() - time) > MAX_SKEW_MS) {
      return fail(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.')
    }
    const nonce = headers['x-acs-signature-nonce']
    if (this.nonces.has(nonce)) {
      return fail(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.')
    }
    this.nonces.add(nonce)

    if (headers['x-acs-action'] !== ACTION) {
      return fail(
        404,
        'InvalidAction.NotFound',
        'Specified api is not found, please check your url and method.',
      )
    }
    if (headers['x-acs-version'] !== VERSION) {
      return fail(400, 'InvalidVersion', 'Specified parameter Version is not valid.')
    }
    // RPC parameters may also travel as a form body ("in": "formData").
    if (headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      for (const [name, value] of new URLSearchParams(body.toString('utf8'))) params.append(name, value)
    }
    return this.sendSms(params)
  }

  private sendSms(params: URLSearchParams): Answer {
    for (const name of ['PhoneNumbers', 'SignName', 'TemplateCode']) {
      if (!params.get(name)) return fail(400, `Missing${name}`, `${name} is mandatory for this action.`)
    }
    const phones = params.get('PhoneNumbers')!.split(',')
    const signName = params.get('SignName')!
    const templateCode = params.get('TemplateCode')!
    // Business refusals come back as HTTP 200 with a Code other than OK.
    if (phones.some((p) => !MAINLAND_MOBILE.test(p)))
      return fail(200, 'isv.MOBILE_NUMBER_ILLEGAL', '非法手机号')
    if (signName !== this.signName) return fail(200, 'isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名')
    // Each approved template and the variables its text needs.
    const variables: Record<string, string[]> = {
      [this.templateCode]: ['code'],
      [this.lookupTemplateCode]: ['code'],
      [this.policyTemplateCode]: ['product', 'policyNo', 'link'],
    }
    const needed = variables[templateCode]
    if (!needed) return fail(200, 'isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板')
    let templateParam: Record<string, string>
    try {
      const parsed: unknown = JSON.parse(params.get('TemplateParam') ?? '')
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object')
      if (Object.values(parsed).some((v) => typeof v !== 'string')) throw new Error('not strings')
      templateParam = parsed as Record<string, string>
    } catch {
      return fail(200, 'isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值')
    }
    if (needed.some((name) => !templateParam[name]))
      return fail(200, 'isv.TEMPLATE_MISSING_PARAMETERS', '模板变量缺少对应参数值')
    const limit = phones.map((p) => this.limited.get(p)).find(Boolean)
    if (limit) return fail(200, limit, '触发分钟级流控Permits:1')
    return {
      status: 200,
      code: 'OK',
      message: 'OK',
      delivered: phones.map((phone) => ({ phone, signName, templateCode, templateParam })),
    }
  }
}

/** Starts a stand-in on 127.0.0.1 (random port) and returns it with the env that points at it. */
export async function startAliyunSmsStandIn(
  options: StandInOptions = {},
): Promise<{ standIn: AliyunSmsStandIn; env: Record<string, string> }> {
  const standIn = await new AliyunSmsStandIn(options).start()
  return { standIn, env: standIn.env }
}
