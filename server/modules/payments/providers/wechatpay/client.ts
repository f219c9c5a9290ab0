import { ProviderError } from '../provider'
import type { WechatPayConfig } from './config'
import { buildAuthorization, newNonce, verifySignature } from './signing'

// The signed HTTP client of WeChat Pay API v3: signs every request, verifies every signed answer, and turns
// anything doubtful into a ProviderError the caller can retry. Errors name the call, never a key.

/** A WeChat Pay answer that was not what the call needed: carries WeChat's HTTP status and error code. */
export class WechatPayApiError extends ProviderError {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string | null,
  ) {
    super(message)
  }
}

export interface Answer {
  status: number
  /** Parsed JSON body; null when the body is empty (204). */
  data: unknown
}

/** A signature older or newer than this is a replayed (or badly clocked) answer. */
const MAX_SKEW_SECONDS = 300
const USER_AGENT = 'guoheng-insurance-mall/wechatpay-apiv3 (Node.js)'

export function field(data: unknown, name: string): unknown {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[name] : undefined
}

/** WeChat's error code of an answer ({"code":"ORDER_NOT_EXIST","message":"…"}), or null. */
export function errorCode(answer: Answer): string | null {
  const code = field(answer.data, 'code')
  return typeof code === 'string' ? code : null
}

export class WechatPayClient {
  constructor(
    private readonly config: WechatPayConfig,
    private readonly now: () => Date,
  ) {}

  /** One signed call. Resolves with any answer whose signature holds (or, for a non-2xx, is absent). */
  async request(method: 'GET' | 'POST', pathAndQuery: string, body?: object): Promise<Answer> {
    const what = `wechatpay ${method} ${pathAndQuery.split('?')[0]}`
    const url = new URL(this.config.baseUrl + pathAndQuery)
    const bodyText = body === undefined ? '' : JSON.stringify(body)
    const authorization = buildAuthorization({
      mchid: this.config.mchid,
      serialNo: this.config.merchantSerialNo,
      privateKey: this.config.merchantPrivateKey,
      method,
      // The signed URL is the one sent: path and query of the final URL (a base URL path prefix included).
      pathAndQuery: url.pathname + url.search,
      body: bodyText,
      timestamp: Math.floor(this.now().getTime() / 1000),
      nonce: newNonce(),
    })
    const headers: Record<string, string> = {
      Authorization: authorization,
      Accept: 'application/json',
      'User-Agent': USER_AGENT,
    }
    if (body !== undefined) headers['Content-Type'] = 'application/json'

    let response: Response
    let raw: Buffer
    try {
      response = await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : bodyText,
        // A redirect would leave the signed URL; WeChat never redirects API calls.
        redirect: 'error',
        signal: AbortSignal.timeout(this.config.timeoutMs),
      })
      raw = Buffer.from(await response.arrayBuffer())
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'network error'
      throw new ProviderError(`${what}: ${reason}`, { cause: error })
    }

    const signature = {
      timestamp: response.headers.get('wechatpay-timestamp'),
      nonce: response.headers.get('wechatpay-nonce'),
      signature: response.headers.get('wechatpay-signature'),
      serial: response.headers.get('wechatpay-serial'),
    }
    const ok = response.status >= 200 && response.status < 300
    // A 2xx must be signed; an error answer is checked when it carries a signature (gateways may not sign).
    if (ok || signature.signature) {
      if (!verifySignature(this.config.platformKeys, signature, raw)) {
        throw new WechatPayApiError(
          `${what}: HTTP ${response.status} answer without a valid WeChat Pay signature (serial ${signature.serial ?? 'missing'}); treated as forged`,
          response.status,
          null,
        )
      }
      const skew = Math.abs(Number(signature.timestamp) - this.now().getTime() / 1000)
      if (skew > MAX_SKEW_SECONDS) {
        throw new WechatPayApiError(
          `${what}: answer signed ${Math.round(skew)} s off our clock`,
          response.status,
          null,
        )
      }
    }

    let data: unknown = null
    if (raw.length > 0) {
      try {
        data = JSON.parse(raw.toString('utf8'))
      } catch {
        if (ok)
          throw new WechatPayApiError(
            `${what}: HTTP ${response.status} answer is not JSON`,
            response.status,
            null,
          )
      }
    }
    return { status: response.status, data }
  }

  /** The error to throw for an answer the call cannot use; the message carries WeChat's code and message. */
  failure(method: string, path: string, answer: Answer, detail?: string): WechatPayApiError {
    const code = errorCode(answer)
    const message = field(answer.data, 'message')
    const text = [
      `wechatpay ${method} ${path}: HTTP ${answer.status}`,
      code,
      typeof message === 'string' ? message.slice(0, 200) : null,
      detail,
    ]
      .filter(Boolean)
      .join(' ')
    return new WechatPayApiError(text, answer.status, code)
  }
}
