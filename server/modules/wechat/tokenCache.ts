import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { WechatApiError, type Expiring } from './client'

// WeChat's global access_token and jsapi_ticket, kept in wechat_tokens for every server process: WeChat allows a
// limited number of fetches a day, and a new access_token retires the previous one after 5 minutes. A value is
// renewed 5 minutes before it expires by the one process that takes the lease (a conditional upsert, one
// statement); the others keep using the current value meanwhile, or wait for the new one when there is none.
// The fetch runs outside any transaction (PGlite has one connection; a network call never holds it).

/** A value is renewed this long before it expires. */
export const REFRESH_BEFORE_MS = 5 * 60_000
/** How long a process may take to renew before another one may try. */
export const LEASE_MS = 30_000

export interface TokenCacheOptions {
  /** How long a caller waits (real time) for another process's renewal when there is no usable value. */
  waitMs?: number
  pollMs?: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export class WechatTokenCache {
  private readonly waitMs: number
  private readonly pollMs: number

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    options: TokenCacheOptions = {},
  ) {
    this.waitMs = options.waitMs ?? LEASE_MS + 5_000
    this.pollMs = options.pollMs ?? 100
  }

  /**
   * The cached value of `kind`, renewed with `fetch` when it is missing, about to expire, or `stale` (a value
   * WeChat just refused with 40001/42001: whoever renews first, the others then read the new one).
   */
  async get(kind: string, fetch: () => Promise<Expiring>, stale?: string): Promise<string> {
    const giveUpAt = Date.now() + this.waitMs
    for (;;) {
      const now = this.now()
      const row = await this.db
        .selectFrom('wechat_tokens')
        .select(['value', 'expires_at'])
        .where('kind', '=', kind)
        .executeTakeFirst()
      const usable = row && row.value !== '' && row.value !== stale && row.expires_at > now
      if (usable && row.expires_at.getTime() - REFRESH_BEFORE_MS > now.getTime()) return row.value
      const lease = await this.takeLease(kind, now, stale)
      if (lease) return this.renew(kind, lease, fetch, usable ? row.value : null)
      // Another process is renewing: its current value is still good, or wait for the new one.
      if (usable) return row.value
      if (Date.now() >= giveUpAt) throw new WechatApiError(kind, null, 'renewal by another process timed out')
      await sleep(this.pollMs)
    }
  }

  /** The lease to renew `kind`, taken in one statement; null when another process holds it or none is due. */
  private async takeLease(kind: string, now: Date, stale: string | undefined): Promise<Date | null> {
    const until = new Date(now.getTime() + LEASE_MS)
    const due = new Date(now.getTime() + REFRESH_BEFORE_MS)
    const row = await this.db
      .insertInto('wechat_tokens')
      .values({ kind, value: '', expires_at: new Date(0), refreshing_until: until })
      .onConflict((oc) =>
        oc
          .column('kind')
          .doUpdateSet({ refreshing_until: until })
          .where((eb) =>
            eb.and([
              eb.or([
                eb('wechat_tokens.refreshing_until', 'is', null),
                eb('wechat_tokens.refreshing_until', '<=', now),
              ]),
              eb.or([
                eb('wechat_tokens.value', '=', ''),
                eb('wechat_tokens.expires_at', '<=', due),
                stale === undefined ? sql<boolean>`false` : eb('wechat_tokens.value', '=', stale),
              ]),
            ]),
          ),
      )
      .returning('refreshing_until')
      .executeTakeFirst()
    return row ? until : null
  }

  private async renew(
    kind: string,
    lease: Date,
    fetch: () => Promise<Expiring>,
    current: string | null,
  ): Promise<string> {
    const startedAt = this.now()
    let fresh: Expiring
    try {
      fresh = await fetch()
    } catch (error) {
      // Let the next caller try at once; a value that is still valid serves until then.
      await this.db
        .updateTable('wechat_tokens')
        .set({ refreshing_until: null })
        .where('kind', '=', kind)
        .where('refreshing_until', '=', lease)
        .execute()
      if (current !== null) return current
      throw error
    }
    await this.db
      .updateTable('wechat_tokens')
      .set({
        value: fresh.value,
        expires_at: new Date(startedAt.getTime() + fresh.expiresInSeconds * 1000),
        refreshing_until: null,
      })
      .where('kind', '=', kind)
      .execute()
    return fresh.value
  }
}
