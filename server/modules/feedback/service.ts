import { randomUUID } from 'node:crypto'
import { sql, type Kysely, type Selectable } from 'kysely'
import { DEMO_FEEDBACK_REPLY, feedbackContentProblem } from '../../../src/domain/feedback'
import type {
  Feedback,
  FeedbackInput,
  FeedbackPage,
  FeedbackQuery,
} from '../../../src/types/generated/api/feedback'
import type { DB } from '../../db/schema'
import { ApiError, notFound } from '../../platform/errors'
import { recordAnswer } from '../../platform/idempotency'
import { decodeSeqCursor, encodeSeqCursor } from '../../platform/seqCursor'
import { toIso } from '../../platform/time'
import type { MediaService } from '../media/service'
import { mediaUrl } from '../media/service'
import type { MessageService } from '../messages/service'
import type { FeedbackTable } from './tables'

const PAGE = 20
/** How long after a feedback the demo's canned reply comes (demo mode only). */
export const DEMO_REPLY_AFTER_MS = 60_000

const invalid = (field: string, message: string) =>
  new ApiError(400, 'INVALID_INPUT', message, [{ field, message }])

/** Each user's feedback: written with its photos in one transaction, read by its author only. */
export class FeedbackService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly media: MediaService,
    private readonly messages: MessageService,
  ) {}

  async create(userId: string, input: FeedbackInput): Promise<Feedback> {
    const content = input.content.trim()
    // A lone surrogate ("\ud800") is valid JSON but no text PostgreSQL can store.
    if (/\p{Cs}/u.test(content)) throw invalid('content', '反馈内容（content）包含无法识别的字符')
    const problem = feedbackContentProblem(content)
    if (problem) throw invalid('content', `反馈内容（content）${problem}`)
    const photos = input.photos ?? []
    const id = randomUUID()
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('feedback')
        .values({
          id,
          user_id: userId,
          type: input.type,
          content,
          photos: JSON.stringify(photos),
          contact_phone: input.contactPhone ?? null,
          status: 'PENDING',
          created_at: this.now(),
        })
        .execute()
      await this.media.attach(trx, userId, photos, 'feedback', `feedback:${id}`, 'photos')
      return recordAnswer(trx, await this.get(userId, id, trx))
    })
  }

  async list(userId: string, query: FeedbackQuery): Promise<FeedbackPage> {
    const limit = query.limit ?? PAGE
    let select = this.db.selectFrom('feedback').selectAll().where('user_id', '=', userId)
    if (query.cursor) select = select.where('seq', '<', sql<string>`${decodeSeqCursor(query.cursor)}::bigint`)
    const rows = await select
      .orderBy('seq', 'desc')
      .limit(limit + 1)
      .execute()
    const page = rows.slice(0, limit)
    const last = page.at(-1)
    return {
      items: await this.withReplies(page),
      nextCursor: rows.length > limit && last ? encodeSeqCursor(String(last.seq)) : null,
    }
  }

  async get(userId: string, id: string, db: Kysely<DB> = this.db): Promise<Feedback> {
    const row = await db
      .selectFrom('feedback')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    if (!row) throw notFound('反馈')
    const [feedback] = await this.withReplies([row], db)
    return feedback
  }

  /**
   * Demo mode has no support staff yet: a minute after a feedback, the sweep answers it with a canned reply that
   * says it is automatic, and tells the user in the message center. Each feedback is answered once (the status
   * moves from PENDING in the statement that decides).
   */
  async replyAsDemo(): Promise<number> {
    const cutoff = new Date(this.now().getTime() - DEMO_REPLY_AFTER_MS)
    const due = await this.db
      .selectFrom('feedback')
      .select('id')
      .where('status', '=', 'PENDING')
      .where('created_at', '<=', cutoff)
      .orderBy('created_at')
      .limit(100)
      .execute()
    let replied = 0
    for (const { id } of due) {
      await this.db.transaction().execute(async (trx) => {
        const taken = await trx
          .updateTable('feedback')
          .set({ status: 'REPLIED' })
          .where('id', '=', id)
          .where('status', '=', 'PENDING')
          .returning('user_id')
          .executeTakeFirst()
        if (!taken) return
        await trx
          .insertInto('feedback_replies')
          .values({ feedback_id: id, author: '客服', body: DEMO_FEEDBACK_REPLY, created_at: this.now() })
          .execute()
        await this.messages.notify(trx, taken.user_id, { kind: 'feedback_replied', feedbackId: id })
        replied += 1
      })
    }
    return replied
  }

  private async withReplies(rows: Selectable<FeedbackTable>[], db = this.db): Promise<Feedback[]> {
    if (rows.length === 0) return []
    const replies = await db
      .selectFrom('feedback_replies')
      .selectAll()
      .where(
        'feedback_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('id')
      .execute()
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      content: row.content,
      photos: row.photos.map((photo) => ({ id: photo, url: mediaUrl(photo) })),
      contactPhone: row.contact_phone,
      status: row.status,
      createdAt: toIso(row.created_at),
      replies: replies
        .filter((r) => r.feedback_id === row.id)
        .map((r) => ({ author: r.author, body: r.body, createdAt: toIso(r.created_at) })),
    }))
  }
}
