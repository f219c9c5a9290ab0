import { randomInt, randomUUID } from 'node:crypto'
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import { compareIsoDates, defaultEffectiveDate, shanghaiDate } from '../../../src/domain/age'
import { checkApplication, deathCoverFen, SELF_RELATION } from '../../../src/domain/applicant'
import { validatePersonName } from '../../../src/domain/certificate'
import { isValidPhone } from '../../../src/domain/phone'
import {
  nextOrderStatus,
  ORDER_STATUS_TEXT,
  orderExpiresAtMs,
  statusesAllowing,
  type OrderEvent,
  type OrderStatus,
} from '../../../src/domain/order'
import type { Order, OrderAddress, OrderCreate, OrderRefund } from '../../../src/types/generated/api/order'
import { ApiError, notFound } from '../../platform/errors'
import { recordAnswer } from '../../platform/idempotency'
import { toIso } from '../../platform/time'
import type { CatalogService } from '../catalog/service'
import type { ApplicationService } from './applications'
import type { DB } from '../../db/schema'
import type { OrdersTable, StoredPerson } from './tables'
import type { RefundService } from '../payments/refunds'
import type { RiskAssessmentService } from '../risk/service'
import type { TrailService } from '../trail/service'
import { personLabel } from '../trail/steps'
import type { SalesPageVersions } from '../trail/versions'

type OrderRow = Selectable<OrdersTable> & {
  policy_id: string | null
  /** A partner product's order: its issuing state at the partner (partner_orders). */
  partner_status: NonNullable<Order['partnerIssue']>['status'] | null
  partner_last_error: string | null
}

function toOrder(row: OrderRow, refunds: OrderRefund[]): Order {
  return {
    id: row.id,
    orderNo: row.order_no,
    status: row.status,
    productId: row.product_id,
    productName: row.product_name,
    insurerName: row.insurer_name,
    planCode: row.plan_code,
    planName: row.plan_name,
    coveragePeriod: row.coverage_period,
    paymentPeriod: row.payment_period,
    premiumFen: row.premium_fen,
    holder: row.holder,
    insured: row.insured,
    address: row.address,
    consents: row.consents,
    coolingOffDays: row.cooling_off_days,
    createdAt: toIso(row.created_at),
    expiresAt: toIso(row.expires_at),
    paidAt: row.paid_at ? toIso(row.paid_at) : null,
    policyId: row.policy_id,
    source: row.source,
    refunds,
    partnerIssue: row.partner_status
      ? {
          status: row.partner_status,
          busy: row.partner_status === 'ISSUING' && row.partner_last_error !== null,
        }
      : null,
    ...(row.flight ? { flight: row.flight } : {}),
    ...(row.trip ? { trip: row.trip } : {}),
  }
}

const pad = (n: number, width: number) => String(n).padStart(width, '0')

function validateAddress(address: OrderAddress | undefined): OrderAddress {
  const problem = (field: string, message: string) =>
    new ApiError(400, 'INVALID_ADDRESS', message, [{ field: `address.${field}`, message }])
  if (!address)
    throw new ApiError(400, 'ADDRESS_REQUIRED', '该产品需要填写收件地址', [
      { field: 'address', message: '请填写收件地址' },
    ])
  if (!validatePersonName(address.recipient).ok) throw problem('recipient', '请填写收件人真实姓名')
  if (!isValidPhone(address.phone.trim())) throw problem('phone', '请输入正确的收件人手机号')
  if (address.region.trim().length < 2) throw problem('region', '请填写所在地区')
  if (address.detail.trim().length < 5) throw problem('detail', '请填写详细地址（至少5个字）')
  return {
    recipient: address.recipient.trim(),
    phone: address.phone.trim(),
    region: address.region.trim(),
    detail: address.detail.trim(),
  }
}

/** The later of two ISO days (the first when the second is absent). */
const laterDate = (a: string, b: string | null) => (b !== null && compareIsoDates(b, a) > 0 ? b : a)

