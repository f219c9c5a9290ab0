import type { Kysely } from 'kysely'
import {
  APPOINTMENT_TOPICS,
  canChange,
  SLOT_MINUTES,
  slotLabel,
  type AppointmentTopic,
} from '../../../src/domain/appointments'
import { maskPhone } from '../../../src/domain/phone'
import type {
  DeskAppointment,
  DeskAppointmentList,
  DeskAppointmentQuery,
  SlotCalendar,
} from '../../../src/types/generated/api/appointment'
import type { DB } from '../../db/schema'
import { ApiError, notFound } from '../../platform/errors'
import { toIso } from '../../platform/time'
import type { MessageService } from '../messages/service'
import type { Actor, StaffAudit } from '../studio/audit'
import type { AppointmentService } from './service'

const LIST_LIMIT = 100
const SLOT_MS = SLOT_MINUTES * 60_000

type DeskStatus = DeskAppointment['status']

/**
 * 预约管理: agents see the bookings (phones masked; the full number, for the call, is an audited reveal), confirm
 * one (one conditional update: a second confirmation from another tab is a 409) or move it to another slot (the
 * consumer's own reschedule, confirmed by the agent). Each change messages the consumer and is audited.
 */
export class AppointmentDesk {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly appointments: AppointmentService,
    private readonly messages: MessageService,
    private readonly audit: StaffAudit,
  ) {}

  private select(db: Kysely<DB> = this.db) {
    return db
      .selectFrom('appointments as a')
      .leftJoin('consultants as c', 'c.id', 'a.consultant_id')
      .select([
        'a.id',
        'a.user_id',
        'a.goods_type',
        'a.consultant_id',
        'a.slot_start',
        'a.phone',
        'a.needs',
        'a.status',
        'a.confirmed_at',
        'a.confirmed_by',
        'a.created_at',
        'c.name as consultant_name',
      ])
  }

  private toDesk(
    row: Awaited<ReturnType<ReturnType<AppointmentDesk['select']>['execute']>>[number],
  ): DeskAppointment {
    const now = this.now().getTime()
    const start = row.slot_start.getTime()
    const status: DeskStatus =
      row.status === 'CANCELLED'
        ? 'cancelled'
        : start + SLOT_MS <= now
          ? 'finished'
          : row.confirmed_at
            ? 'confirmed'
            : 'pending'
    const goodsType = row.goods_type as AppointmentTopic | null
    return {
      id: row.id,
      subject: goodsType ? APPOINTMENT_TOPICS[goodsType] : `顾问${row.consultant_name ?? ''}`,
      slotStart: toIso(row.slot_start),
      slotEnd: toIso(new Date(start + SLOT_MS)),
      phone: maskPhone(row.phone),
      needs: row.needs,
      status,
      confirmedAt: row.confirmed_at ? toIso(row.confirmed_at) : null,
      confirmedBy: row.confirmed_by,
      changeable: (status === 'pending' || status === 'confirmed') && canChange(start, now),
      createdAt: toIso(row.created_at),
    }
  }

  async list(query: DeskAppointmentQuery): Promise<DeskAppointmentList> {
    const now = this.now()
    const endedBefore = new Date(now.getTime() - SLOT_MS)
    let select = this.select()
    if (query.status === 'cancelled') select = select.where('a.status', '=', 'CANCELLED')
    if (query.status === 'finished')
      select = select.where('a.status', '=', 'BOOKED').where('a.slot_start', '<=', endedBefore)
    if (query.status === 'pending' || query.status === 'confirmed')
      select = select
        .where('a.status', '=', 'BOOKED')
        .where('a.slot_start', '>', endedBefore)
        .where('a.confirmed_at', query.status === 'pending' ? 'is' : 'is not', null)
    // What is still to come: soonest first; the rest: latest first.
    const upcoming = query.status === 'pending' || query.status === 'confirmed'
    const rows = await select
      .orderBy('a.slot_start', upcoming ? 'asc' : 'desc')
      .limit(LIST_LIMIT)
      .execute()
    return { items: rows.map((row) => this.toDesk(row)) }
  }

  private async get(id: string, db: Kysely<DB> = this.db): Promise<DeskAppointment> {
    const row = await this.select(db).where('a.id', '=', id).executeTakeFirst()
    if (!row) throw notFound('预约')
    return this.toDesk(row)
  }

  async phone(actor: Actor, id: string): Promise<{ phone: string }> {
    const row = await this.db
      .selectFrom('appointments')
      .select('phone')
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row) throw notFound('预约')
    await this.audit.record(actor, {
      action: 'appointment_phone_view',
      detail: `查看预约 ${id} 的完整手机号`,
    })
    return { phone: row.phone }
  }

  /** The free places of the booking's own resource (a product type or its consultant), for a reschedule. */
  async slots(id: string): Promise<SlotCalendar> {
    const row = await this.db
      .selectFrom('appointments')
      .select(['goods_type', 'consultant_id'])
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row) throw notFound('预约')
    return this.appointments.slots(
      row.consultant_id
        ? { consultantId: row.consultant_id }
        : { goodsType: (row.goods_type ?? undefined) as AppointmentTopic | undefined },
    )
  }

  async confirm(actor: Actor, id: string): Promise<DeskAppointment> {
    const now = this.now()
    return this.db.transaction().execute(async (trx) => {
      const confirmed = await trx
        .updateTable('appointments')
        .set({ confirmed_at: now, confirmed_by: actor.displayName, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'BOOKED')
        .where('confirmed_at', 'is', null)
        .where('slot_start', '>', new Date(now.getTime() - SLOT_MS))
        .returning(['id', 'user_id', 'slot_start'])
        .executeTakeFirst()
      if (!confirmed) {
        const current = await this.get(id, trx)
        const why =
          current.status === 'confirmed'
            ? `已由${current.confirmedBy ?? '客服'}确认`
            : current.status === 'cancelled'
              ? '已取消'
              : '已结束'
        throw new ApiError(409, 'APPOINTMENT_NOT_PENDING', `该预约${why}，无需再确认`)
      }
      const shown = await this.get(id, trx)
      await this.messages.notify(trx, confirmed.user_id, {
        kind: 'appointment_confirmed',
        appointmentId: id,
        subject: shown.subject,
        slot: slotLabel(confirmed.slot_start.getTime()),
      })
      await this.audit.record(
        actor,
        {
          action: 'appointment_confirm',
          detail: `确认预约 ${id}（${shown.subject}，${slotLabel(confirmed.slot_start.getTime())}）`,
        },
        trx,
      )
      return shown
    })
  }

  /** The consumer's reschedule (its slot counters, 2-hour limit and message), made and confirmed by the agent. */
  async reschedule(actor: Actor, id: string, slotStart: string): Promise<DeskAppointment> {
    const row = await this.db
      .selectFrom('appointments')
      .select('user_id')
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row) throw notFound('预约')
    const moved = await this.appointments.reschedule(row.user_id, id, slotStart, actor.displayName)
    await this.audit.record(actor, {
      action: 'appointment_reschedule',
      detail: `预约 ${id} 改期至 ${slotLabel(Date.parse(moved.slotStart))}`,
    })
    return this.get(id)
  }
}
