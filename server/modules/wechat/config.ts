import { secureUrl } from '../../platform/secureUrl'

// The official account (公众号) of web authorization and the JS-SDK, from the environment (docs/configuration.md):
//   WECHAT_APPID, WECHAT_APPSECRET   both or neither; neither: WeChat login and share cards are off
//   WECHAT_OPEN_URL                  the authorization page's origin (default https://open.weixin.qq.com)
//   WECHAT_API_URL                   the API's origin (default https://api.weixin.qq.com)
//   WECHAT_JSSDK_URL                 the JS-SDK script (default https://res.wx.qq.com/open/js/jweixin-1.6.0.js)
// The secret is kept out of anything that prints or logs the config (a property that is not enumerable).

export const DEFAULT_OPEN_URL = 'https://open.weixin.qq.com'
export const DEFAULT_API_URL = 'https://api.weixin.qq.com'
export const DEFAULT_JSSDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js'
export const WECHAT_TIMEOUT_MS = 10_000

export interface WechatConfig {
  appid: string
  appSecret: string
  /** Origins without a trailing slash. */
  openUrl: string
  apiUrl: string
  jssdkUrl: string
  timeoutMs: number
}

export type WechatConfigResult = { ok: true; config: WechatConfig | null } | { ok: false; problems: string[] }

type Env = Record<string, string | undefined>

/** An origin-like base (scheme, host, optional path prefix) without a trailing slash or query. */
function baseUrl(name: string, env: Env, fallback: string, problems: string[]): string {
  const url = secureUrl(name, env[name]?.trim() || fallback, problems)
  if (url?.search) problems.push(`${name}: must not carry a query`)
  return url ? url.href.replace(/\/+$/, '') : ''
}

const APPID = /^wx[0-9A-Za-z]{16}$/
const SECRET = /^[0-9a-zA-Z]{16,64}$/

export function wechatConfigFromEnv(env: Env): WechatConfigResult {
  const appid = env.WECHAT_APPID?.trim() ?? ''
  const appSecret = env.WECHAT_APPSECRET?.trim() ?? ''
  if (!appid && !appSecret) return { ok: true, config: null }
  const problems: string[] = []
  if (!appid) problems.push('WECHAT_APPID is not set (WECHAT_APPSECRET is: set both or neither)')
  else if (!APPID.test(appid))
    problems.push('WECHAT_APPID: must look like wx followed by 16 letters or digits')
  if (!appSecret) problems.push('WECHAT_APPSECRET is not set (WECHAT_APPID is: set both or neither)')
  else if (!SECRET.test(appSecret)) problems.push('WECHAT_APPSECRET: must be 16 to 64 letters or digits')
  const openUrl = baseUrl('WECHAT_OPEN_URL', env, DEFAULT_OPEN_URL, problems)
  const apiUrl = baseUrl('WECHAT_API_URL', env, DEFAULT_API_URL, problems)
  const jssdk = secureUrl('WECHAT_JSSDK_URL', env.WECHAT_JSSDK_URL?.trim() || DEFAULT_JSSDK_URL, problems)
  if (problems.length > 0 || !jssdk) return { ok: false, problems }
  const config = { appid, openUrl, apiUrl, jssdkUrl: jssdk.href, timeoutMs: WECHAT_TIMEOUT_MS }
  Object.defineProperty(config, 'appSecret', { value: appSecret, enumerable: false })
  return { ok: true, config: Object.freeze(config) as WechatConfig }
}
