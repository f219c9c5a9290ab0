import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import {
  BOT_ANSWERS,
  MESSAGES_PER_DAY,
  MESSAGES_PER_MINUTE,
  SERVICE_HOURS_TEXT,
  SERVICE_TEXTS,
  withinServiceHours,
} from '../../../src/domain/serviceDesk'
import type {
  Context,
  ContextItem,
  Conversation,
  ConversationOpen,
  MessageInput,
  MessageList,
  RatingInput,
  SentMessage,
} from '../../../src/types/generated/api/service'
import type { DB } from '../../db/schema'
import { ApiError, notFound, tooMany } from '../../platform/errors'
import type { Notifier } from '../../platform/notify'
import { secondsLeft, SHANGHAI_DAY, takeHit, type LimitWindow } from '../../platform/rateLimits'
import { toIso } from '../../platform/time'
import type { HelpService } from '../help/service'
import type { MediaService } from '../media/service'
import {
  appendMessage,
  CONVERSATION_CHANNEL,
  isUniqueViolation,
  messagesAfter,
  positionOf,
  QUEUE_CHANNEL,
  sentBefore,
  toMessage,
  type ConversationRow,
  type NewMessage,
} from './thread'

const MINUTE: LimitWindow = { kind: 'fixed', ms: 60_000 }

export const conversationClosed = () =>
  new ApiError(409, 'CONVERSATION_CLOSED', '本次会话已结束，请重新发起咨询', [
    { field: 'id', message: '会话已结束' },
  ])

/**
 * 在线客服 as the customer uses it: one open conversation at a time, the assistant's FAQ answers first, then 转人工
 * (the queue, or a 留言 outside service hours), the agent's replies, closing and rating. Every write tells the
 * other processes (the notifier) once committed.
 */
