import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { PENDING_BINDING_TTL_MS } from './cookies'

// WeChat users (openid under one official account) bound to phone accounts, and the ones waiting for the login
// that binds them. One openid per account and appid, one account per openid: the table's keys hold it.

export interface WechatProfile {
  openid: string
  unionid: string | null
  /** Only after snsapi_userinfo. */
  nickname: string | null
  avatarUrl: string | null
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex')

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'

/** Thrown inside a transaction to undo it: the openid belongs to another account. */
class TakenByAnother extends Error {}

export class WechatBindings {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
  ) {}

  async openIdOf(userId: string, appid: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('wechat_bindings')
      .select('openid')
      .where('appid', '=', appid)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    return row?.openid ?? null
  }

  /** The account the openid is bound to (not one that was deleted). */
  async userOf(appid: string, openid: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('wechat_bindings')
      .innerJoin('users', 'users.id', 'wechat_bindings.user_id')
      .select('users.id')
      .where('wechat_bindings.appid', '=', appid)
      .where('wechat_bindings.openid', '=', openid)
      .where('users.deleted_at', 'is', null)
      .executeTakeFirst()
    return row?.id ?? null
  }

  /**
   * Binds the openid to the user, replacing the user's older binding for the appid. False when the openid is
   * bound to another account (it stays so).
   */
  async bind(appid: string, profile: WechatProfile, userId: string): Promise<boolean> {
    const now = this.now()
    try {
      return await this.db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('wechat_bindings')
          .where('appid', '=', appid)
          .where('user_id', '=', userId)
          .where('openid', '<>', profile.openid)
          .execute()
        const row = await trx
          .insertInto('wechat_bindings')
          .values({
            appid,
            openid: profile.openid,
            user_id: userId,
            unionid: profile.unionid,
            nickname: profile.nickname,
            avatar_url: profile.avatarUrl,
            bound_at: now,
          })
          .onConflict((oc) =>
            oc
              .columns(['appid', 'openid'])
              .doUpdateSet((eb) => ({
                unionid: eb.fn.coalesce('excluded.unionid', 'wechat_bindings.unionid'),
                nickname: eb.fn.coalesce('excluded.nickname', 'wechat_bindings.nickname'),
                avatar_url: eb.fn.coalesce('excluded.avatar_url', 'wechat_bindings.avatar_url'),
              }))
              .where('wechat_bindings.user_id', '=', userId),
          )
          .returning('user_id')
          .executeTakeFirst()
        if (!row) throw new TakenByAnother()
        return true
      })
    } catch (error) {
      // Another account holds the openid, or a concurrent binding of this account won (unique keys).
      if (error instanceof TakenByAnother || isUniqueViolation(error)) return false
      throw error
    }
  }

  /** Keeps the nickname and avatar WeChat gave with snsapi_userinfo (a silent snsapi_base login gives none). */
  async refreshProfile(appid: string, profile: WechatProfile): Promise<void> {
    if (profile.nickname === null && profile.avatarUrl === null && profile.unionid === null) return
    await this.db
      .updateTable('wechat_bindings')
      .set((eb) => ({
        unionid: eb.fn.coalesce(eb.val(profile.unionid), 'unionid'),
        nickname: eb.fn.coalesce(eb.val(profile.nickname), 'nickname'),
        avatar_url: eb.fn.coalesce(eb.val(profile.avatarUrl), 'avatar_url'),
      }))
      .where('appid', '=', appid)
      .where('openid', '=', profile.openid)
      .execute()
  }

  async mine(userId: string, appid: string): Promise<{ bound: boolean; nickname: string | null }> {
    const row = await this.db
      .selectFrom('wechat_bindings')
      .select('nickname')
      .where('appid', '=', appid)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    return { bound: row !== undefined, nickname: row?.nickname ?? null }
  }

  /** Ends every WeChat binding of the user: later visits in WeChat no longer log in by it. */
  async unbind(userId: string): Promise<void> {
    await this.db.deleteFrom('wechat_bindings').where('user_id', '=', userId).execute()
  }

  /** A WeChat user without an account yet: the token (for the wx_bind cookie) the next login brings back. */
  async addPending(appid: string, profile: WechatProfile): Promise<string> {
    const token = randomBytes(32).toString('base64url')
    const now = this.now()
    await this.db
      .insertInto('wechat_pending_bindings')
      .values({
        token_hash: hash(token),
        appid,
        openid: profile.openid,
        unionid: profile.unionid,
        nickname: profile.nickname,
        avatar_url: profile.avatarUrl,
        created_at: now,
        expires_at: new Date(now.getTime() + PENDING_BINDING_TTL_MS),
      })
      .execute()
    return token
  }

  /** Takes the pending binding of a token, once (one statement); null when unknown, used or expired. */
  async takePending(token: string): Promise<({ appid: string } & WechatProfile) | null> {
    const now = this.now()
    const row = await this.db
      .updateTable('wechat_pending_bindings')
      .set({ used_at: now })
      .where('token_hash', '=', hash(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['appid', 'openid', 'unionid', 'nickname', 'avatar_url'])
      .executeTakeFirst()
    if (!row) return null
    const { avatar_url: avatarUrl, ...rest } = row
    return { ...rest, avatarUrl }
  }

  /** Sweep: drops round trips and pending bindings a day past their use. */
  async purge(): Promise<void> {
    const dayAgo = new Date(this.now().getTime() - 24 * 3600_000)
    await this.db.deleteFrom('wechat_oauth_states').where('created_at', '<', dayAgo).execute()
    await this.db.deleteFrom('wechat_pending_bindings').where('expires_at', '<', dayAgo).execute()
  }
}
