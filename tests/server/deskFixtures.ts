import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { addDays } from '../../src/domain/age'
import type { ClaimStatus } from '../../src/domain/claims'
import type { DB } from '../../server/db/schema'
import { loginAs } from './helpers'
import { Buyer } from './ordersFlow'

// Rows for the service desk's tests (deskFeedback, deskClaims, deskAppointments, studioRoles): a consumer with
// an issued policy, and feedback, claims and bookings written straight into the tables, each one fresh.

const HOUR = 3_600_000
const DAY = 24 * HOUR
const SHANGHAI = 8 * HOUR
let made = 0

export interface DeskConsumer {
  cookie: string
  userId: string
  policyId: string
}

/** A consumer (a fresh phone) with one issued policy, signed in. */
export async function deskConsumer(app: FastifyInstance, phoneTail: number): Promise<DeskConsumer> {
  const cookie = await loginAs(
    app,
    `1396600${String(phoneTail).padStart(4, '0')}`,
    `10.66.0.${phoneTail % 250}`,
  )
  const buyer = new Buyer(app, cookie)
  const policy = await buyer.issuedPolicy()
  const me = (await app.inject({ url: '/api/me', headers: { cookie } })).json<{ id: string }>()
  return { cookie, userId: me.id, policyId: policy.id }
}

export async function insertFeedback(db: Kysely<DB>, userId: string, now = new Date()): Promise<string> {
  const id = randomUUID()
  await db
    .insertInto('feedback')
    .values({
      id,
      user_id: userId,
      type: 'claim',
      content: '理赔材料上传后多久能审核完成？',
      photos: '[]',
      contact_phone: '13966001234',
      status: 'PENDING',
      created_at: now,
    })
    .execute()
  return id
}

/** A medical claim of ¥1,280 on the consumer's policy, in `status`, on an event date of its own. */
export async function insertClaim(
  db: Kysely<DB>,
  consumer: DeskConsumer,
  status: ClaimStatus = 'SUBMITTED',
  now = new Date(),
): Promise<string> {
  made += 1
  const id = randomUUID()
  await db
    .insertInto('claims')
    .values({
      id,
      claim_no: `CLDESK${String(made).padStart(6, '0')}${id.slice(0, 6)}`,
      user_id: consumer.userId,
      policy_id: consumer.policyId,
      type: 'medical',
      event_date: addDays('2026-01-01', made),
      place: '上海市第一人民医院',
      description: '因急性肠胃炎住院治疗三天，已出院。',
      amount_fen: 128_000,
      payee_name: '张三',
      bank_name: '中国工商银行',
      card_no: '6222021234567890128',
      status,
      needed: '{}',
      paid_fen: status === 'APPROVED' ? 128_000 : null,
      decision: null,
      handled_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute()
  await db.insertInto('claim_steps').values({ claim_id: id, status, note: '测试', created_at: now }).execute()
  return id
}

/** The start of the slot `hour`:00 in Shanghai, `days` calendar days after `now`'s day. */
export function slotAt(now: number, days: number, hour: number): Date {
  const dayStart = Math.floor((now + SHANGHAI) / DAY) * DAY - SHANGHAI
  return new Date(dayStart + days * DAY + hour * HOUR)
}

/** A product-call booking (百万医疗) at `slot`, written straight in (its slot counter untouched). */
export async function insertAppointment(
  db: Kysely<DB>,
  userId: string,
  slot: Date,
  now = new Date(),
): Promise<string> {
  const id = randomUUID()
  await db
    .insertInto('appointments')
    .values({
      id,
      user_id: userId,
      resource: 'product:medical',
      goods_type: 'medical',
      consultant_id: null,
      slot_start: slot,
      phone: '13966005678',
      needs: '想了解百万医疗的续保规则',
      status: 'BOOKED',
      created_at: now,
      updated_at: now,
      cancelled_at: null,
      confirmed_at: null,
      confirmed_by: null,
    })
    .execute()
  return id
}
