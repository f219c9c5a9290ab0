import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createHash, randomBytes } from 'node:crypto'
import { authorizeErrorPage, consentPage, jweixinScript, outsideWechatPage } from './standInPages'

/*
 * A stand-in for the WeChat official account platform (公众号) on 127.0.0.1, for server and end-to-end tests.
 *
 *   const fx = await createWechatFixture({ publicUrl: 'http://localhost:8080' })
 *   start the server with { ...fx.env } (WECHAT_APPID, WECHAT_APPSECRET, WECHAT_OPEN_URL, WECHAT_API_URL,
 *   WECHAT_JSSDK_URL), or buildApp({ wechat: <wechatConfigFromEnv(fx.env).config> })
 *   the WeChat user is the cookie wx_user=<name> on the stand-in's origin (fx.standIn.userCookie(name) for a
 *   Cookie header, or a browser cookie for fx.standIn.baseUrl); fx.standIn.user(name).openid is that user's openid
 *   fx.standIn.count('/cgi-bin/token'), .requests: every API call and its errcode
 *   fx.standIn.configs / .shares: each wx.config checked, each share card recorded (after a valid config only)
 *   fx.standIn.retireAccessTokens(): every access_token issued so far answers 40001 (fetched again elsewhere)
 *   fx.standIn.busy = true: every API call answers errcode -1 (系统繁忙)
 *   fx.standIn.domain = 'host:port': the 网页授权域名 and JS接口安全域名 (set from publicUrl)
 *
 * It checks what WeChat documents, built here on its own and not with the adapter's code: the authorize URL's
 * parameters in their documented order (appid, redirect_uri urlEncoded and under the authorized domain,
 * response_type=code, scope, state of letters and digits up to 128 bytes); codes that live 5 minutes and work once
 * (40029 invalid code, 40163 code been used); appid and secret on every call (40013, 40125); userinfo only with a
 * snsapi_userinfo token (48001) for its own openid (40003); access_token validity on getticket (40001, 42001);
 * the wx.config signature (sha1 of jsapi_ticket, noncestr, timestamp, url) recomputed with the tickets it issued.
 */

export interface WechatUser {
  name: string
  openid: string
  unionid: string | null
  nickname: string
  headimgurl: string
}

export interface CheckedConfig {
  url: string
  appId: unknown
  timestamp: unknown
  nonceStr: unknown
  signature: unknown
  jsApiList: unknown
  ok: boolean
  errMsg: string
}

export interface ShareCard {
  api: string
  title: string
  desc: string | null
  link: string
  imgUrl: string
  /** The page the share was set on. */
  pageUrl: string
}

export interface LoggedCall {
  path: string
  errcode: number
}

export interface WechatStandInOptions {
  appid: string
  secret: string
  /** host[:port] of the mall: the 网页授权域名 and JS接口安全域名. */
  domain: string
  now?: () => Date
}

interface Issued {
  expiresAt: number
  /** When a newer access_token retires it (5 minutes after the newer one was fetched). */
  retiredAt?: number
}

interface Code {
  user: WechatUser
  scope: string
  createdAt: number
  used: boolean
}

interface PendingConsent {
  user: WechatUser
  redirectUri: string
  state: string | null
}

type Answer = Record<string, unknown>

const CODE_TTL_MS = 5 * 60_000
const TOKEN_TTL_S = 7200
const AUTHORIZE_ORDER = ['appid', 'redirect_uri', 'response_type', 'scope', 'state']
const SHARE_APIS = ['updateAppMessageShareData', 'updateTimelineShareData']

const random = (bytes: number) => randomBytes(bytes).toString('base64url')
const rid = () => randomBytes(6).toString('hex')
const error = (errcode: number, errmsg: string): Answer => ({ errcode, errmsg: `${errmsg} rid: ${rid()}` })

function cookieOf(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return decodeURIComponent(value.join('='))
  }
  return null
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

