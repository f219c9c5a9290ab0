import { randomBytes } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { PresenceList } from '../../../src/types/generated/api/studioCollab'
import type { Staff } from '../../../src/types/generated/api/studio'
import type { DB } from '../../db/schema'
import { ApiError } from '../../platform/errors'
import { toIso } from '../../platform/time'
import { pageNotFound } from './service'

/** The studio sends a heartbeat every 5 s (a background tab's timers may run far less often); 45 s without one and the tab is gone. */
export const PRESENCE_TTL_SECONDS = 45

/**
 * Who has a studio page open: each tab's heartbeat upserts its row (one statement, every server process sees it);
 * the answer is everyone else seen within the expiry, by the server's clock.
 */
export class StudioPresence {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
  ) {}

  async beat(pageId: string, tab: string, leaving: boolean, staff: Staff): Promise<PresenceList> {
    const now = this.now()
    const leaveToken = randomBytes(18).toString('base64url')
    if (leaving)
      await this.db
        .deleteFrom('studio_presence')
        .where('page_id', '=', pageId)
        .where('staff_id', '=', staff.id)
        .where('tab', '=', tab)
        .execute()
    else {
      const { rows } = await sql<{ page_id: string }>`
        INSERT INTO studio_presence (page_id, staff_id, tab, seen_at, leave_token)
        SELECT id, ${staff.id}, ${tab}, ${now}, ${leaveToken} FROM studio_pages WHERE id = ${pageId}
        ON CONFLICT (page_id, staff_id, tab)
        DO UPDATE SET seen_at = excluded.seen_at, leave_token = excluded.leave_token
        RETURNING page_id`.execute(this.db)
      if (rows.length === 0) throw pageNotFound()
    }
    const since = new Date(now.getTime() - PRESENCE_TTL_SECONDS * 1000)
    // Old rows of any page go with the beat that finds them expired.
    await this.db.deleteFrom('studio_presence').where('seen_at', '<', since).execute()
    const others = await this.db
      .selectFrom('studio_presence as s')
      .innerJoin('staff_users as u', 'u.id', 's.staff_id')
      .select(['s.staff_id', 'u.display_name', (eb) => eb.fn.max('s.seen_at').as('seen_at')])
      .where('s.page_id', '=', pageId)
      .where('s.seen_at', '>=', since)
      .where((eb) => eb.or([eb('s.staff_id', '<>', staff.id), eb('s.tab', '<>', tab)]))
      .groupBy(['s.staff_id', 'u.display_name'])
      .orderBy('s.staff_id')
      .execute()
    return {
      others: others.map((o) => ({
        staffId: o.staff_id,
        displayName: o.staff_id === staff.id ? `${o.display_name}（另一个标签页）` : o.display_name,
        seenAt: toIso(new Date(o.seen_at)),
      })),
      expiresInSeconds: PRESENCE_TTL_SECONDS,
      ...(leaving ? {} : { leaveToken }),
    }
  }

  /**
   * A closing tab's leave (navigator.sendBeacon on `pagehide`, which cannot send the CSRF header): the row goes
   * only when the session's staff member, the tab and the token of that tab's last heartbeat all match, in one
   * statement. The token was only ever in a heartbeat's answer, which needs the CSRF header to be asked for, so
   * a page that merely carries the session cookie cannot forge a leave; and once used it is gone with the row.
   */
  async leave(pageId: string, tab: string, leaveToken: string, staff: Staff): Promise<void> {
    const gone = await this.db
      .deleteFrom('studio_presence')
      .where('page_id', '=', pageId)
      .where('staff_id', '=', staff.id)
      .where('tab', '=', tab)
      .where('leave_token', '=', leaveToken)
      .returning('tab')
      .executeTakeFirst()
    if (!gone)
      throw new ApiError(403, 'PRESENCE_LEAVE_INVALID', '离开凭证无效或已用过，请刷新页面', [
        { field: 'leaveToken', message: '与最近一次心跳不符' },
      ])
  }
}
