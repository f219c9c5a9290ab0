import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely'
import type { DB } from '../../db/schema'

// The publishing model in SQL, in one place (docs/studio.md): the publication in force for a page at T is the
// newest one with publish_at <= T that was never cancelled; a pending schedule is one not cancelled whose
// publish_at is still ahead. Every publication (publish, schedule, rollback, unpublish) supersedes the pending
// ones, under the page's row lock, so two staff publishing at once never leave two pending schedules.

type Db = Kysely<DB> | Transaction<DB>

/**
 * The publication in force for a page at `now` (id, version, kind, publish_at, created_by), as a subquery:
 * `pageId` is a value or a reference to the outer query's page id (for a LATERAL join).
 */
export function livePublication(pageId: string | RawBuilder<unknown>, now: Date) {
  return sql`
    SELECT s.id, s.version, s.kind, s.publish_at, s.created_by FROM studio_publications s
     WHERE s.page_id = ${pageId} AND s.publish_at <= ${now} AND s.cancelled_at IS NULL
     ORDER BY s.publish_at DESC, s.id DESC LIMIT 1`
}

/** The page row locked for the rest of the transaction (false when there is no such page). */
export async function lockPage(trx: Transaction<DB>, id: string): Promise<boolean> {
  const row = await trx
    .selectFrom('studio_pages')
    .select('id')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()
  return row !== undefined
}

export interface SupersededSchedule {
  version: number | null
  publishAt: Date
}

/** Marks every pending schedule of the page but `by` superseded by it (who and when kept); what it superseded. */
export async function supersedePending(
  trx: Transaction<DB>,
  p: { pageId: string; by: string; staffId: number; now: Date },
): Promise<SupersededSchedule[]> {
  const rows = await trx
    .updateTable('studio_publications')
    .set({ cancelled_at: p.now, cancelled_by: p.staffId, cancel_kind: 'superseded', superseded_by: p.by })
    .where('page_id', '=', p.pageId)
    .where('id', '<>', p.by)
    .where('publish_at', '>', p.now)
    .where('cancelled_at', 'is', null)
    .returning(['version', 'publish_at'])
    .execute()
  return rows.map((r) => ({ version: r.version, publishAt: r.publish_at }))
}

/** The page's pending schedules, soonest first, with who made them. */
export function pendingSchedules(db: Db, pageId: string, now: Date) {
  return db
    .selectFrom('studio_publications as s')
    .innerJoin('staff_users as u', 'u.id', 's.created_by')
    .select(['s.id', 's.version', 's.kind', 's.publish_at', 's.created_at', 'u.display_name'])
    .where('s.page_id', '=', pageId)
    .where('s.publish_at', '>', now)
    .where('s.cancelled_at', 'is', null)
    .orderBy('s.publish_at')
    .orderBy('s.id')
    .execute()
}
