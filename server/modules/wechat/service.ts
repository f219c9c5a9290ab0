import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { JsConfig } from '../../../src/types/generated/api/wechat'
import type { DB } from '../../db/schema'
import { ApiError } from '../../platform/errors'
import { hasCurrentConsent } from '../auth/consent'
import { WechatBindings } from './bindings'
import { WechatApi, WechatApiError } from './client'
import type { WechatConfig } from './config'
import { JsSdk, ownPageUrl } from './jsSdk'
import { WechatOauth, type OauthScope } from './oauth'
import { WechatTokenCache, type TokenCacheOptions } from './tokenCache'

export interface WechatServiceOptions {
  db: Kysely<DB>
  now: () => Date
  /** Null: WECHAT_APPID is not configured, and WeChat login and share cards are off. */
  config: WechatConfig | null
  log: FastifyBaseLogger
  tokenCache?: TokenCacheOptions
}

/** Where the callback sends the browser, and what it does on the way. */
export type AuthorizationOutcome =
  | { kind: 'failed'; returnTo: string }
  /** A bound account: a new session for it. */
  | { kind: 'login'; userId: string; returnTo: string }
  /** The logged-in user stays (the openid is theirs, or was bound to them now). */
  | { kind: 'stay'; returnTo: string }
  /** An unbound WeChat user: the login that follows binds it (the token goes into the wx_bind cookie). */
  | { kind: 'pending'; token: string; returnTo: string }
  /** A bound account whose consent to the agreements is missing: the login screen asks for it. */
  | { kind: 'consent'; returnTo: string }

const notConfigured = () => new ApiError(400, 'WECHAT_NOT_CONFIGURED', '未开通微信公众号功能')

/** WeChat inside the mall: web-authorization login and binding, the JS-SDK config, the openid of a user. */
export class WechatService {
  readonly config: WechatConfig | null
  private readonly bindings: WechatBindings
  private readonly oauth: WechatOauth | null
  private readonly jsSdk: JsSdk | null

  constructor(private readonly options: WechatServiceOptions) {
    const { db, now, config } = options
    this.config = config
    this.bindings = new WechatBindings(db, now)
    const api = config ? new WechatApi(config) : null
    this.oauth = config && api ? new WechatOauth(db, now, config, api) : null
    this.jsSdk =
      config && api ? new JsSdk(config, api, new WechatTokenCache(db, now, options.tokenCache), now) : null
  }

  /** The user's openid under `appid` (WeChat Pay JSAPI's payer), or null when not bound. */
  openIdOf(userId: string, appid: string): Promise<string | null> {
    return this.bindings.openIdOf(userId, appid)
  }

  /** A new round trip to WeChat's authorize page: the state for the cookie and the URL to send the browser to. */
  startAuthorization(scope: OauthScope, returnTo: string, publicUrl: string) {
    if (!this.oauth) throw notConfigured()
    return this.oauth.start(scope, returnTo, publicUrl)
  }

  async completeAuthorization(input: {
    code: string | undefined
    state: string | undefined
    cookieState: string | null
    currentUserId: string | null
  }): Promise<AuthorizationOutcome> {
    const { oauth, config } = this
    if (!oauth || !config) return { kind: 'failed', returnTo: '/' }
    const result = await oauth.complete(input)
    if (!result.ok) {
      this.options.log.info({ reason: result.reason }, 'wechat authorization failed')
      return { kind: 'failed', returnTo: result.returnTo }
    }
    const { returnTo, profile } = result
    const boundTo = await this.bindings.userOf(config.appid, profile.openid)
    if (boundTo) {
      await this.bindings.refreshProfile(config.appid, profile)
      if (boundTo === input.currentUserId) return { kind: 'stay', returnTo }
      if (!(await hasCurrentConsent(this.options.db, boundTo))) return { kind: 'consent', returnTo }
      return { kind: 'login', userId: boundTo, returnTo }
    }
    if (input.currentUserId && (await this.bindings.bind(config.appid, profile, input.currentUserId)))
      return { kind: 'stay', returnTo }
    const token = await this.bindings.addPending(config.appid, profile)
    return { kind: 'pending', token, returnTo }
  }

  /** Binds the WeChat account waiting under this token (wx_bind) to the user who just logged in. */
  async bindWaiting(token: string, userId: string): Promise<boolean> {
    const waiting = await this.bindings.takePending(token)
    if (!waiting) return false
    const { appid, ...profile } = waiting
    return this.bindings.bind(appid, profile, userId)
  }

  async mine(userId: string): Promise<{ bound: boolean; nickname: string | null }> {
    if (!this.config) return { bound: false, nickname: null }
    return this.bindings.mine(userId, this.config.appid)
  }

  unbind(userId: string): Promise<void> {
    return this.bindings.unbind(userId)
  }

  /** wx.config for a page at `url`, whose origin must be one of `origins` (400 naming url otherwise). */
  async jsConfig(url: string, origins: readonly string[]): Promise<JsConfig> {
    if (!this.jsSdk) throw notConfigured()
    const pageUrl = ownPageUrl(url, origins)
    if (!pageUrl)
      throw new ApiError(400, 'INVALID_INPUT', '页面地址不属于本站', [
        { field: 'url', message: '页面地址（url）须为本站页面' },
      ])
    try {
      return await this.jsSdk.configFor(pageUrl)
    } catch (error) {
      if (!(error instanceof WechatApiError)) throw error
      this.options.log.warn({ reason: error.message, errcode: error.errcode }, 'wechat js-sdk ticket failed')
      throw new ApiError(502, 'WECHAT_UNAVAILABLE', '微信服务暂时不可用，请稍后重试')
    }
  }

  purge(): Promise<void> {
    return this.bindings.purge()
  }
}
