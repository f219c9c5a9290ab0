import { sql, type Kysely } from 'kysely'
import { maskPhone } from '../../../src/domain/phone'
import type {
  DeskFeedback,
  DeskFeedbackList,
  DeskFeedbackQuery,
} from '../../../src/types/generated/api/feedback'
import type { DB } from '../../db/schema'
import { ApiError, notFound } from '../../platform/errors'
import { toIso } from '../../platform/time'
import type { MediaService } from '../media/service'
import type { MessageService } from '../messages/service'
import type { Actor, StaffAudit } from '../studio/audit'

const LIST_LIMIT = 100
/** The name a consumer sees on a staff reply (never the staff member's own name). */
export const REPLY_AUTHOR = '客服'

const deskPhotoUrl = (feedbackId: string, mediaId: string) =>
  `/api/studio/cases/feedback/${feedbackId}/photos/${mediaId}`

/**
 * The service desk's side of feedback: the list (phones masked), one feedback (its opening audited) and the
 * reply, which marks it answered in the statement that decides (a second reply from another tab is a 409) and
 * tells the consumer in the same transaction.
 */
export class FeedbackDesk {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly media: MediaService,
    private readonly messages: MessageService,
    private readonly audit: StaffAudit,
  ) {}

  async list(query: DeskFeedbackQuery): Promise<DeskFeedbackList> {
    let select = this.db
      .selectFrom('feedback')
      .select(['id', 'type', 'content', 'photos', 'contact_phone', 'status', 'created_at'])
    if (query.status) select = select.where('status', '=', query.status)
    const rows = await select.orderBy('seq', 'desc').limit(LIST_LIMIT).execute()
    return {
      items: rows.map((row) => ({
        id: row.id,
        type: row.type,
        content: row.content,
        photoCount: row.photos.length,
        contactPhone: row.contact_phone ? maskPhone(row.contact_phone) : null,
        status: row.status,
        createdAt: toIso(row.created_at),
      })),
    }
  }

  async open(actor: Actor, id: string): Promise<DeskFeedback> {
    const feedback = await this.get(id)
    await this.audit.record(actor, { action: 'feedback_view', detail: `查看意见反馈 ${id}` })
    return feedback
  }

  private async get(id: string, db: Kysely<DB> = this.db): Promise<DeskFeedback> {
    const row = await db
      .selectFrom('feedback as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .selectAll('f')
      .select('u.phone as user_phone')
      .where('f.id', '=', id)
      .executeTakeFirst()
    if (!row) throw notFound('反馈')
    const replies = await db
      .selectFrom('feedback_replies')
      .select(['author', 'body', 'created_at'])
      .where('feedback_id', '=', id)
      .orderBy('id')
      .execute()
    return {
      id: row.id,
      type: row.type,
      content: row.content,
      photos: row.photos.map((photo) => ({ id: photo, url: deskPhotoUrl(row.id, photo) })),
      contactPhone: row.contact_phone ? maskPhone(row.contact_phone) : null,
      userPhone: row.user_phone ? maskPhone(row.user_phone) : null,
      status: row.status,
      createdAt: toIso(row.created_at),
      replies: replies.map((r) => ({ author: r.author, body: r.body, createdAt: toIso(r.created_at) })),
    }
  }

  /** The full contact phone (or the account's phone when none was left), for a call back; audited. */
  async phone(actor: Actor, id: string): Promise<{ phone: string | null }> {
    const row = await this.db
      .selectFrom('feedback as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .select(['f.contact_phone', 'u.phone'])
      .where('f.id', '=', id)
      .executeTakeFirst()
    if (!row) throw notFound('反馈')
    await this.audit.record(actor, {
      action: 'feedback_phone_view',
      detail: `查看意见反馈 ${id} 的完整手机号`,
    })
    return { phone: row.contact_phone ?? row.phone ?? null }
  }

  async photo(id: string, mediaId: string) {
    const row = await this.db
      .selectFrom('feedback')
      .select('id')
      .where('id', '=', id)
      .where(sql<boolean>`photos ? ${mediaId}`)
      .executeTakeFirst()
    if (!row) throw notFound('反馈图片')
    return this.media.openShared(mediaId)
  }

  async reply(actor: Actor, id: string, body: string): Promise<DeskFeedback> {
    const text = body.trim()
    if (text.length < 2 || /\p{Cs}/u.test(text))
      throw new ApiError(400, 'INVALID_INPUT', '回复内容至少 2 个字', [
        { field: 'body', message: '至少 2 个字' },
      ])
    return this.db.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable('feedback')
        .set({ status: 'REPLIED' })
        .where('id', '=', id)
        .where('status', '=', 'PENDING')
        .returning('user_id')
        .executeTakeFirst()
      if (!taken) {
        await this.get(id, trx)
        throw new ApiError(409, 'FEEDBACK_ALREADY_REPLIED', '该反馈已回复，请刷新后查看')
      }
      await trx
        .insertInto('feedback_replies')
        .values({
          feedback_id: id,
          author: REPLY_AUTHOR,
          staff_id: actor.id,
          body: text,
          created_at: this.now(),
        })
        .execute()
      await this.messages.notify(trx, taken.user_id, { kind: 'feedback_replied', feedbackId: id })
      await this.audit.record(actor, { action: 'feedback_reply', detail: `回复意见反馈 ${id}` }, trx)
      return this.get(id, trx)
    })
  }
}