function normalizePerson(person: OrderCreate['holder']): StoredPerson {
  return {
    ...person,
    name: person.name.trim().replace(/\s+/g, ' '),
    certNo: person.certNo.trim().toUpperCase(),
    certEndDate: person.certTime === 1 ? '' : person.certEndDate,
    ...(person.phone !== undefined ? { phone: person.phone.trim() } : {}),
    ...(person.email !== undefined ? { email: person.email.trim() } : {}),
  }
}

export class OrderService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly catalog: CatalogService,
    private readonly applications: ApplicationService,
    private readonly refunds: RefundService,
    private readonly risk: RiskAssessmentService,
    private readonly trails: TrailService,
    private readonly versions: SalesPageVersions,
  ) {}

  /** Re-checks every gate and rule, prices on the server, and stores a PENDING_PAYMENT order. */
  async create(userId: string, body: OrderCreate): Promise<Order> {
    const application = await this.applications.row(userId, body.applicationId)
    if (application.order_id)
      throw new ApiError(409, 'APPLICATION_USED', '该投保申请已提交订单，请勿重复提交')
    const documents = await this.applications.documents(application.id)
    const unconfirmed = documents.find((d) => !d.confirmed_at)
    if (unconfirmed) throw new ApiError(409, 'NOTICE_NOT_CONFIRMED', `请先阅读并确认《${unconfirmed.title}》`)
    const health = await this.applications.latestHealth(application.id)
    if (!health) throw new ApiError(409, 'HEALTH_NOT_PASSED', '请先完成健康告知')
    if (!health.passed) throw new ApiError(409, 'HEALTH_NOT_PASSED', '被保险人未通过健康告知，无法投保本产品')
    const holder = normalizePerson(body.holder)
    const insured = normalizePerson(body.insured)
    if ((health.insured_relation === SELF_RELATION) !== (insured.relationType === SELF_RELATION))
      throw new ApiError(409, 'HEALTH_NOT_PASSED', '健康告知的被保险人与投保信息不一致，请重新进行健康告知')

    const product = await this.catalog.product(application.product_id)
    const plan = product.plans.find((p) => p.code === application.plan_code)
    if (!plan) throw new ApiError(409, 'PLAN_NOT_FOUND', '所选保障计划已下架，请重新选择')
    // Again at the order: the assessment may have expired since the application started.
    await this.risk.assertFits(userId, product.riskLevel)
    const address = product.needsAddress ? validateAddress(body.address) : null

    const now = this.now()
    const today = shanghaiDate(now.getTime())
    // A renewal starts the day the old cover ends (a day already past starts tomorrow), for the same insured.
    const effectiveDate = laterDate(defaultEffectiveDate(now.getTime()), application.start_date)
    if (application.renews_policy_id) await this.assertSameInsured(application.renews_policy_id, insured)
    const check = checkApplication({
      holder,
      insured: {
        ...insured,
        relationType: insured.relationType ?? '',
        hasSocialInsurance: insured.hasSocialInsurance ?? '',
        phone: insured.phone ?? '',
        email: insured.email ?? '',
      },
      product,
      planCode: plan.code,
      coveragePeriod: application.coverage_period,
      paymentPeriod: application.payment_period,
      planDeathCoverFen: deathCoverFen(plan.coverages),
      existingDeathCoverFen: await this.existingDeathCover(insured, now),
      today,
      effectiveDate,
    })
    if (!check.ok) throw new ApiError(400, 'INVALID_APPLICATION', check.errors[0].message, check.errors)

    const id = randomUUID()
    const orderNo = `GO${today.replaceAll('-', '')}${pad(now.getUTCHours() * 3600 + now.getUTCMinutes() * 60 + now.getUTCSeconds(), 5)}${pad(randomInt(0, 1_000_000), 6)}`
    const consents = documents.map((d) => ({
      document: d.document_id,
      title: d.title,
      openedAt: d.opened_at ? toIso(d.opened_at) : null,
      confirmedAt: toIso(d.confirmed_at as Date),
      ...(d.version ? { version: d.version } : {}),
      ...(d.hash ? { hash: d.hash } : {}),
    }))
    const priced = await this.versions.product(product)
    const displayed = body.displayedPremiumFen ?? null
    const quoted = {
      productVersion: priced.version,
      planCode: plan.code,
      planName: plan.name,
      coveragePeriod: application.coverage_period,
      paymentPeriod: application.payment_period,
      holder: personLabel(holder),
      insured: personLabel(insured),
    }
    return this.db
      .transaction()
      .execute(async (trx) => {
        // Guarded claim of the application: a double submit creates one order.
        const claimed = await trx
          .updateTable('applications')
          .set({ order_id: id })
          .where('id', '=', application.id)
          .where('order_id', 'is', null)
          .executeTakeFirst()
        if (Number(claimed.numUpdatedRows) !== 1)
          throw new ApiError(409, 'APPLICATION_USED', '该投保申请已提交订单，请勿重复提交')
        await trx
          .insertInto('orders')
          .values({
            id,
            order_no: orderNo,
            user_id: userId,
            application_id: application.id,
            product_id: product.id,
            product_name: product.name,
            insurer_name: product.insurerName,
            plan_code: plan.code,
            plan_name: plan.name,
            coverage_period: application.coverage_period,
            payment_period: application.payment_period,
            premium_fen: check.quote.premiumFen,
            displayed_premium_fen: body.displayedPremiumFen ?? null,
            status: 'PENDING_PAYMENT',
            holder: JSON.stringify(holder),
            insured: JSON.stringify(insured),
            address: address ? JSON.stringify(address) : null,
            consents: JSON.stringify(consents),
            health: JSON.stringify({
              insuredRelation: health.insured_relation,
              answers: health.answers,
              outcome: health.outcome,
              exclusions: health.exclusions,
              answeredAt: toIso(health.answered_at),
              recordingNoticeAt: toIso(application.recording_notice_at),
            }),
            cooling_off_days: product.coolingOffDays,
            source: 'mall',
            created_at: now,
            expires_at: new Date(orderExpiresAtMs(now.getTime())),
            renews_policy_id: application.renews_policy_id,
            start_date: application.renews_policy_id ? effectiveDate : null,
          })
          .execute()
        await this.trails.step(
          trx,
          { applicationId: application.id },
          [
            {
              kind: 'quote_shown',
              data: { ...quoted, premiumFen: check.quote.premiumFen, displayedPremiumFen: displayed },
            },
            // The screen showed another price (the catalog changed meanwhile): the order says so before payment.
            ...(displayed !== null && displayed !== check.quote.premiumFen
              ? [
                  {
                    kind: 'price_change_shown' as const,
                    data: { previousPremiumFen: displayed, premiumFen: check.quote.premiumFen },
                  },
                ]
              : []),
            { kind: 'order_created', data: { orderNo, premiumFen: check.quote.premiumFen } },
          ],
          { order_id: id, order_no: orderNo, stage: 'ordered' },
        )
        return recordAnswer(trx, await this.view(trx, id))
      })
      .catch((error: unknown) => {
        if ((error as { constraint?: string }).constraint === 'orders_renew_once')
          throw new ApiError(409, 'ALREADY_RENEWED', '该保单已有续保订单，请在“我的订单”中查看')
        throw error
      })
  }

  /** 续保 covers the same person: the insured's certificate must be the renewed policy's. */
  private async assertSameInsured(policyId: string, insured: StoredPerson): Promise<void> {
    const policy = await this.db
      .selectFrom('policies')
      .select(sql<string>`insured ->> 'certNo'`.as('cert_no'))
      .where('id', '=', policyId)
      .executeTakeFirstOrThrow()
    if (policy.cert_no !== insured.certNo)
      throw new ApiError(409, 'NOT_RENEWABLE', '续保的被保险人须与原保单一致', [
        { field: 'insured.certNo', message: '续保的被保险人须与原保单一致' },
      ])
  }

  /** Death cover the insured already holds in live policies with us, for the minors' cap. */
  private async existingDeathCover(insured: StoredPerson, now: Date): Promise<number> {
    const rows = await this.db
      .selectFrom('policies')
      .select('coverages')
      .where(sql<string>`insured ->> 'certNo'`, '=', insured.certNo)
      .where(sql<string>`insured ->> 'certType'`, '=', insured.certType)
      .where('surrendered_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .execute()
    return rows.reduce((sum, row) => sum + deathCoverFen(row.coverages), 0)
  }

  /** Closes the caller's unpaid orders whose 30 minutes are over (lazily, on read). */
  async closeExpired(userId?: string): Promise<void> {
    let q = this.db
      .updateTable('orders')
      .set({ status: 'CLOSED', closed_at: this.now() })
      .where('status', 'in', statusesAllowing('EXPIRE'))
      .where('expires_at', '<=', this.now())
    if (userId) q = q.where('user_id', '=', userId)
    await q.execute()
  }

  private select(db: Kysely<DB> | Transaction<DB> = this.db) {
    return db
      .selectFrom('orders as o')
      .leftJoin('policies as p', 'p.order_id', 'o.id')
      .leftJoin('partner_orders as po', 'po.order_id', 'o.id')
      .selectAll('o')
      .select(['p.id as policy_id', 'po.status as partner_status', 'po.last_error as partner_last_error'])
  }

  async list(userId: string, statuses: OrderStatus[]): Promise<Order[]> {
    await this.closeExpired(userId)
    let q = this.select().where('o.user_id', '=', userId)
    if (statuses.length > 0) q = q.where('o.status', 'in', statuses)
    const rows = await q.orderBy('o.created_at', 'desc').orderBy('o.id').limit(200).execute()
    const refunds = await this.refunds.forOrders(rows.map((r) => r.id))
    return rows.map((row) => toOrder(row, refunds.get(row.id) ?? []))
  }

  /** The caller's own order row (after the lazy close); another user's order is "not found". */
  async row(userId: string, id: string): Promise<OrderRow> {
    await this.closeExpired(userId)
    const row = await this.select().where('o.id', '=', id).where('o.user_id', '=', userId).executeTakeFirst()
    if (!row) throw notFound('订单')
    return row
  }

  async get(userId: string, id: string): Promise<Order> {
    return this.toApi(await this.row(userId, id))
  }

  /** The order as the API shows it, read through `db`: the transaction that just changed it. */
  async view(db: Kysely<DB>, id: string): Promise<Order> {
    return this.toApi(await this.select(db).where('o.id', '=', id).executeTakeFirstOrThrow(), db)
  }

  private async toApi(row: OrderRow, db: Kysely<DB> = this.db): Promise<Order> {
    const refunds = await this.refunds.forOrders([row.id], db)
    return toOrder(row, refunds.get(row.id) ?? [])
  }

  async cancel(userId: string, id: string): Promise<Order> {
    const row = await this.row(userId, id)
    const moved = await transition(this.db, row.id, 'CANCEL', { closed_at: this.now() })
    if (!moved) throw new ApiError(409, 'ORDER_NOT_CANCELLABLE', `订单${statusText(row.status)}，不能取消`)
    return this.get(userId, id)
  }
}

export const statusText = (status: OrderStatus) => ORDER_STATUS_TEXT[status]

/** Guarded status change: only from statuses the event allows; false when the order was not in one. */
export async function transition(
  db: Kysely<DB> | Transaction<DB>,
  orderId: string,
  event: OrderEvent,
  extra: { paid_at?: Date; closed_at?: Date } = {},
): Promise<boolean> {
  const from = statusesAllowing(event)
  // All allowed sources of one event lead to the same status (checked by the domain tests).
  const to = nextOrderStatus(from[0], event) as OrderStatus
  const result = await db
    .updateTable('orders')
    .set({ status: to, ...extra })
    .where('id', '=', orderId)
    .where('status', 'in', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
