import type { Kysely, Transaction } from 'kysely'
import { maskCertificateNumber, maskName } from '../../../src/domain/certificate'
import { ORDER_STATUS_TEXT } from '../../../src/domain/order'
import { maskPhone } from '../../../src/domain/phone'
import { POLICY_STATUS_TEXT, policyStatusAt } from '../../../src/domain/policy'
import { SERVICE_TEXTS } from '../../../src/domain/serviceDesk'
import type {
  DeskAgents,
  DeskConversation,
  DeskCustomer,
  DeskList,
  DeskMessageInput,
  DeskQueue,
  DeskThread,
  TransferInput,
} from '../../../src/types/generated/api/service'
import type { Staff } from '../../../src/types/generated/api/studio'
import type { DB } from '../../db/schema'
import { ApiError, notFound } from '../../platform/errors'
import type { Notifier } from '../../platform/notify'
import { toIso } from '../../platform/time'
import type { MessageService } from '../messages/service'
import type { StaffAudit } from '../studio/audit'
import {
  appendMessage,
  CONVERSATION_CHANNEL,
  isUniqueViolation,
  messagesAfter,
  QUEUE_CHANNEL,
  sentBefore,
  toMessage,
  type AppendCondition,
  type ConversationRow,
} from './thread'

const LIST_LIMIT = 100

/** 管理员 may step into any conversation being served (reply, transfer, close); an agent only into their own. */
const supervises = (staff: Staff) => staff.role === 'admin'
/** Being served, by this agent (or any agent, for 管理员). */
const servedBy =
  (staff: Staff): AppendCondition =>
  (qb) =>
    qb.where('status', '=', 'active').$if(!supervises(staff), (q) => q.where('agent_id', '=', staff.id))

const takenByOther = () =>
  new ApiError(409, 'CONVERSATION_TAKEN', '该会话已被其他客服接待或已结束', [
    { field: 'id', message: '不在排队中' },
  ])
const notYours = () =>
  new ApiError(409, 'CONVERSATION_NOT_YOURS', '该会话不在您的接待中（可能已转接或结束）', [
    { field: 'id', message: '不在您的接待中' },
  ])

