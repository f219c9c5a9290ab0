import type { Kysely, Transaction } from 'kysely'
import type { AuditEntry } from '../../../src/types/generated/api/studio'
import type { DB } from '../../db/schema'
import { toIso } from '../../platform/time'

/** Who did it (a staff account as the audit log names it). */
export interface Actor {
  id: number
  displayName: string
}

export interface AuditRecord {
  action: string
  pageId?: string | null
  version?: number | null
  revision?: number | null
  detail?: string
}

/** The studio's audit log: one row per change (who, what, when, which page, version, revision). Append-only. */
export class StaffAudit {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
  ) {}

  async record(actor: Actor, entry: AuditRecord, trx: Kysely<DB> | Transaction<DB> = this.db): Promise<void> {
    await this.insert(actor.id, actor.displayName, entry, trx)
  }

  /** A change no staff member made (a scheduled job), named 系统. */
  async recordBySystem(entry: AuditRecord, trx: Kysely<DB> | Transaction<DB> = this.db): Promise<void> {
    await this.insert(null, '系统', entry, trx)
  }

  private async insert(
    staffId: number | null,
    staffName: string,
    entry: AuditRecord,
    trx: Kysely<DB> | Transaction<DB>,
  ): Promise<void> {
    await trx
      .insertInto('staff_audit')
      .values({
        at: this.now(),
        staff_id: staffId,
        staff_name: staffName,
        action: entry.action,
        page_id: entry.pageId ?? null,
        version: entry.version ?? null,
        revision: entry.revision ?? null,
        detail: entry.detail ?? '',
      })
      .execute()
  }

  async list(pageId: string | undefined, limit: number): Promise<AuditEntry[]> {
    let query = this.db.selectFrom('staff_audit').selectAll()
    if (pageId) query = query.where('page_id', '=', pageId)
    const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute()
    return rows.map((row) => ({
      at: toIso(row.at),
      staff: row.staff_name,
      action: row.action,
      pageId: row.page_id,
      version: row.version,
      revision: row.revision,
      detail: row.detail,
    }))
  }
}
