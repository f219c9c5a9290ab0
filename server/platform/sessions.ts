import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '../db/schema'

export const SESSION_COOKIE = 'sid'
export const SESSION_TTL_MS = 30 * 24 * 3600_000
/** A session is extended at most this often, so reads don't turn into writes on every request. */
const EXTEND_AFTER_MS = 3600_000

const hash = (token: string) => createHash('sha256').update(token).digest('hex')

export interface ActiveSession {
  userId: string
  expiresAt: Date
  /** Set when this request moved the expiry forward (the cookie must be re-sent). */
  extended: boolean
}

/** Server-side sessions: any API process can serve any user; logout ends the session everywhere. */
export class SessionStore {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
  ) {}

  async create(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url')
    const now = this.now()
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS)
    await this.db
      .insertInto('sessions')
      .values({
        id_hash: hash(token),
        user_id: userId,
        created_at: now,
        expires_at: expiresAt,
        last_seen_at: now,
      })
      .execute()
    return { token, expiresAt }
  }

  /** The live session of a token, sliding its expiry forward; null when unknown or expired. */
  async resolve(token: string): Promise<ActiveSession | null> {
    const now = this.now()
    const row = await this.db
      .selectFrom('sessions')
      .select(['user_id', 'expires_at', 'last_seen_at'])
      .where('id_hash', '=', hash(token))
      .where('expires_at', '>', now)
      .executeTakeFirst()
    if (!row) return null
    if (now.getTime() - row.last_seen_at.getTime() < EXTEND_AFTER_MS) {
      return { userId: row.user_id, expiresAt: row.expires_at, extended: false }
    }
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS)
    await this.db
      .updateTable('sessions')
      .set({ expires_at: expiresAt, last_seen_at: now })
      .where('id_hash', '=', hash(token))
      .execute()
    return { userId: row.user_id, expiresAt, extended: true }
  }

  async destroy(token: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id_hash', '=', hash(token)).execute()
  }

  /** Expired sessions are dead already; this only keeps the table small. */
  async purgeExpired(): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', this.now()).execute()
  }
}
