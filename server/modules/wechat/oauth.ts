import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { WechatProfile } from './bindings'
import { WechatApiError, type WechatApi } from './client'
import type { WechatConfig } from './config'
import { OAUTH_STATE_TTL_MS } from './cookies'

// 网页授权 (web authorization) round trips: the authorize URL with a fresh state, and the callback's checks. The
// state is random (160 bits, letters and digits as WeChat allows), kept in wechat_oauth_states and in the cookie of
// the browser that started; the callback takes it once, in one statement that also records the code's hash, so
// neither a state nor a code works twice. The code's exchange and the userinfo call run after that statement,
// outside any transaction.

export type OauthScope = 'snsapi_base' | 'snsapi_userinfo'

export const CALLBACK_PATH = '/api/wechat/oauth/callback'

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'

export type Authorization =
  { ok: true; returnTo: string; profile: WechatProfile } | { ok: false; returnTo: string; reason: string }

export class WechatOauth {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly config: WechatConfig,
    private readonly api: WechatApi,
  ) {}

  /** A new round trip: the state (for the cookie) and WeChat's authorize URL, parameters in WeChat's order. */
  async start(
    scope: OauthScope,
    returnTo: string,
    publicUrl: string,
  ): Promise<{ state: string; url: string }> {
    const state = randomBytes(20).toString('hex')
    await this.db
      .insertInto('wechat_oauth_states')
      .values({ state, scope, return_to: returnTo, created_at: this.now() })
      .execute()
    const query = [
      ['appid', this.config.appid],
      ['redirect_uri', `${publicUrl}${CALLBACK_PATH}`],
      ['response_type', 'code'],
      ['scope', scope],
      ['state', state],
    ]
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join('&')
    return { state, url: `${this.config.openUrl}/connect/oauth2/authorize?${query}#wechat_redirect` }
  }

  /**
   * The callback: the state must be the browser's own (cookie), unused and under 10 minutes old, and the code new;
   * then the code is exchanged for the openid (and, with snsapi_userinfo, the nickname and avatar).
   */
  async complete(input: {
    code: string | undefined
    state: string | undefined
    cookieState: string | null
  }): Promise<Authorization> {
    const { code, state, cookieState } = input
    if (!state || !cookieState || !sameText(state, cookieState))
      return { ok: false, returnTo: '/', reason: 'state does not match the cookie' }
    const now = this.now()
    let row: { scope: OauthScope; return_to: string } | undefined
    try {
      row = await this.db
        .updateTable('wechat_oauth_states')
        .set({ used_at: now, code_hash: code ? sha256(code) : null })
        .where('state', '=', state)
        .where('used_at', 'is', null)
        .where('created_at', '>', new Date(now.getTime() - OAUTH_STATE_TTL_MS))
        .returning(['scope', 'return_to'])
        .executeTakeFirst()
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      return { ok: false, returnTo: await this.returnToOf(state), reason: 'code already exchanged' }
    }
    if (!row) return { ok: false, returnTo: await this.returnToOf(state), reason: 'state used or expired' }
    const returnTo = row.return_to
    // No code: the user refused snsapi_userinfo.
    if (!code) return { ok: false, returnTo, reason: 'authorization refused' }
    try {
      return { ok: true, returnTo, profile: await this.profileOf(code, row.scope) }
    } catch (error) {
      if (!(error instanceof WechatApiError)) throw error
      return { ok: false, returnTo, reason: error.message }
    }
  }

  private async profileOf(code: string, scope: OauthScope): Promise<WechatProfile> {
    const exchange = await this.api.exchangeCode(code)
    if (exchange.snapshotUser) throw new WechatApiError('sns/oauth2/access_token', null, 'snapshot page user')
    const profile: WechatProfile = {
      openid: exchange.openid,
      unionid: exchange.unionid,
      nickname: null,
      avatarUrl: null,
    }
    if (scope === 'snsapi_userinfo' && exchange.scope.split(',').includes('snsapi_userinfo')) {
      const info = await this.api.userInfo(exchange.accessToken, exchange.openid)
      profile.nickname = info.nickname
      profile.avatarUrl = info.avatarUrl
      profile.unionid = info.unionid ?? profile.unionid
    }
    return profile
  }

  private async returnToOf(state: string): Promise<string> {
    const row = await this.db
      .selectFrom('wechat_oauth_states')
      .select('return_to')
      .where('state', '=', state)
      .executeTakeFirst()
    return row?.return_to ?? '/'
  }
}
