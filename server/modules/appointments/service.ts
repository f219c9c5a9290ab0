import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import {
  APPOINTMENT_TOPICS,
  canChange,
  MAX_ACTIVE_BOOKINGS,
  remainingOf,
  SLOT_CAPACITY,
  SLOT_MINUTES,
  slotCalendar,
  slotLabel,
  slotProblem,
  type AppointmentTopic,
} from '../../../src/domain/appointments'
import { maskPhone } from '../../../src/domain/phone'
import type {
  Appointment,
  AppointmentInput,
  AppointmentList,
  Consultant,
  ConsultantList,
  SlotCalendar,
  SlotsQuery,
} from '../../../src/types/generated/api/appointment'
import type { DB } from '../../db/schema'
import { ApiError, notFound } from '../../platform/errors'
import { recordAnswer } from '../../platform/idempotency'
import { toIso } from '../../platform/time'
import type { SmsProvider } from '../auth/sms/provider'
import type { MessageService } from '../messages/service'
import type { AppointmentsTable, ConsultantsTable } from './tables'

const UNIQUE_VIOLATION = '23505'
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION

const SLOT_MS = SLOT_MINUTES * 60_000

/** What a booking is for: a product type (the service desk) or one consultant. */
interface Bookable {
  resource: string
  goodsType: AppointmentTopic | null
  consultantId: string | null
  subject: string
  capacity: number
}

const toConsultant = (row: Selectable<ConsultantsTable>): Consultant => ({
  id: row.id,
  name: row.name,
  photo: row.photo,
  licenceNo: row.licence_no,
  years: row.years,
  specialities: row.specialities,
  rating: row.rating_tenths / 10,
  served: row.served,
  intro: row.intro,
})

const slotFull = () =>
  new ApiError(409, 'SLOT_FULL', '该时段已约满，请选择其他时段', [{ field: 'slotStart', message: '已约满' }])
const alreadyBooked = () =>
  new ApiError(409, 'ALREADY_BOOKED', '您已预约过该时段，无需重复预约', [
    { field: 'slotStart', message: '已预约' },
  ])
const badSlot = (message: string) =>
  new ApiError(400, 'INVALID_SLOT', `预约时段（slotStart）不正确：${message}`, [
    { field: 'slotStart', message },
  ])

/**
 * Booked calls. A slot's places are a counter per (resource, slot start): a booking takes one in one guarded
 * statement (insert, or add one while booked < capacity), in the same transaction as its appointment row; a
 * cancellation gives it back; a reschedule takes the new one and gives back the old one in one transaction.
 * Each user's appointments are keyed by the session's user id; another user's id is "not found".
 */
