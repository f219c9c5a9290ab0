import type { WechatConfig } from './config'

// The official account's HTTP API: the global access_token and jsapi_ticket, and web authorization's code
// exchange and user info. Every answer is JSON; a failure carries WeChat's errcode. Errors name the call, never a
// token, a code or the secret, and no URL (its query holds them).

/** errcode 40001 (invalid credential) and 42001 (expired): the access_token must be fetched again. */
export const STALE_TOKEN_CODES: readonly number[] = [40001, 42001]

export class WechatApiError extends Error {
  constructor(
    readonly call: string,
    /** WeChat's errcode; null for a network failure or an answer that is not what the call needs. */
    readonly errcode: number | null,
    reason: string,
  ) {
    super(`wechat ${call}: ${reason}`)
  }
}

export interface Expiring {
  value: string
  expiresInSeconds: number
}

export interface CodeExchange {
  openid: string
  /** The user's web-authorization token: used at once for userinfo, never stored, never sent anywhere else. */
  accessToken: string
  scope: string
  unionid: string | null
  /** 朋友圈快照页: WeChat gave a virtual openid that stands for nobody. */
  snapshotUser: boolean
}

export interface UserInfo {
  nickname: string | null
  avatarUrl: string | null
  unionid: string | null
}

type Answer = Record<string, unknown>

const text = (answer: Answer, name: string): string | null => {
  const value = answer[name]
  return typeof value === 'string' && value !== '' ? value : null
}

export class WechatApi {
  constructor(private readonly config: WechatConfig) {}

  /** GET /cgi-bin/token: the official account's global access_token. */
  async clientToken(): Promise<Expiring> {
    const answer = await this.get('cgi-bin/token', '/cgi-bin/token', [
      ['grant_type', 'client_credential'],
      ['appid', this.config.appid],
      ['secret', this.config.appSecret],
    ])
    return this.expiring('cgi-bin/token', answer, 'access_token')
  }

  /** GET /cgi-bin/ticket/getticket?type=jsapi: the ticket wx.config signatures are made with. */
  async jsapiTicket(accessToken: string): Promise<Expiring> {
    const answer = await this.get('getticket', '/cgi-bin/ticket/getticket', [
      ['access_token', accessToken],
      ['type', 'jsapi'],
    ])
    return this.expiring('getticket', answer, 'ticket')
  }

  /** GET /sns/oauth2/access_token: a web-authorization code for the user's openid (a code works once). */
  async exchangeCode(code: string): Promise<CodeExchange> {
    const call = 'sns/oauth2/access_token'
    const answer = await this.get(call, '/sns/oauth2/access_token', [
      ['appid', this.config.appid],
      ['secret', this.config.appSecret],
      ['code', code],
      ['grant_type', 'authorization_code'],
    ])
    const openid = text(answer, 'openid')
    const accessToken = text(answer, 'access_token')
    const scope = text(answer, 'scope')
    if (!openid || !accessToken || !scope)
      throw new WechatApiError(call, null, 'answer lacks openid or token')
    return {
      openid,
      accessToken,
      scope,
      unionid: text(answer, 'unionid'),
      snapshotUser: answer.is_snapshotuser === 1,
    }
  }

  /** GET /sns/userinfo: nickname and avatar (only with a snsapi_userinfo token). */
  async userInfo(accessToken: string, openid: string): Promise<UserInfo> {
    const answer = await this.get('sns/userinfo', '/sns/userinfo', [
      ['access_token', accessToken],
      ['openid', openid],
      ['lang', 'zh_CN'],
    ])
    if (text(answer, 'openid') !== openid)
      throw new WechatApiError('sns/userinfo', null, 'answer is for another openid')
    return {
      nickname: text(answer, 'nickname')?.slice(0, 64) ?? null,
      avatarUrl: text(answer, 'headimgurl')?.slice(0, 512) ?? null,
      unionid: text(answer, 'unionid'),
    }
  }

  private expiring(call: string, answer: Answer, field: string): Expiring {
    const value = text(answer, field)
    const seconds = answer.expires_in
    if (!value || typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds <= 0)
      throw new WechatApiError(call, null, `answer lacks ${field} or expires_in`)
    return { value, expiresInSeconds: seconds }
  }

  /** One GET with the parameters in the order WeChat documents them; an errcode other than 0 throws. */
  private async get(call: string, path: string, params: [string, string][]): Promise<Answer> {
    const url = `${this.config.apiUrl}${path}?${new URLSearchParams(params).toString()}`
    let raw: string
    try {
      const response = await fetch(url, {
        headers: { Accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(this.config.timeoutMs),
      })
      raw = await response.text()
      if (!response.ok) throw new WechatApiError(call, null, `HTTP ${response.status}`)
    } catch (error) {
      if (error instanceof WechatApiError) throw error
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'network error'
      throw new WechatApiError(call, null, reason)
    }
    let answer: unknown
    try {
      answer = JSON.parse(raw)
    } catch {
      throw new WechatApiError(call, null, 'answer is not JSON')
    }
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer))
      throw new WechatApiError(call, null, 'answer is not a JSON object')
    const result = answer as Answer
    const errcode = result.errcode
    if (errcode !== undefined && errcode !== 0) {
      const code = typeof errcode === 'number' ? errcode : null
      const errmsg = typeof result.errmsg === 'string' ? result.errmsg.slice(0, 120) : ''
      throw new WechatApiError(call, code, `errcode ${String(errcode)} ${errmsg}`.trim())
    }
    return result
  }
}
