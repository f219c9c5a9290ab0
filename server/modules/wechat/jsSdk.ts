import { createHash, randomBytes } from 'node:crypto'
import type { JsConfig } from '../../../src/types/generated/api/wechat'
import { STALE_TOKEN_CODES, WechatApiError, type WechatApi } from './client'
import type { WechatConfig } from './config'
import type { WechatTokenCache } from './tokenCache'

// wx.config for a page of ours: signed with the jsapi_ticket (JS-SDK 附录1, 签名算法). The ticket and the
// access_token it is fetched with are cached across processes (tokenCache.ts).

/** The JS-SDK interfaces the pages use: the share cards for a chat and for 朋友圈. */
export const JS_API_LIST = ['updateAppMessageShareData', 'updateTimelineShareData']

/** sha1 of the four fields in WeChat's order, lower-case hex. */
export function jsSdkSignature(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  const text = `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`
  return createHash('sha1').update(text).digest('hex')
}

/** The page URL to sign (without its #fragment) when its origin is one of ours; null otherwise. */
export function ownPageUrl(url: string, origins: readonly string[]): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  if (!/^https?:$/.test(parsed.protocol) || parsed.username || parsed.password) return null
  if (!origins.includes(parsed.origin)) return null
  // Signed as the page's location.href.split('#')[0]: the text as given, not a re-serialized URL.
  return url.split('#')[0]
}

export class JsSdk {
  constructor(
    private readonly config: WechatConfig,
    private readonly api: WechatApi,
    private readonly cache: WechatTokenCache,
    private readonly now: () => Date,
  ) {}

  /** The global access_token; `stale` is one WeChat just refused (40001/42001), which is renewed. */
  accessToken(stale?: string): Promise<string> {
    return this.cache.get(`access_token:${this.config.appid}`, () => this.api.clientToken(), stale)
  }

  jsapiTicket(): Promise<string> {
    return this.cache.get(`jsapi_ticket:${this.config.appid}`, async () => {
      const token = await this.accessToken()
      try {
        return await this.api.jsapiTicket(token)
      } catch (error) {
        if (!(error instanceof WechatApiError) || !STALE_TOKEN_CODES.includes(error.errcode ?? 0)) throw error
        // The cached token was retired (fetched again elsewhere, or expired early): renew it, once.
        return this.api.jsapiTicket(await this.accessToken(token))
      }
    })
  }

  async configFor(pageUrl: string): Promise<JsConfig> {
    const ticket = await this.jsapiTicket()
    const timestamp = Math.floor(this.now().getTime() / 1000)
    const nonceStr = randomBytes(12).toString('hex')
    return {
      appId: this.config.appid,
      timestamp,
      nonceStr,
      signature: jsSdkSignature(ticket, nonceStr, timestamp, pageUrl),
      jsApiList: JS_API_LIST,
      sdkUrl: this.config.jssdkUrl,
    }
  }
}
