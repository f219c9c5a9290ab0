import { randomBytes } from 'node:crypto'
import { maskPhone } from '../../../../../src/domain/phone'
import { SmsSendError, type PolicyIssuedSms, type SmsProvider } from '../provider'
import type { AliyunSmsConfig } from './config'
import {
  EMPTY_PAYLOAD_SHA256,
  authorizationHeader,
  canonicalQueryString,
  canonicalRequest,
  headersToSign,
  signature,
  stringToSign,
} from './signing'

// SendSms of dysmsapi 2017-05-25, signed with V3 (ACS3-HMAC-SHA256). Like Alibaba Cloud's own SDK, the
// parameters travel in the query string of a POST to "/" with an empty body.

const ACTION = 'SendSms'
const VERSION = '2017-05-25'

/** The gateway's per-phone / per-account sending limits (isv.BUSINESS_LIMIT_CONTROL, isv.DAY_LIMIT_CONTROL…). */
function isRateLimit(code: string): boolean {
  return /_LIMIT_CONTROL$/.test(code)
}

/** yyyy-MM-ddTHH:mm:ssZ, as x-acs-date requires (no milliseconds). */
function acsDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z')
}

function masked(phone: string): string {
  return phone.length === 11 ? maskPhone(phone) : `***${phone.slice(-4)}`
}

/** Gateway messages go to the log: cap them and mask anything that looks like a phone number. */
function safeMessage(message: unknown): string {
  if (typeof message !== 'string') return ''
  return message.replace(/\d{7,}/g, (digits) => masked(digits)).slice(0, 200)
}

function describeFetchError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `Alibaba Cloud SMS did not answer within ${timeoutMs} ms`
  }
  // fetch's "fetch failed" hides the reason in `cause` (ECONNREFUSED, ENOTFOUND…); the URL holds the phone.
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined
  const code = typeof cause?.code === 'string' ? cause.code : error instanceof Error ? error.name : 'unknown'
  return `network error reaching Alibaba Cloud SMS (${code})`
}

interface SendSmsResponse {
  Code?: unknown
  Message?: unknown
  RequestId?: unknown
}

export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun'
  /** Present only when a lookup template is configured (ALIYUN_SMS_LOOKUP_TEMPLATE_CODE). */
  readonly sendLookupCode?: (phone: string, code: string, message: string) => Promise<void>
  /** Present only when a campaign-form template is configured (ALIYUN_SMS_FORM_TEMPLATE_CODE). */
  readonly sendFormCode?: (phone: string, code: string, message: string) => Promise<void>
  /** Present only when a policy-issued template is configured (ALIYUN_SMS_POLICY_TEMPLATE_CODE). */
  readonly sendPolicyIssued?: (phone: string, params: PolicyIssuedSms, message: string) => Promise<void>

  constructor(
    private readonly config: AliyunSmsConfig,
    private readonly now: () => Date = () => new Date(),
  ) {
    const lookup = config.lookupTemplateCode
    if (lookup) this.sendLookupCode = (phone, code) => this.sendCode(phone, lookup, code)
    const form = config.formTemplateCode
    if (form) this.sendFormCode = (phone, code) => this.sendCode(phone, form, code)
    const policy = config.policyTemplateCode
    if (policy)
      this.sendPolicyIssued = (phone, { product, policyNo, link }) =>
        this.send(phone, policy, { product, policyNo, link })
  }

  /** `message` is the demo outbox's text; the real text is the template stored at Alibaba Cloud. */
  async sendLoginCode(phone: string, code: string, _message: string): Promise<void> {
    await this.sendCode(phone, this.config.templateCode, code)
  }

  private sendCode(phone: string, template: string, code: string): Promise<void> {
    return this.send(phone, template, { code })
  }

  /** One SendSms of `template`, its variables filled from `params`. */
  private async send(phone: string, template: string, params: Record<string, string>): Promise<void> {
    const { url, headers } = this.signedRequest([
      ['PhoneNumbers', phone],
      ['SignName', this.config.signName],
      ['TemplateCode', template],
      ['TemplateParam', JSON.stringify(params)],
    ])
    const { timeoutMs } = this.config
    let status: number
    let text: string
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { ...headers, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      })
      status = response.status
      text = await response.text()
    } catch (error) {
      throw new SmsSendError(describeFetchError(error, timeoutMs))
    }

    let body: SendSmsResponse | undefined
    try {
      const parsed: unknown = JSON.parse(text)
      if (parsed && typeof parsed === 'object') body = parsed as SendSmsResponse
    } catch {
      body = undefined
    }
    if (!body || typeof body.Code !== 'string') {
      throw new SmsSendError(`unexpected answer from Alibaba Cloud SMS (HTTP ${status})`)
    }
    if (body.Code === 'OK' && status >= 200 && status < 300) return
    const requestId = typeof body.RequestId === 'string' ? `, RequestId ${body.RequestId}` : ''
    throw new SmsSendError(
      `SendSms to ${masked(phone)} refused: ${body.Code} (HTTP ${status}${requestId}) ${safeMessage(body.Message)}`.trim(),
      isRateLimit(body.Code),
    )
  }

  /** The URL and headers (host included, for signing) of a signed, empty-bodied POST. */
  private signedRequest(params: ReadonlyArray<readonly [string, string]>): {
    url: string
    headers: Record<string, string>
  } {
    const { endpoint, accessKeyId, accessKeySecret } = this.config
    // The query is sent exactly as it is canonicalized, so what is signed is what travels.
    const query = canonicalQueryString(params)
    const headers: Record<string, string> = {
      host: new URL(endpoint).host,
      'x-acs-action': ACTION,
      'x-acs-version': VERSION,
      'x-acs-date': acsDate(this.now()),
      'x-acs-signature-nonce': randomBytes(16).toString('hex'),
      'x-acs-content-sha256': EMPTY_PAYLOAD_SHA256,
    }
    const signedHeaders = headersToSign(Object.keys(headers))
    const canonical = canonicalRequest({
      method: 'POST',
      canonicalUri: '/',
      query: params,
      headers,
      signedHeaders,
      hashedPayload: EMPTY_PAYLOAD_SHA256,
    })
    const { host: _host, ...sent } = headers // fetch derives Host from the URL; it equals the signed value
    return {
      url: `${endpoint}/?${query}`,
      headers: {
        ...sent,
        authorization: authorizationHeader(
          accessKeyId,
          signedHeaders,
          signature(accessKeySecret, stringToSign(canonical)),
        ),
      },
    }
  }
}
