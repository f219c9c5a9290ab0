import { randomUUID } from 'node:crypto'
import { sql, type Kysely, type Selectable } from 'kysely'
import { feedbackContentProblem } from '../../../src/domain/feedback'
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
import type { FeedbackTable } from './tables'

const PAGE = 20

const invalid = (field: string, message: string) =>
  new ApiError(400, 'INVALID_INPUT', message, [{ field, message }])

/** Each user's feedback: written with its photos in one transaction, read by its author only. */
export class FeedbackService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly media: MediaService,
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