export class ConversationService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly notifier: Notifier,
    private readonly help: HelpService,
    private readonly media: MediaService,
  ) {}

  /** The customer's open conversation, or a new one with the assistant's welcome; the context is added to it. */
  async open(userId: string, input: ConversationOpen): Promise<Conversation> {
    const item = input.context ? await this.contextItem(userId, input.context) : null
    const existing = await this.openRow(userId)
    let id = existing?.id
    if (!id) {
      id = randomUUID()
      const created = await this.createConversation(userId, id)
      if (!created) id = (await this.openRow(userId))?.id
      if (!id) throw new ApiError(409, 'CONVERSATION_BUSY', '会话正在建立，请稍后重试')
    }
    const conversationId = id
    if (item) await this.addContext(conversationId, item)
    if (input.question)
      await this.send(userId, conversationId, { clientId: `q-${randomUUID()}`, text: input.question })
    return this.conversation(await this.row(userId, conversationId))
  }

  /** The new conversation and its welcome; false when another request opened one first (one open per user). */
  private async createConversation(userId: string, id: string): Promise<boolean> {
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('service_conversations')
          .values({ id, user_id: userId, status: 'bot', created_at: this.now() })
          .execute()
        await appendMessage(trx, id, { sender: 'bot', body: SERVICE_TEXTS.welcome }, this.now())
      })
      return true
    } catch (error) {
      if (isUniqueViolation(error)) return false
      throw error
    }
  }

  async current(userId: string): Promise<Conversation | null> {
    const row = await this.openRow(userId)
    return row ? this.conversation(row) : null
  }

  async messages(userId: string, id: string, after: number): Promise<MessageList> {
    const row = await this.row(userId, id)
    const items = await messagesAfter(this.db, id, after)
    return { conversation: await this.conversation(row), items: items.map((m) => toMessage(m, 'customer')) }
  }

  /**
   * A customer's message (text or their own uploaded image), once per client id. While the assistant answers,
   * its FAQ matches follow in the same transaction.
   */
  async send(userId: string, id: string, input: MessageInput): Promise<SentMessage> {
    if ((input.text === undefined) === (input.imageId === undefined))
      throw new ApiError(400, 'INVALID_INPUT', '请输入文字或选择一张图片', [
        { field: 'text', message: '文字和图片须二选一' },
      ])
    const before = await this.row(userId, id)
    const repeated = await sentBefore(this.db, id, 'customer', input.clientId)
    if (repeated === null) {
      if (before.status === 'closed') throw conversationClosed()
      await this.takeMessageHits(userId)
      try {
        await this.writeCustomerMessage(userId, id, input)
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
      }
    }
    const seq = repeated ?? (await sentBefore(this.db, id, 'customer', input.clientId)) ?? before.last_seq
    const items = await messagesAfter(this.db, id, seq - 1)
    return {
      conversation: await this.conversation(await this.row(userId, id)),
      items: items.map((m) => toMessage(m, 'customer')),
    }
  }

  private async writeCustomerMessage(userId: string, id: string, input: MessageInput): Promise<void> {
    const text = input.text?.trim() ?? ''
    if (input.text !== undefined && !text)
      throw new ApiError(400, 'INVALID_INPUT', '消息不能为空', [{ field: 'text', message: '请输入内容' }])
    const message: NewMessage = {
      sender: 'customer',
      body: text,
      mediaId: input.imageId ?? null,
      clientId: input.clientId,
    }
    const answers = text ? this.help.answersFor(text, BOT_ANSWERS) : []
    await this.db.transaction().execute(async (trx) => {
      if (input.imageId)
        await this.media.attach(trx, userId, [input.imageId], 'service', `service:${id}`, 'imageId')
      const seq = await appendMessage(trx, id, message, this.now(), (qb) =>
        qb.where('user_id', '=', userId).where('status', '<>', 'closed'),
      )
      if (seq === null) throw conversationClosed()
      const status = await trx
        .selectFrom('service_conversations')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      if (status.status === 'bot')
        await appendMessage(
          trx,
          id,
          answers.length
            ? {
                sender: 'bot',
                body: SERVICE_TEXTS.answers,
                faqs: answers.map((a) => ({ id: a.id, question: a.question })),
              }
            : { sender: 'bot', body: SERVICE_TEXTS.noAnswer },
          this.now(),
        )
    })
    await this.changed(id)
  }

  /** 转人工: into the queue (in service hours) or a 留言 (outside them); asked again, nothing changes. */
  async handoff(userId: string, id: string): Promise<Conversation> {
    const row = await this.row(userId, id)
    if (row.status === 'closed') throw conversationClosed()
    if (row.status === 'bot') {
      const now = this.now()
      const afterHours = !withinServiceHours(now)
      await this.db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('service_conversations')
          .set({ status: 'queued', queued_at: now, after_hours: afterHours })
          .where('id', '=', id)
          .where('status', '=', 'bot')
          .returning('id')
          .executeTakeFirst()
        if (moved)
          await appendMessage(
            trx,
            id,
            { sender: 'system', body: afterHours ? SERVICE_TEXTS.afterHours : SERVICE_TEXTS.queued },
            now,
          )
      })
      await this.changed(id, true)
    }
    return this.conversation(await this.row(userId, id))
  }

  /** The customer ends the conversation (any state but closed). */
  async close(userId: string, id: string): Promise<Conversation> {
    const now = this.now()
    await this.db.transaction().execute(async (trx) => {
      const seq = await appendMessage(
        trx,
        id,
        { sender: 'system', body: SERVICE_TEXTS.closedByCustomer },
        now,
        (qb) => qb.where('user_id', '=', userId).where('status', '<>', 'closed'),
      )
      if (seq !== null)
        await trx
          .updateTable('service_conversations')
          .set({ status: 'closed', closed_at: now })
          .where('id', '=', id)
          .execute()
    })
    await this.changed(id, true)
    return this.conversation(await this.row(userId, id))
  }

  /** One rating of a closed conversation an agent served. */
  async rate(userId: string, id: string, input: RatingInput): Promise<Conversation> {
    const rated = await this.db
      .updateTable('service_conversations')
      .set({ rating: input.score, rating_comment: input.comment?.trim() || null })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('status', '=', 'closed')
      .where('rating', 'is', null)
      .where('agent_id', 'is not', null)
      .returning('id')
      .executeTakeFirst()
    if (!rated) {
      const row = await this.row(userId, id)
      if (row.status !== 'closed')
        throw new ApiError(409, 'CONVERSATION_OPEN', '会话结束后才能评价', [
          { field: 'score', message: '会话尚未结束' },
        ])
      if (row.agent_id === null)
        throw new ApiError(409, 'NOT_SERVED', '本次会话没有人工客服接待，无需评价', [
          { field: 'score', message: '没有可评价的客服' },
        ])
      throw new ApiError(409, 'ALREADY_RATED', '您已评价过本次服务', [{ field: 'score', message: '已评价' }])
    }
    await this.changed(id)
    return this.conversation(await this.row(userId, id))
  }

  /** The customer's page is connected until `until` (its stream renews this while open). */
  async seen(id: string, until: Date): Promise<void> {
    await this.db
      .updateTable('service_conversations')
      .set({ customer_online_until: until })
      .where('id', '=', id)
      .execute()
  }

  /** The conversation as its customer reads it (its own, else 404). */
  async row(userId: string, id: string): Promise<ConversationRow> {
    const row = await this.db
      .selectFrom('service_conversations')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    if (!row) throw notFound('会话')
    return row
  }

  async conversation(row: ConversationRow): Promise<Conversation> {
    const agent =
      row.agent_id === null
        ? null
        : await this.db
            .selectFrom('staff_users')
            .select('display_name')
            .where('id', '=', row.agent_id)
            .executeTakeFirst()
    return {
      id: row.id,
      status: row.status,
      context: row.context,
      agentName: agent?.display_name ?? null,
      position: await positionOf(this.db, row),
      withinHours: withinServiceHours(this.now()),
      hours: SERVICE_HOURS_TEXT,
      lastSeq: row.last_seq,
      rating: row.rating,
      createdAt: toIso(row.created_at),
      closedAt: row.closed_at ? toIso(row.closed_at) : null,
    }
  }

  private openRow(userId: string) {
    return this.db
      .selectFrom('service_conversations')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '<>', 'closed')
      .executeTakeFirst()
  }

  /** Counts a message against the per-minute and per-day limits, each in one statement. */
  private async takeMessageHits(userId: string): Promise<void> {
    const now = this.now()
    if (!(await takeHit(this.db, `service:min:${userId}`, MESSAGES_PER_MINUTE, MINUTE, now)))
      throw tooMany('SERVICE_RATE_LIMITED', '发送太频繁，请稍后再试', secondsLeft(MINUTE, now))
    if (!(await takeHit(this.db, `service:day:${userId}`, MESSAGES_PER_DAY, SHANGHAI_DAY, now)))
      throw tooMany(
        'SERVICE_RATE_LIMITED',
        '今天的消息已达上限，请明天再试或拨打客服热线',
        secondsLeft(SHANGHAI_DAY, now),
      )
  }

  /** What the customer came from, named as they saw it; someone else's order or policy is refused. */
  private async contextItem(userId: string, context: Context): Promise<ContextItem | null> {
    if (context.productId) {
      const p = await this.db
        .selectFrom('products')
        .select(['id', 'name'])
        .where('id', '=', context.productId)
        .executeTakeFirst()
      if (!p)
        throw new ApiError(400, 'INVALID_INPUT', '产品不存在', [
          { field: 'context.productId', message: '产品不存在' },
        ])
      return { kind: 'product', id: p.id, title: p.name }
    }
    if (context.orderId) {
      const o = await this.db
        .selectFrom('orders')
        .select(['id', 'order_no', 'product_name'])
        .where('id', '=', context.orderId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
      if (!o)
        throw new ApiError(400, 'INVALID_INPUT', '订单不存在', [
          { field: 'context.orderId', message: '订单不存在' },
        ])
      return { kind: 'order', id: o.id, title: `订单 ${o.order_no} · ${o.product_name}` }
    }
    if (context.policyId) {
      const p = await this.db
        .selectFrom('policies')
        .select(['id', 'policy_no', 'product_name'])
        .where('id', '=', context.policyId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
      if (!p)
        throw new ApiError(400, 'INVALID_INPUT', '保单不存在', [
          { field: 'context.policyId', message: '保单不存在' },
        ])
      return { kind: 'policy', id: p.id, title: `保单 ${p.policy_no} · ${p.product_name}` }
    }
    if (context.claimId) {
      const c = await this.db
        .selectFrom('claims as c')
        .innerJoin('policies as p', 'p.id', 'c.policy_id')
        .select(['c.id', 'c.claim_no', 'p.product_name'])
        .where('c.id', '=', context.claimId)
        .where('c.user_id', '=', userId)
        .executeTakeFirst()
      if (!c)
        throw new ApiError(400, 'INVALID_INPUT', '理赔不存在', [
          { field: 'context.claimId', message: '理赔不存在' },
        ])
      return { kind: 'claim', id: c.id, title: `理赔 ${c.claim_no} · ${c.product_name}` }
    }
    return null
  }

  /** Adds a context item once (the latest first, at most 5). */
  private async addContext(id: string, item: ContextItem): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('service_conversations')
        .select('context')
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirstOrThrow()
      const rest = row.context.filter((c) => !(c.kind === item.kind && c.id === item.id))
      await trx
        .updateTable('service_conversations')
        .set({ context: JSON.stringify([item, ...rest].slice(0, 5)) })
        .where('id', '=', id)
        .execute()
    })
    await this.changed(id)
  }

  /** Tells every process: this conversation changed (and, for a move in or out of it, the queue). */
  private async changed(id: string, queue = false): Promise<void> {
    await this.notifier.publish(CONVERSATION_CHANNEL, id)
    if (queue) await this.notifier.publish(QUEUE_CHANNEL, id)
  }
}