/** The agents' side of 在线客服: the queue, taking, replying, transferring, closing, and the customer's records. */
export class DeskService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly notifier: Notifier,
    private readonly messages: MessageService,
    private readonly audit: StaffAudit,
  ) {}

  async list(staff: Staff, queue: DeskQueue): Promise<DeskList> {
    let query = this.db
      .selectFrom('service_conversations as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .leftJoin('staff_users as s', 's.id', 'c.agent_id')
      .selectAll('c')
      .select(['u.phone', 's.display_name as agent_name'])
      .select((eb) =>
        eb
          .selectFrom('service_messages as m')
          .select('m.body')
          .whereRef('m.conversation_id', '=', 'c.id')
          .where('m.sender', 'in', ['customer', 'agent'])
          .orderBy('m.seq', 'desc')
          .limit(1)
          .as('last_body'),
      )
      .select((eb) =>
        eb
          .selectFrom('service_messages as m')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('m.conversation_id', '=', 'c.id')
          .where('m.sender', '=', 'customer')
          .whereRef('m.seq', '>', 'c.agent_read_seq')
          .as('unread'),
      )
    if (queue === 'waiting')
      query = query.where('c.status', '=', 'queued').orderBy('c.queued_at').orderBy('c.id')
    else if (queue === 'mine')
      query = query.where('c.status', '=', 'active').where('c.agent_id', '=', staff.id).orderBy('c.queued_at')
    else if (queue === 'active') query = query.where('c.status', '=', 'active').orderBy('c.queued_at')
    else query = query.where('c.status', '=', 'closed').orderBy('c.closed_at', 'desc')
    const rows = await query.limit(LIST_LIMIT).execute()
    const waiting = await this.db
      .selectFrom('service_conversations')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('status', '=', 'queued')
      .executeTakeFirstOrThrow()
    return {
      items: rows.map((r) =>
        toDesk(r, {
          phone: r.phone,
          agentName: r.agent_name,
          lastBody: r.last_body,
          unread: Number(r.unread ?? 0),
        }),
      ),
      waiting: Number(waiting.n),
    }
  }

  /** A conversation's messages after `after`; the reader's mark moves when it is the agent's own. */
  async thread(staff: Staff, id: string, after: number): Promise<DeskThread> {
    const items = await messagesAfter(this.db, id, after)
    const last = items.at(-1)?.seq
    if (last !== undefined)
      await this.db
        .updateTable('service_conversations')
        .set({ agent_read_seq: last })
        .where('id', '=', id)
        .where('agent_id', '=', staff.id)
        .where('agent_read_seq', '<', last)
        .execute()
    return { conversation: await this.conversation(id), items: items.map((m) => toMessage(m, 'agent')) }
  }

  /** Takes a queued conversation: one statement, so of two agents at once one gets it and the other a 409. */
  async take(staff: Staff, id: string): Promise<DeskThread> {
    const now = this.now()
    await this.db.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable('service_conversations')
        .set({ status: 'active', agent_id: staff.id })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .returning('id')
        .executeTakeFirst()
      if (!taken) throw await missingOr(trx, id, takenByOther())
      await appendMessage(trx, id, { sender: 'system', body: SERVICE_TEXTS.taken(staff.displayName) }, now)
    })
    await this.changed(id, true)
    return this.thread(staff, id, 0)
  }

  /**
   * An agent's reply (text, or an image of the studio's asset library), once per client id, only while the
   * conversation is theirs. A customer whose page is not connected also finds it in the message center, once per
   * absence.
   */
  async reply(staff: Staff, id: string, input: DeskMessageInput): Promise<DeskThread> {
    if ((input.text === undefined) === (input.imageUrl === undefined))
      throw new ApiError(400, 'INVALID_INPUT', '请输入回复或选择一张图片', [
        { field: 'text', message: '文字和图片须二选一' },
      ])
    const text = input.text?.trim()
    if (input.text !== undefined && !text)
      throw new ApiError(400, 'INVALID_INPUT', '回复不能为空', [{ field: 'text', message: '请输入内容' }])
    const repeated = await sentBefore(this.db, id, 'agent', input.clientId)
    if (repeated === null) {
      const now = this.now()
      try {
        await this.db.transaction().execute(async (trx) => {
          const seq = await appendMessage(
            trx,
            id,
            {
              sender: 'agent',
              staffId: staff.id,
              body: text ?? '',
              imageUrl: input.imageUrl ?? null,
              clientId: input.clientId,
            },
            now,
            servedBy(staff),
          )
          if (seq === null) throw await missingOr(trx, id, notYours())
          await trx
            .updateTable('service_conversations')
            .set({ agent_read_seq: seq })
            .where('id', '=', id)
            .execute()
          // Offline, and not yet told since the page was last connected: one message-center entry.
          const absent = await trx
            .updateTable('service_conversations')
            .set({ offline_notice_at: now })
            .where('id', '=', id)
            .where((eb) =>
              eb.or([eb('customer_online_until', 'is', null), eb('customer_online_until', '<', now)]),
            )
            .where((eb) =>
              eb.or([
                eb('offline_notice_at', 'is', null),
                eb('offline_notice_at', '<', eb.ref('customer_online_until')),
              ]),
            )
            .returning('user_id')
            .executeTakeFirst()
          if (absent)
            await this.messages.notify(trx, absent.user_id, {
              kind: 'service_replied',
              conversationId: id,
              agentName: staff.displayName,
              preview: text ? text.slice(0, 60) : '[图片]',
            })
        })
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
      }
      await this.changed(id)
    }
    const seq = repeated ?? (await sentBefore(this.db, id, 'agent', input.clientId)) ?? 1
    return this.thread(staff, id, seq - 1)
  }

  /** Hands a conversation to another agent (or back to the queue), with a line for the customer. */
  async transfer(staff: Staff, id: string, input: TransferInput): Promise<DeskThread> {
    const now = this.now()
    const to = input.toStaffId ?? null
    let target: { id: number; display_name: string } | undefined
    if (to !== null) {
      target = await this.db
        .selectFrom('staff_users')
        .select(['id', 'display_name'])
        .where('id', '=', to)
        .where('role', 'in', ['agent', 'admin'])
        .where('disabled', '=', false)
        .executeTakeFirst()
      if (!target)
        throw new ApiError(400, 'INVALID_INPUT', '请选择在职的客服', [
          { field: 'toStaffId', message: '客服不存在或已停用' },
        ])
      if (target.id === staff.id)
        throw new ApiError(400, 'INVALID_INPUT', '不能转接给自己', [
          { field: 'toStaffId', message: '请选择其他客服' },
        ])
    }
    await this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('service_conversations')
        .set(
          target
            ? { agent_id: target.id, agent_read_seq: 0 }
            : { status: 'queued', agent_id: null, queued_at: now },
        )
        .where('id', '=', id)
        .where('status', '=', 'active')
        .$if(!supervises(staff), (q) => q.where('agent_id', '=', staff.id))
        .returning('id')
        .executeTakeFirst()
      if (!moved) throw await missingOr(trx, id, notYours())
      await appendMessage(
        trx,
        id,
        {
          sender: 'system',
          body: target ? SERVICE_TEXTS.transferred(target.display_name) : SERVICE_TEXTS.requeued,
        },
        now,
      )
      await this.audit.record(
        staff,
        {
          action: 'service_transfer',
          detail: `会话 ${id.slice(0, 8)} 转给${target ? target.display_name : '排队'}${input.note ? `：${input.note}` : ''}`,
        },
        trx,
      )
    })
    await this.changed(id, true)
    return this.thread(staff, id, 0)
  }

  /** Ends a conversation the agent serves; the customer is asked to rate it. */
  async close(staff: Staff, id: string): Promise<DeskThread> {
    const now = this.now()
    await this.db.transaction().execute(async (trx) => {
      const seq = await appendMessage(
        trx,
        id,
        { sender: 'system', body: SERVICE_TEXTS.closedByAgent },
        now,
        servedBy(staff),
      )
      if (seq === null) throw await missingOr(trx, id, notYours())
      await trx
        .updateTable('service_conversations')
        .set({ status: 'closed', closed_at: now, agent_read_seq: seq })
        .where('id', '=', id)
        .execute()
    })
    await this.changed(id, true)
    return this.thread(staff, id, 0)
  }

  /** Agents (and admins) a conversation may go to, with how many each serves now. */
  async agents(): Promise<DeskAgents> {
    const rows = await this.db
      .selectFrom('staff_users as s')
      .select(['s.id', 's.display_name', 's.role'])
      .select((eb) =>
        eb
          .selectFrom('service_conversations as c')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('c.agent_id', '=', 's.id')
          .where('c.status', '=', 'active')
          .as('active'),
      )
      .where('s.role', 'in', ['agent', 'admin'])
      .where('s.disabled', '=', false)
      .orderBy('s.id')
      .execute()
    return {
      items: rows.map((r) => ({
        id: r.id,
        displayName: r.display_name,
        role: r.role,
        active: Number(r.active ?? 0),
      })),
    }
  }

  /** The customer's orders and policies, masked; the view is in the audit log (staff reading personal data). */
  async customer(staff: Staff, id: string): Promise<DeskCustomer> {
    const row = await this.db
      .selectFrom('service_conversations as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.user_id', 'u.phone', 'u.real_name'])
      .where('c.id', '=', id)
      .executeTakeFirst()
    if (!row) throw notFound('会话')
    const [orders, policies] = await Promise.all([
      this.db
        .selectFrom('orders')
        .select(['order_no', 'product_name', 'status', 'premium_fen', 'created_at'])
        .where('user_id', '=', row.user_id)
        .orderBy('created_at', 'desc')
        .limit(20)
        .execute(),
      this.db
        .selectFrom('policies')
        .select(['policy_no', 'product_name', 'effective_at', 'expires_at', 'surrendered_at', 'insured'])
        .where('user_id', '=', row.user_id)
        .orderBy('issued_at', 'desc')
        .limit(20)
        .execute(),
    ])
    await this.audit.record(staff, {
      action: 'service_customer_view',
      detail: `查看会话 ${id.slice(0, 8)} 用户 ${maskPhone(row.phone)} 的订单与保单`,
    })
    const nowMs = this.now().getTime()
    return {
      phone: maskPhone(row.phone),
      realName: row.real_name ? maskName(row.real_name) : null,
      orders: orders.map((o) => ({
        orderNo: o.order_no,
        productName: o.product_name,
        status: ORDER_STATUS_TEXT[o.status],
        premiumFen: o.premium_fen,
        createdAt: toIso(o.created_at),
      })),
      policies: policies.map((p) => ({
        policyNo: maskCertificateNumber(p.policy_no),
        productName: p.product_name,
        status:
          POLICY_STATUS_TEXT[
            policyStatusAt(
              {
                effectiveAt: toIso(p.effective_at),
                expiresAt: p.expires_at ? toIso(p.expires_at) : null,
                surrenderedAt: p.surrendered_at ? toIso(p.surrendered_at) : null,
              },
              nowMs,
            )
          ],
        startDate: toIso(p.effective_at).slice(0, 10),
        endDate: p.expires_at ? toIso(p.expires_at).slice(0, 10) : '终身',
        insuredName: maskName(p.insured.name),
      })),
    }
  }

  /** A customer's image in a conversation (its media id is one of that conversation's messages). */
  async imageOf(id: string, mediaId: string): Promise<string> {
    const row = await this.db
      .selectFrom('service_messages')
      .select('media_id')
      .where('conversation_id', '=', id)
      .where('media_id', '=', mediaId)
      .executeTakeFirst()
    if (!row?.media_id) throw notFound('图片')
    return row.media_id
  }

  async conversation(id: string): Promise<DeskConversation> {
    const r = await this.db
      .selectFrom('service_conversations as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .leftJoin('staff_users as s', 's.id', 'c.agent_id')
      .selectAll('c')
      .select(['u.phone', 's.display_name as agent_name'])
      .where('c.id', '=', id)
      .executeTakeFirst()
    if (!r) throw notFound('会话')
    return toDesk(r, { phone: r.phone, agentName: r.agent_name, lastBody: null, unread: 0 })
  }

  private async changed(id: string, queue = false): Promise<void> {
    await this.notifier.publish(CONVERSATION_CHANNEL, id)
    if (queue) await this.notifier.publish(QUEUE_CHANNEL, id)
  }
}

/** 404 for a conversation that does not exist, else the state error (read in the caller's transaction). */
async function missingOr(trx: Transaction<DB>, id: string, error: ApiError): Promise<ApiError> {
  const found = await trx
    .selectFrom('service_conversations')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst()
  return found ? error : notFound('会话')
}

function toDesk(
  r: ConversationRow,
  extra: { phone: string; agentName: string | null; lastBody: string | null; unread: number },
): DeskConversation {
  return {
    id: r.id,
    status: r.status,
    customerPhone: maskPhone(extra.phone),
    context: r.context,
    agentId: r.agent_id,
    agentName: extra.agentName,
    afterHours: r.after_hours,
    waitingSince: r.queued_at ? toIso(r.queued_at) : null,
    lastMessage: extra.lastBody === null ? null : extra.lastBody || '[图片]',
    lastSeq: r.last_seq,
    unread: extra.unread,
    rating: r.rating,
    createdAt: toIso(r.created_at),
    closedAt: r.closed_at ? toIso(r.closed_at) : null,
  }
}
