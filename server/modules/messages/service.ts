import { randomUUID } from 'node:crypto'
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import { MESSAGE_CATEGORIES, messageFor, type MessageEvent } from '../../../src/domain/messages'
import type {
  Message,
  MessagePage,
  MessageQuery,
  UnreadCounts,
} from '../../../src/types/generated/api/message'
import type { DB } from '../../db/schema'
import { notFound } from '../../platform/errors'
import { decodeSeqCursor, encodeSeqCursor } from '../../platform/seqCursor'
import { toIso } from '../../platform/time'
import type { MessagesTable } from './tables'

const PAGE = 20

type Row = Omit<Selectable<MessagesTable>, 'user_id' | 'seq'>

const toMessage = (row: Row): Message => ({
  id: row.id,
  category: row.category,
  kind: row.kind,
  title: row.title,
  body: row.body,
  target: row.target,
  createdAt: toIso(row.created_at),
  read: row.read_at !== null,
})

/**
 * Each user's messages. `notify` is how every module tells a user something: it writes the message in the
 * caller's transaction, so the message exists exactly when what it tells has happened.
 */
export class MessageService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
  ) {}

  async notify(trx: Transaction<DB>, userId: string, event: MessageEvent): Promise<void> {
    const text = messageFor(event)
    await trx
      .insertInto('messages')
      .values({
        id: randomUUID(),
        user_id: userId,
        category: text.category,
        kind: event.kind,
        title: text.title,
        body: text.body,
        target: text.target ? JSON.stringify(text.target) : null,
        created_at: this.now(),
        read_at: null,
      })
      .execute()
  }

  private select() {
    return this.db
      .selectFrom('messages')
      .select(['id', 'seq', 'category', 'kind', 'title', 'body', 'target', 'created_at', 'read_at'])
  }

  async list(userId: string, query: MessageQuery): Promise<MessagePage> {
    const limit = query.limit ?? PAGE
    let select = this.select().where('user_id', '=', userId)
    if (query.category) select = select.where('category', '=', query.category)
    if (query.cursor) select = select.where('seq', '<', sql<string>`${decodeSeqCursor(query.cursor)}::bigint`)
    const rows = await select
      .orderBy('seq', 'desc')
      .limit(limit + 1)
      .execute()
    const page = rows.slice(0, limit)
    const last = page.at(-1)
    return {
      items: page.map(toMessage),
      nextCursor: rows.length > limit && last ? encodeSeqCursor(String(last.seq)) : null,
    }
  }

  async get(userId: string, id: string): Promise<Message> {
    const row = await this.select().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst()
    if (!row) throw notFound('消息')
    return toMessage(row)
  }

  /** Marks one message read (again: no change) and returns it. */
  async read(userId: string, id: string): Promise<Message> {
    await this.db
      .updateTable('messages')
      .set({ read_at: this.now() })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('read_at', 'is', null)
      .execute()
    return this.get(userId, id)
  }

  /** Marks every unread message read (of one category, if given); returns the counts after. */
  async readAll(userId: string, category?: keyof typeof MESSAGE_CATEGORIES): Promise<UnreadCounts> {
    let update = this.db
      .updateTable('messages')
      .set({ read_at: this.now() })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
    if (category) update = update.where('category', '=', category)
    await update.execute()
    return this.unread(userId)
  }

  async unread(userId: string): Promise<UnreadCounts> {
    const rows = await this.db
      .selectFrom('messages')
      .select(['category', sql<string>`count(*)`.as('n')])
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .groupBy('category')
      .execute()
    const counts: UnreadCounts = { total: 0, trade: 0, policy: 0, activity: 0, system: 0 }
    for (const row of rows) {
      counts[row.category] = Number(row.n)
      counts.total += Number(row.n)
    }
    return counts
  }
}