export class AppointmentService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly messages: MessageService,
    private readonly sms: SmsProvider,
    private readonly log: FastifyBaseLogger,
  ) {}

  async consultants(): Promise<ConsultantList> {
    const rows = await this.db
      .selectFrom('consultants')
      .selectAll()
      .where('active', '=', true)
      .orderBy('sort')
      .execute()
    return { items: rows.map(toConsultant) }
  }

  async consultant(id: string): Promise<Consultant> {
    const row = await this.db
      .selectFrom('consultants')
      .selectAll()
      .where('id', '=', id)
      .where('active', '=', true)
      .executeTakeFirst()
    if (!row) throw notFound('顾问')
    return toConsultant(row)
  }

  private async bookable(query: SlotsQuery): Promise<Bookable> {
    if (query.goodsType && query.consultantId)
      throw new ApiError(400, 'INVALID_INPUT', '产品类型（goodsType）与顾问（consultantId）只能选择其一', [
        { field: 'goodsType', message: '与 consultantId 不能同时提供' },
      ])
    if (query.goodsType)
      return {
        resource: `product:${query.goodsType}`,
        goodsType: query.goodsType,
        consultantId: null,
        subject: APPOINTMENT_TOPICS[query.goodsType],
        capacity: SLOT_CAPACITY.product,
      }
    if (query.consultantId) {
      const consultant = await this.consultant(query.consultantId)
      return {
        resource: `consultant:${consultant.id}`,
        goodsType: null,
        consultantId: consultant.id,
        subject: `顾问${consultant.name}`,
        capacity: SLOT_CAPACITY.consultant,
      }
    }
    throw new ApiError(400, 'INVALID_INPUT', '请提供咨询的产品类型（goodsType）或顾问（consultantId）', [
      { field: 'goodsType', message: '必填其一' },
    ])
  }

  /** The next 7 days' slots of a product type or a consultant, with the places left in each. */
  async slots(query: SlotsQuery): Promise<SlotCalendar> {
    const target = await this.bookable(query)
    const days = slotCalendar(this.now().getTime())
    const all = days.flatMap((d) => d.starts)
    const taken = new Map<number, { booked: number; capacity: number }>()
    if (all.length) {
      const rows = await this.db
        .selectFrom('appointment_slots')
        .select(['slot_start', 'booked', 'capacity'])
        .where('resource', '=', target.resource)
        .where('slot_start', '>=', new Date(all[0]))
        .where('slot_start', '<=', new Date(all[all.length - 1]))
        .execute()
      for (const row of rows) taken.set(row.slot_start.getTime(), row)
    }
    return {
      subject: target.subject,
      capacity: target.capacity,
      days: days.map((d) => ({
        day: d.day,
        slots: d.starts.map((start) => {
          const row = taken.get(start)
          return {
            start: toIso(new Date(start)),
            end: toIso(new Date(start + SLOT_MS)),
            remaining: row ? remainingOf(row.capacity, row.booked) : target.capacity,
          }
        }),
      })),
    }
  }

  /** One place of the slot, in one statement: the first booking creates the counter, the others add one while
   * places are left. Nothing returned means the slot is full. */
  private async take(trx: Transaction<DB>, target: Bookable, start: Date): Promise<void> {
    const taken = await trx
      .insertInto('appointment_slots')
      .values({ resource: target.resource, slot_start: start, capacity: target.capacity, booked: 1 })
      .onConflict((oc) =>
        oc
          .columns(['resource', 'slot_start'])
          .doUpdateSet({ booked: sql<number>`appointment_slots.booked + 1` })
          .where(sql<boolean>`appointment_slots.booked < appointment_slots.capacity`),
      )
      .returning('booked')
      .executeTakeFirst()
    if (!taken) throw slotFull()
  }

  private async release(trx: Transaction<DB>, resource: string, start: Date): Promise<void> {
    await trx
      .updateTable('appointment_slots')
      .set({ booked: sql<number>`booked - 1` })
      .where('resource', '=', resource)
      .where('slot_start', '=', start)
      .where('booked', '>', 0)
      .execute()
  }

  private slotStart(value: string): Date {
    const start = Date.parse(value)
    const problem = slotProblem(start, this.now().getTime())
    if (problem) throw badSlot(problem)
    return new Date(start)
  }

  async book(userId: string, input: AppointmentInput): Promise<Appointment> {
    const target = await this.bookable(input)
    const start = this.slotStart(input.slotStart)
    const now = this.now()
    const id = randomUUID()
    let booked: Appointment
    try {
      booked = await this.db.transaction().execute(async (trx) => {
        // One user's bookings run one at a time (the user row locked), so the count below holds.
        await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute()
        const { active } = await trx
          .selectFrom('appointments')
          .select(sql<string>`count(*)`.as('active'))
          .where('user_id', '=', userId)
          .where('status', '=', 'BOOKED')
          .where('slot_start', '>', now)
          .executeTakeFirstOrThrow()
        if (Number(active) >= MAX_ACTIVE_BOOKINGS)
          throw new ApiError(
            409,
            'TOO_MANY_APPOINTMENTS',
            `您已有 ${MAX_ACTIVE_BOOKINGS} 个待进行的预约，请完成或取消后再预约`,
          )
        await this.take(trx, target, start)
        await trx
          .insertInto('appointments')
          .values({
            id,
            user_id: userId,
            resource: target.resource,
            goods_type: target.goodsType,
            consultant_id: target.consultantId,
            slot_start: start,
            phone: input.phone,
            needs: input.needs.trim(),
            status: 'BOOKED',
            created_at: now,
            updated_at: now,
            cancelled_at: null,
          })
          .execute()
        await this.messages.notify(trx, userId, {
          kind: 'appointment_booked',
          appointmentId: id,
          subject: target.subject,
          slot: slotLabel(start.getTime()),
          rescheduled: false,
        })
        return recordAnswer(trx, await this.get(userId, id, trx))
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyBooked()
      throw error
    }
    await this.text(
      input.phone,
      `【国恒保险】您已成功预约「${target.subject}」咨询，时间 ${slotLabel(start.getTime())}，届时将致电本号码。开始前 2 小时可在“我的预约”中取消或改期。`,
    )
    return booked
  }

  /** The appointment locked for a change, refused when cancelled, ended or within 2 hours of its slot. */
  private async lockChangeable(trx: Transaction<DB>, userId: string, id: string) {
    const row = await trx
      .selectFrom('appointments')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst()
    if (!row) throw notFound('预约')
    if (row.status === 'CANCELLED') throw new ApiError(409, 'APPOINTMENT_CANCELLED', '该预约已取消')
    if (!canChange(row.slot_start.getTime(), this.now().getTime()))
      throw new ApiError(
        409,
        'TOO_LATE_TO_CHANGE',
        '距预约开始已不足 2 小时，无法取消或改期；如需调整，请接听顾问来电时说明',
      )
    return row
  }

  async cancel(userId: string, id: string): Promise<Appointment> {
    const now = this.now()
    const { row, cancelled } = await this.db.transaction().execute(async (trx) => {
      const current = await this.lockChangeable(trx, userId, id)
      await trx
        .updateTable('appointments')
        .set({ status: 'CANCELLED', cancelled_at: now, updated_at: now })
        .where('id', '=', id)
        .execute()
      await this.release(trx, current.resource, current.slot_start)
      await this.messages.notify(trx, userId, {
        kind: 'appointment_cancelled',
        appointmentId: id,
        subject: await this.subjectOf(trx, current),
        slot: slotLabel(current.slot_start.getTime()),
      })
      return { row: current, cancelled: await recordAnswer(trx, await this.get(userId, id, trx)) }
    })
    await this.text(
      row.phone,
      `【国恒保险】您预约的${slotLabel(row.slot_start.getTime())}咨询已取消。如需再次预约，可随时在线选择时段。`,
    )
    return cancelled
  }

  /**
   * Moves a booking to another slot. The user's change drops an agent's confirmation (the new time is not yet
   * confirmed); the desk's (desk.ts) passes the agent, whose change is confirmed by itself.
   */
  async reschedule(
    userId: string,
    id: string,
    slotStart: string,
    confirmedBy: string | null = null,
  ): Promise<Appointment> {
    const start = this.slotStart(slotStart)
    const now = this.now()
    let phone = ''
    let subject = ''
    let moved: Appointment
    try {
      moved = await this.db.transaction().execute(async (trx) => {
        const current = await this.lockChangeable(trx, userId, id)
        if (current.slot_start.getTime() === start.getTime())
          throw new ApiError(400, 'INVALID_SLOT', '预约时段（slotStart）不正确：与原预约时段相同', [
            { field: 'slotStart', message: '与原预约时段相同' },
          ])
        subject = await this.subjectOf(trx, current)
        phone = current.phone
        const target: Bookable = {
          resource: current.resource,
          goodsType: null,
          consultantId: null,
          subject,
          capacity: current.consultant_id ? SLOT_CAPACITY.consultant : SLOT_CAPACITY.product,
        }
        await this.take(trx, target, start)
        await this.release(trx, current.resource, current.slot_start)
        await trx
          .updateTable('appointments')
          .set({
            slot_start: start,
            updated_at: now,
            confirmed_at: confirmedBy ? now : null,
            confirmed_by: confirmedBy,
          })
          .where('id', '=', id)
          .execute()
        await this.messages.notify(trx, userId, {
          kind: 'appointment_booked',
          appointmentId: id,
          subject,
          slot: slotLabel(start.getTime()),
          rescheduled: true,
        })
        return recordAnswer(trx, await this.get(userId, id, trx))
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyBooked()
      throw error
    }
    await this.text(
      phone,
      `【国恒保险】您预约的「${subject}」咨询已改至 ${slotLabel(start.getTime())}，届时将致电本号码。`,
    )
    return moved
  }

  private async subjectOf(trx: Transaction<DB>, row: Selectable<AppointmentsTable>): Promise<string> {
    if (row.goods_type) return APPOINTMENT_TOPICS[row.goods_type as AppointmentTopic] ?? row.goods_type
    const consultant = await trx
      .selectFrom('consultants')
      .select('name')
      .where('id', '=', row.consultant_id ?? '')
      .executeTakeFirst()
    return consultant ? `顾问${consultant.name}` : '顾问咨询'
  }

  /** The confirmation SMS, after the booking committed: a gateway failure never undoes a booking (the message
   * center has it either way). A provider without notices sends none. */
  private async text(phone: string, message: string): Promise<void> {
    if (!this.sms.sendNotice) return
    try {
      await this.sms.sendNotice(phone, message)
    } catch (error) {
      this.log.warn({ phone: maskPhone(phone), err: error }, 'appointment SMS not sent')
    }
  }

  private select(db: Kysely<DB> = this.db) {
    return db
      .selectFrom('appointments')
      .leftJoin('consultants', 'consultants.id', 'appointments.consultant_id')
      .select([
        'appointments.id',
        'appointments.goods_type',
        'appointments.consultant_id',
        'appointments.slot_start',
        'appointments.phone',
        'appointments.needs',
        'appointments.status',
        'appointments.created_at',
        'appointments.cancelled_at',
        'appointments.confirmed_at',
        'consultants.name as consultant_name',
      ])
  }

  private toAppointment(
    row: Awaited<ReturnType<ReturnType<AppointmentService['select']>['execute']>>[number],
  ) {
    const now = this.now().getTime()
    const start = row.slot_start.getTime()
    const goodsType = row.goods_type as AppointmentTopic | null
    const status =
      row.status === 'CANCELLED'
        ? 'CANCELLED'
        : start + SLOT_MS <= now
          ? ('FINISHED' as const)
          : ('BOOKED' as const)
    return {
      id: row.id,
      goodsType,
      consultantId: row.consultant_id,
      subject: goodsType ? APPOINTMENT_TOPICS[goodsType] : `顾问${row.consultant_name ?? ''}`,
      slotStart: toIso(row.slot_start),
      slotEnd: toIso(new Date(start + SLOT_MS)),
      phone: row.phone,
      needs: row.needs,
      status,
      changeable: status === 'BOOKED' && canChange(start, now),
      createdAt: toIso(row.created_at),
      cancelledAt: row.cancelled_at ? toIso(row.cancelled_at) : null,
      confirmedAt: row.confirmed_at ? toIso(row.confirmed_at) : null,
    } satisfies Appointment
  }

  async get(userId: string, id: string, db: Kysely<DB> = this.db): Promise<Appointment> {
    const row = await this.select(db)
      .where('appointments.user_id', '=', userId)
      .where('appointments.id', '=', id)
      .executeTakeFirst()
    if (!row) throw notFound('预约')
    return this.toAppointment(row)
  }

  /** The caller's appointments, the latest slot first (at most 100). */
  async mine(userId: string): Promise<AppointmentList> {
    const rows = await this.select()
      .where('appointments.user_id', '=', userId)
      .orderBy('appointments.slot_start', 'desc')
      .limit(100)
      .execute()
    return { items: rows.map((row) => this.toAppointment(row)) }
  }
}
