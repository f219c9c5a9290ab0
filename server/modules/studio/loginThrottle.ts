import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { ApiError } from '../../platform/errors'

// Staff logins are throttled per (username, client address), never by locking the account: a stranger guessing
// from one address slows only that address, and a name that does not exist is throttled exactly like one that
// does. Each attempt is admitted and counted before its password is checked, in one conditional upsert, so
// parallel attempts (on any process) are counted exactly and none slips past a wait.

/** Attempts for one name from one address that wait for nothing; the wait starts after the last of them. */
export const FREE_ATTEMPTS = 5
/** The longest wait: it doubles from 1 s (1, 2, 4 … 512 s) and then stays here. */
export const MAX_WAIT_SECONDS = 15 * 60
/** After a quiet day the count starts afresh (and the sweep forgets the address). */
const QUIET_MS = 24 * 3600_000

export type Admission = { admitted: true; attempts: number } | { admitted: false; retryAfterSeconds: number }

export const throttled = (seconds: number) => {
  const wait = seconds < 60 ? `${seconds} 秒` : `${Math.ceil(seconds / 60)} 分钟`
  return new ApiError(429, 'STAFF_LOGIN_THROTTLED', `登录尝试过于频繁，请 ${wait}后再试`, undefined, {
    'Retry-After': String(seconds),
  })
}

export class LoginThrottle {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Counts one attempt of `username` from `ip` unless that pair must still wait; the wait after the n-th attempt
   * in a row is 2^(n - FREE_ATTEMPTS) seconds, at most MAX_WAIT_SECONDS.
   */
  async admit(username: string, ip: string, now: Date): Promise<Admission> {
    const quiet = new Date(now.getTime() - QUIET_MS)
    // The exponent is capped too: 2^10 s is already past the longest wait, and power() must not overflow.
    const { rows } = await sql<{ failures: number }>`
      INSERT INTO staff_login_attempts AS a (username, ip, failures, blocked_until, last_attempt_at)
      VALUES (${username}, ${ip}, 1, NULL, ${now})
      ON CONFLICT (username, ip) DO UPDATE
         SET failures = CASE WHEN a.last_attempt_at <= ${quiet} THEN 1 ELSE a.failures + 1 END,
             blocked_until = CASE
               WHEN a.last_attempt_at <= ${quiet} OR a.failures + 1 < ${FREE_ATTEMPTS} THEN NULL
               ELSE ${now}::timestamptz + make_interval(secs => LEAST(
                 power(2, LEAST(a.failures + 1 - ${FREE_ATTEMPTS}, 10)), ${MAX_WAIT_SECONDS}))
             END,
             last_attempt_at = ${now}
       WHERE a.blocked_until IS NULL OR a.blocked_until <= ${now}
      RETURNING failures`.execute(this.db)
    if (rows[0]) return { admitted: true, attempts: rows[0].failures }
    const row = await this.db
      .selectFrom('staff_login_attempts')
      .select('blocked_until')
      .where('username', '=', username)
      .where('ip', '=', ip)
      .executeTakeFirst()
    const left = (row?.blocked_until?.getTime() ?? now.getTime()) - now.getTime()
    return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) }
  }

  /** A correct password from this address: its count starts afresh. */
  async succeeded(username: string, ip: string): Promise<void> {
    await this.db
      .deleteFrom('staff_login_attempts')
      .where('username', '=', username)
      .where('ip', '=', ip)
      .execute()
  }

  /** A new password (set by an admin): every address starts afresh for this name. */
  async forget(username: string): Promise<void> {
    await this.db.deleteFrom('staff_login_attempts').where('username', '=', username).execute()
  }

  /** Drops addresses quiet for a day (the sweep). */
  async purge(now: Date): Promise<void> {
    await this.db
      .deleteFrom('staff_login_attempts')
      .where('last_attempt_at', '<=', new Date(now.getTime() - QUIET_MS))
      .execute()
  }
}