export class WechatStandIn {
  /** http://127.0.0.1:PORT */
  baseUrl = ''
  domain: string
  /** Every API call answers errcode -1 (系统繁忙, system error) while set. */
  busy = false
  readonly requests: LoggedCall[] = []
  readonly configs: CheckedConfig[] = []
  readonly shares: ShareCard[] = []
  /** Errors the authorize page showed (errcode, message). */
  readonly authorizeErrors: { errcode: number; message: string }[] = []
  private readonly users = new Map<string, WechatUser>()
  private readonly consented = new Set<string>()
  private readonly codes = new Map<string, Code>()
  private readonly consents = new Map<string, PendingConsent>()
  private readonly snsTokens = new Map<string, { user: WechatUser; scope: string; expiresAt: number }>()
  private readonly accessTokens = new Map<string, Issued>()
  private readonly tickets = new Map<string, Issued>()
  private readonly sessions = new Map<string, { ok: boolean; jsApiList: string[] }>()
  private readonly now: () => Date
  private readonly server: Server

  private constructor(private readonly options: WechatStandInOptions) {
    this.domain = options.domain
    this.now = options.now ?? (() => new Date())
    this.server = createServer((req, res) => {
      this.handle(req, res).catch(() => res.destroy())
    })
  }

  static async start(options: WechatStandInOptions): Promise<WechatStandIn> {
    const standIn = new WechatStandIn(options)
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve))
    const address = standIn.server.address()
    if (typeof address !== 'object' || !address) throw new Error('wechat stand-in: no address')
    standIn.baseUrl = `http://127.0.0.1:${address.port}`
    return standIn
  }

  get jssdkUrl(): string {
    return `${this.baseUrl}/open/js/jweixin-1.6.0.js`
  }

  /** The WeChat user called `name` (created on first use); their openid is stable under this appid. */
  user(
    name: string,
    profile: Partial<Pick<WechatUser, 'nickname' | 'headimgurl' | 'unionid'>> = {},
  ): WechatUser {
    const known = this.users.get(name)
    if (known) return Object.assign(known, profile)
    const digest = createHash('sha256').update(`${this.options.appid}:${name}`).digest('base64url')
    const user: WechatUser = {
      name,
      openid: `o${digest.slice(0, 27)}`,
      unionid: null,
      nickname: `微信用户${name}`,
      headimgurl: `https://thirdwx.qlogo.cn/mmopen/${digest.slice(0, 16)}/132`,
      ...profile,
    }
    this.users.set(name, user)
    return user
  }

  /** The Cookie header of a request made by WeChat user `name` to the stand-in. */
  userCookie(name: string): string {
    this.user(name)
    return `wx_user=${encodeURIComponent(name)}`
  }

  /** Calls of an API path (e.g. '/cgi-bin/token'), answered with or without an error. */
  count(path: string): number {
    return this.requests.filter((r) => r.path === path).length
  }

  /** Every access_token issued so far answers 40001 from now on (a new one was fetched elsewhere). */
  retireAccessTokens(): void {
    const now = this.now().getTime()
    for (const token of this.accessTokens.values()) token.retiredAt = now
  }

  async close(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.baseUrl)
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, ...headers })
      res.end(body)
    }
    const path = url.pathname
    if (path === '/connect/oauth2/authorize' && req.method === 'GET') {
      const [status, body, location] = this.authorize(req, url)
      return send(status, 'text/html', body, location ? { location } : {})
    }
    if (path === '/connect/oauth2/authorize/decide' && req.method === 'POST') {
      const [status, body, location] = this.decide(req, new URLSearchParams(await readBody(req)))
      return send(status, 'text/html', body, location ? { location } : {})
    }
    if (path === '/open/js/jweixin-1.6.0.js')
      return send(200, 'application/javascript', jweixinScript(this.baseUrl))
    if (path === '/stand-in/jssdk/config' || path === '/stand-in/jssdk/share') {
      const callback = url.searchParams.get('callback') ?? ''
      if (!/^[A-Za-z0-9_$]{1,100}$/.test(callback)) return send(400, 'text/plain', 'bad callback')
      let data: Answer = {}
      try {
        data = JSON.parse(url.searchParams.get('data') ?? '{}') as Answer
      } catch {
        // checked below as missing fields
      }
      const answer = path.endsWith('config') ? this.checkConfig(data) : this.recordShare(data)
      return send(200, 'application/javascript', `${callback}(${JSON.stringify(answer)});`)
    }
    const api: Record<string, (q: URLSearchParams) => Answer> = {
      '/sns/oauth2/access_token': (q) => this.exchange(q),
      '/sns/userinfo': (q) => this.userInfo(q),
      '/cgi-bin/token': (q) => this.clientToken(q),
      '/cgi-bin/ticket/getticket': (q) => this.ticket(q),
    }
    const handler = api[path]
    if (!handler || req.method !== 'GET') return send(404, 'text/plain', 'not found')
    const answer = this.busy ? error(-1, 'system error') : handler(url.searchParams)
    this.requests.push({ path, errcode: typeof answer.errcode === 'number' ? answer.errcode : 0 })
    // WeChat answers errors with HTTP 200 and an errcode.
    return send(200, 'application/json', JSON.stringify(answer))
  }

  /* ------------------------------------------------------------ web authorization */

  private authorizeError(errcode: number, message: string): [number, string] {
    this.authorizeErrors.push({ errcode, message })
    return [200, authorizeErrorPage(errcode, message)]
  }

  private authorize(req: IncomingMessage, url: URL): [number, string, string?] {
    const name = cookieOf(req, 'wx_user')
    if (!name) return [200, outsideWechatPage()]
    const q = url.searchParams
    const keys = [...q.keys()]
    const expected = AUTHORIZE_ORDER.filter((key) => keys.includes(key))
    if (keys.length !== expected.length || keys.some((key, i) => key !== expected[i]))
      return this.authorizeError(10001, `参数错误：参数须为 ${AUTHORIZE_ORDER.join('、')} 且按此顺序`)
    const appid = q.get('appid')
    if (!appid) return this.authorizeError(10012, 'appid不能为空')
    if (appid !== this.options.appid) return this.authorizeError(40013, 'invalid appid')
    const rawRedirect = /(?:^|&)redirect_uri=([^&]*)/.exec(url.search.slice(1))?.[1] ?? ''
    if (!rawRedirect) return this.authorizeError(10011, 'redirect_uri不能为空')
    if (/[:/?#]/.test(rawRedirect)) return this.authorizeError(10011, 'redirect_uri 须经 urlEncode 处理')
    let redirect: URL
    try {
      redirect = new URL(q.get('redirect_uri') ?? '')
    } catch {
      return this.authorizeError(10003, 'redirect_uri域名与后台配置不一致')
    }
    if (!/^https?:$/.test(redirect.protocol) || redirect.host !== this.domain || redirect.hash)
      return this.authorizeError(10003, 'redirect_uri域名与后台配置不一致')
    if (q.get('response_type') !== 'code') return this.authorizeError(10001, 'response_type 须为 code')
    const scope = q.get('scope')
    if (!scope) return this.authorizeError(10010, 'scope不能为空')
    if (scope !== 'snsapi_base' && scope !== 'snsapi_userinfo')
      return this.authorizeError(10005, '此公众号并没有这些scope的权限')
    const state = q.get('state')
    if (state !== null && !/^[A-Za-z0-9]{0,128}$/.test(state))
      return this.authorizeError(10001, 'state 只能为a-zA-Z0-9，最多128字节')
    const user = this.user(name)
    if (scope === 'snsapi_base' || this.consented.has(name))
      return [302, '', this.withCode(redirect, state, this.issueCode(user, scope))]
    const ticket = random(16)
    this.consents.set(ticket, { user, redirectUri: redirect.href, state })
    return [200, consentPage(ticket, user.nickname)]
  }

  /** 允许 or 拒绝 on the consent page; 拒绝 goes back with the state only (no code). */
  private decide(req: IncomingMessage, form: URLSearchParams): [number, string, string?] {
    const pending = this.consents.get(form.get('ticket') ?? '')
    if (!pending || cookieOf(req, 'wx_user') !== pending.user.name)
      return this.authorizeError(10001, '授权请求已失效')
    this.consents.delete(form.get('ticket') ?? '')
    const redirect = new URL(pending.redirectUri)
    if (form.get('decision') !== 'allow') return [302, '', this.withCode(redirect, pending.state, null)]
    this.consented.add(pending.user.name)
    return [302, '', this.withCode(redirect, pending.state, this.issueCode(pending.user, 'snsapi_userinfo'))]
  }

  private issueCode(user: WechatUser, scope: string): string {
    const code = randomBytes(16).toString('hex')
    this.codes.set(code, { user, scope, createdAt: this.now().getTime(), used: false })
    return code
  }

  private withCode(redirect: URL, state: string | null, code: string | null): string {
    const extra = [code === null ? null : `code=${code}`, `state=${state ?? ''}`].filter(Boolean).join('&')
    return `${redirect.href}${redirect.search ? '&' : '?'}${extra}`
  }

  /* ------------------------------------------------------------ the API */

  /** Parameters missing, unknown or of another app: the errcode WeChat answers, or null when they hold. */
  private credentials(q: URLSearchParams, allowed: string[]): Answer | null {
    const unknown = [...q.keys()].find((key) => !allowed.includes(key))
    if (unknown) return error(40097, `invalid args: ${unknown}`)
    if (allowed.includes('appid')) {
      if (!q.get('appid')) return error(41002, 'appid missing')
      if (q.get('appid') !== this.options.appid) return error(40013, 'invalid appid')
    }
    if (allowed.includes('secret')) {
      if (!q.get('secret')) return error(41004, 'appsecret missing')
      if (q.get('secret') !== this.options.secret) return error(40125, 'invalid appsecret')
    }
    return null
  }

  private exchange(q: URLSearchParams): Answer {
    const refused = this.credentials(q, ['appid', 'secret', 'code', 'grant_type'])
    if (refused) return refused
    if (q.get('grant_type') !== 'authorization_code') return error(40002, 'invalid grant_type')
    const value = q.get('code')
    if (!value) return error(41008, 'missing code')
    const code = this.codes.get(value)
    if (!code || this.now().getTime() - code.createdAt > CODE_TTL_MS) return error(40029, 'invalid code')
    if (code.used) return error(40163, 'code been used')
    code.used = true
    const accessToken = random(60)
    this.snsTokens.set(accessToken, {
      user: code.user,
      scope: code.scope,
      expiresAt: this.now().getTime() + TOKEN_TTL_S * 1000,
    })
    return {
      access_token: accessToken,
      expires_in: TOKEN_TTL_S,
      refresh_token: random(60),
      openid: code.user.openid,
      scope: code.scope,
      ...(code.user.unionid ? { unionid: code.user.unionid } : {}),
    }
  }

  private userInfo(q: URLSearchParams): Answer {
    const refused = this.credentials(q, ['access_token', 'openid', 'lang'])
    if (refused) return refused
    const value = q.get('access_token')
    if (!value) return error(41001, 'access_token missing')
    const token = this.snsTokens.get(value)
    if (!token) return error(40001, 'invalid credential, access_token is invalid or not latest')
    if (token.expiresAt <= this.now().getTime()) return error(42001, 'access_token expired')
    if (!q.get('openid')) return error(41009, 'missing openid')
    if (q.get('openid') !== token.user.openid) return error(40003, 'invalid openid')
    if (token.scope !== 'snsapi_userinfo') return error(48001, 'api unauthorized')
    const lang = q.get('lang')
    if (lang !== null && !['zh_CN', 'zh_TW', 'en'].includes(lang)) return error(40097, 'invalid args: lang')
    const { user } = token
    return {
      openid: user.openid,
      nickname: user.nickname,
      sex: 0,
      province: '',
      city: '',
      country: '',
      headimgurl: user.headimgurl,
      privilege: [],
      ...(user.unionid ? { unionid: user.unionid } : {}),
    }
  }

  private clientToken(q: URLSearchParams): Answer {
    const refused = this.credentials(q, ['grant_type', 'appid', 'secret'])
    if (refused) return refused
    if (q.get('grant_type') !== 'client_credential') return error(40002, 'invalid grant_type')
    const now = this.now().getTime()
    // The previous access_token stays valid for 5 minutes after a new one is fetched.
    for (const issued of this.accessTokens.values()) issued.retiredAt ??= now + 5 * 60_000
    const token = random(96)
    this.accessTokens.set(token, { expiresAt: now + TOKEN_TTL_S * 1000 })
    return { access_token: token, expires_in: TOKEN_TTL_S }
  }

  private ticket(q: URLSearchParams): Answer {
    const refused = this.credentials(q, ['access_token', 'type'])
    if (refused) return refused
    const value = q.get('access_token')
    if (!value) return error(41001, 'access_token missing')
    const issued = this.accessTokens.get(value)
    const now = this.now().getTime()
    if (!issued || (issued.retiredAt !== undefined && issued.retiredAt <= now))
      return error(40001, 'invalid credential, access_token is invalid or not latest')
    if (issued.expiresAt <= now) return error(42001, 'access_token expired')
    if (q.get('type') !== 'jsapi') return error(40097, 'invalid args: type')
    const ticket = random(64)
    this.tickets.set(ticket, { expiresAt: now + TOKEN_TTL_S * 1000 })
    return { errcode: 0, errmsg: 'ok', ticket, expires_in: TOKEN_TTL_S }
  }

  /* ------------------------------------------------------------ the JS-SDK */

  private checkConfig(data: Answer): { ok: boolean; errMsg: string } {
    const config = (typeof data.config === 'object' && data.config !== null ? data.config : {}) as Answer
    const url = typeof data.url === 'string' ? data.url : ''
    const { appId, timestamp, nonceStr, signature, jsApiList } = config
    const verdict = (() => {
      if (appId !== this.options.appid) return 'config:fail, invalid appId'
      if (typeof nonceStr !== 'string' || !nonceStr) return 'config:fail, missing nonceStr'
      if (!(typeof timestamp === 'number' || (typeof timestamp === 'string' && /^\d+$/.test(timestamp))))
        return 'config:fail, invalid timestamp'
      if (!Array.isArray(jsApiList) || jsApiList.length === 0) return 'config:fail, missing jsApiList'
      let host = ''
      try {
        host = new URL(url).host
      } catch {
        // named below
      }
      if (host !== this.domain) return 'config:invalid url domain'
      const now = this.now().getTime()
      const valid = [...this.tickets].some(([ticket, issued]) => {
        if (issued.expiresAt <= now) return false
        const text = `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${String(timestamp)}&url=${url}`
        return createHash('sha1').update(text).digest('hex') === signature
      })
      return valid ? 'config:ok' : 'config:invalid signature'
    })()
    const ok = verdict === 'config:ok'
    this.configs.push({ url, appId, timestamp, nonceStr, signature, jsApiList, ok, errMsg: verdict })
    if (typeof data.session === 'string')
      this.sessions.set(data.session, {
        ok,
        jsApiList: Array.isArray(jsApiList) ? jsApiList.filter((api) => typeof api === 'string') : [],
      })
    return { ok, errMsg: verdict }
  }

  private recordShare(data: Answer): { ok: boolean; errMsg: string } {
    const api = typeof data.api === 'string' && SHARE_APIS.includes(data.api) ? data.api : 'share'
    const session = typeof data.session === 'string' ? this.sessions.get(data.session) : undefined
    if (!session?.ok || !session.jsApiList.includes(api))
      return { ok: false, errMsg: `${api}:fail, the permission value is offline verifying` }
    const { title, desc, link, imgUrl } = data
    if (typeof title !== 'string' || typeof link !== 'string' || typeof imgUrl !== 'string')
      return { ok: false, errMsg: `${api}:fail, missing title, link or imgUrl` }
    let host = ''
    try {
      host = new URL(link).host
    } catch {
      // named below
    }
    // The shared link must be under the JS接口安全域名.
    if (host !== this.domain) return { ok: false, errMsg: `${api}:fail, invalid link domain` }
    this.shares.push({
      api,
      title,
      desc: typeof desc === 'string' ? desc : null,
      link,
      imgUrl,
      pageUrl: typeof data.url === 'string' ? data.url : '',
    })
    return { ok: true, errMsg: `${api}:ok` }
  }
}

/* ---------------------------------------------------------------- the fixture */

export interface WechatFixture {
  /** WECHAT_APPID, WECHAT_APPSECRET, WECHAT_OPEN_URL, WECHAT_API_URL, WECHAT_JSSDK_URL for the server. */
  env: Record<string, string>
  standIn: WechatStandIn
  close(): Promise<void>
}

export interface WechatFixtureOptions {
  /** The mall's PUBLIC_URL: its host is the authorized domain (change later with standIn.domain). */
  publicUrl: string
  appid?: string
  secret?: string
  now?: () => Date
}

export async function createWechatFixture(options: WechatFixtureOptions): Promise<WechatFixture> {
  const appid = options.appid ?? `wx${randomBytes(8).toString('hex')}`
  const secret = options.secret ?? randomBytes(16).toString('hex')
  const standIn = await WechatStandIn.start({
    appid,
    secret,
    domain: new URL(options.publicUrl).host,
    now: options.now,
  })
  return {
    env: {
      WECHAT_APPID: appid,
      WECHAT_APPSECRET: secret,
      WECHAT_OPEN_URL: standIn.baseUrl,
      WECHAT_API_URL: standIn.baseUrl,
      WECHAT_JSSDK_URL: standIn.jssdkUrl,
    },
    standIn,
    close: () => standIn.close(),
  }
}
