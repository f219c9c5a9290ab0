import { randomInt, randomUUID } from 'node:crypto'
import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely'
import { shanghaiDate } from '../../../src/domain/age'
import { formatFen } from '../../../src/domain/money'
import { chargePeriodOf } from '../../../src/domain/periods'
import { findOccupation } from '../../../src/domain/occupation'
import type { Flight } from '../../../src/domain/flight'
import { orderExpiresAtMs, PARTNER_BUSY_TEXT, statusesAllowing } from '../../../src/domain/order'
import type {
  PartnerApplication,
  PartnerApplicationRequest,
  PartnerOrder,
  PartnerProduct,
  PartnerQuote,
  PartnerQuoteRequest,
  PremiumAgreement,
  PremiumChange,
} from '../../../src/types/generated/api/partner'
import type { DB } from '../../db/schema'
import { ApiError, notFound } from '../../platform/errors'
import { recordAnswer } from '../../platform/idempotency'
import type { TrailService } from '../trail/service'
import { personLabel } from '../trail/steps'
import type { SalesPageVersions } from '../trail/versions'
import { toIso } from '../../platform/time'
import { PartnerRejected, PartnerUnavailable, type PartnerAdapter, type PartnerPerson } from './adapter'
import { checkApplicants } from './applicants'
import type { CircuitBreaker } from './breaker'
import { toPartnerProduct, type PartnerCatalog } from './products'
import type { StoredPerson } from '../purchase/tables'
import type { QuotedPerson } from './tables'

/** A quote is kept this long for its application. */
export const QUOTE_TTL_MS = 30 * 60 * 1000

export const PARTNER_STATUS_TEXT = {
  UNDERWRITTEN: '待支付',
  ISSUING: '保单出具中',
  ISSUED: '保单已出具',
  ISSUE_FAILED: '出单失败，已为您退款',
} as const

const unavailable = () =>
  new ApiError(503, 'PARTNER_UNAVAILABLE', '保险公司系统繁忙，请稍后重试', undefined, { 'Retry-After': '30' })

/**
 * SQL: the partner order of `orderId` has a premium the partner re-priced at underwriting (the order's premium is
 * not the quoted one) that the user has not agreed to. A payment of such an order is not created (payments).
 */
export function premiumAgreementPending(orderId: Expression<string> | string): Expression<SqlBool> {
  return sql<SqlBool>`exists (
    select 1 from partner_orders agreed_po join orders agreed_o on agreed_o.id = agreed_po.order_id
    where agreed_po.order_id = ${orderId}
      and agreed_o.premium_fen <> agreed_o.displayed_premium_fen
      and agreed_po.premium_agreed_fen is distinct from agreed_o.premium_fen)`
}

/** 409 PREMIUM_CHANGED: paying waits for the user's agreement to the re-priced premium. */
export const premiumChangedError = (change: PremiumChange) =>
  new ApiError(
    409,
    'PREMIUM_CHANGED',
    `保险公司核保后保费由¥${formatFen(change.quotedFen)}调整为¥${formatFen(change.premiumFen)}，请确认新保费后再支付`,
    [{ field: 'premiumFen', message: `核保后保费¥${formatFen(change.premiumFen)}，尚未确认` }],
  )

/** The re-priced premium of the user's order still waiting for agreement, or null. */
export async function pendingPremiumChange(db: Kysely<DB>, orderId: string): Promise<PremiumChange | null> {
  const row = await db
    .selectFrom('orders as o')
    .select(['o.displayed_premium_fen', 'o.premium_fen'])
    .where('o.id', '=', orderId)
    .where(premiumAgreementPending(orderId))
    .executeTakeFirst()
  return row ? { quotedFen: row.displayed_premium_fen ?? 0, premiumFen: row.premium_fen } : null
}

/** The order keeps the person as the mall's orders do; the occupation stays with the quote. */
function withoutOccupation(person: QuotedPerson): StoredPerson {
  const copy: QuotedPerson = { ...person }
  delete copy.occupation
  return copy
}

const pad = (n: number, width: number) => String(n).padStart(width, '0')

function toPartner(person: QuotedPerson): PartnerPerson {
  return {
    name: person.name,
    certType: person.certType as PartnerPerson['certType'],
    certNo: person.certNo,
    gender: person.gender as PartnerPerson['gender'],
    birthday: person.birthday,
    ...(person.phone ? { phone: person.phone } : {}),
    ...(person.relationType ? { relation: person.relationType } : {}),
    ...(person.hasSocialInsurance ? { socialInsurance: person.hasSocialInsurance } : {}),
    ...(person.occupation ? { occupation: occupationOf(person.occupation) } : {}),
  }
}

function occupationOf(code: string): PartnerPerson['occupation'] {
  const found = findOccupation(code)
  return found ? { code: found.code, class: found.class } : undefined
}

/**
 * Selling a partner product: the product, the quote (checked here, priced by the partner), the application (the
 * partner underwrites; then our order waits for payment), and the order's partner state for the screens.
 */
export class PartnerSalesService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly catalog: PartnerCatalog,
    private readonly adapter: PartnerAdapter,
    private readonly breaker: Pick<CircuitBreaker, 'state'> | undefined,
    private readonly trails: TrailService,
    private readonly versions: SalesPageVersions,
  ) {}

  /** The product; `available: false` while the partner's breaker is open (the page says so before any input). */
  async product(productId: string): Promise<PartnerProduct> {
    const product = toPartnerProduct(await this.catalog.product(productId))
    return { ...product, available: this.breaker?.state() !== 'open' }
  }

  async quote(userId: string, body: PartnerQuoteRequest): Promise<PartnerQuote> {
    const product = await this.catalog.product(body.productId)
    const now = this.now()
    const checked = checkApplicants(body, product, shanghaiDate(now.getTime()))
    // The order is sold at the product's payment period (一次交清 for every partner product today), whatever
    // the client sent.
    const chargePeriodType = chargePeriodOf(product.paymentPeriod)
    if (checked.flight) await this.assertFlightFree(checked.insured, checked.flight)
    let priced
    try {
      priced = await this.adapter.quote({
        productType: product.partnerProductType,
        chargePeriodType,
        holder: checked.partnerHolder,
        insured: checked.partnerInsured,
        ...(checked.flight ? { flight: checked.flight } : {}),
        ...(checked.trip ? { trip: checked.trip } : {}),
      })
    } catch (error) {
      throw fromPartner(error)
    }
    const id = randomUUID()
    const expiresAt = new Date(now.getTime() + QUOTE_TTL_MS)
    const shown = await this.versions.captureProduct(product.id)
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('partner_quotes')
        .values({
          id,
          user_id: userId,
          product_id: product.id,
          partner: product.partner,
          holder: JSON.stringify(checked.holder),
          insured: JSON.stringify(checked.insured),
          flight: checked.flight ? JSON.stringify(checked.flight) : null,
          trip: checked.trip ? JSON.stringify(checked.trip) : null,
          charge_period_type: chargePeriodType,
          premium_fen: priced.premiumFen,
          partner_quote_no: priced.partnerQuoteNo,
          created_at: now,
          expires_at: expiresAt,
        })
        .execute()
      await this.trails.join(
        trx,
        userId,
        body.trailId,
        { id: product.id, name: product.name, channel: 'partner' },
        [
          {
            kind: 'quote_shown',
            data: {
              productVersion: shown.product.version,
              textsVersion: shown.texts.version,
              planCode: product.planCode,
              planName: product.planName,
              coveragePeriod: product.coveragePeriod,
              paymentPeriod: product.paymentPeriod,
              holder: personLabel(checked.holder),
              insured: personLabel(checked.insured),
              premiumFen: priced.premiumFen,
            },
          },
        ],
        { partner_quote_id: id, stage: 'applied' },
      )
    })
    return { quoteId: id, premiumFen: priced.premiumFen, expiresAt: toIso(expiresAt) }
  }

  /**
   * Health answers, then the partner underwrites; only then is our order created (PENDING_PAYMENT). The quote is
   * taken by one application (a guarded update) and given back if the partner could not be reached.
   */
  async apply(userId: string, body: PartnerApplicationRequest): Promise<PartnerApplication> {
    const quote = await this.db
      .selectFrom('partner_quotes')
      .selectAll()
      .where('id', '=', body.quoteId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    if (!quote) throw notFound('报价')
    const product = await this.catalog.product(quote.product_id)
    for (const question of product.questions) {
      const answer = body.healthAnswers[question.id]
      if (answer === undefined)
        throw new ApiError(400, 'INVALID_INPUT', '请回答全部健康告知问题', [
          { field: `healthAnswers.${question.id}`, message: '请回答此问题' },
        ])
    }
    if (product.questions.some((q) => body.healthAnswers[q.id]))
      throw new ApiError(422, 'HEALTH_DECLINED', '被保险人的健康状况不符合本产品的投保要求，暂不能投保')
    const now = this.now()
    if (quote.expires_at.getTime() <= now.getTime())
      throw new ApiError(409, 'QUOTE_EXPIRED', '报价已过期，请重新确认投保信息')
    // The underwriting request id is the quote's, made by its first application: a retry after a timeout sends
    // the same, so the partner answers the application it may already have made (never a second one).
    const taken = await this.db
      .updateTable('partner_quotes')
      .set((eb) => ({
        used_at: now,
        underwrite_request_id: eb.fn.coalesce('underwrite_request_id', eb.val(randomUUID())),
      }))
      .where('id', '=', quote.id)
      .where('used_at', 'is', null)
      .returning('underwrite_request_id')
      .executeTakeFirst()
    if (!taken?.underwrite_request_id) throw new ApiError(409, 'QUOTE_USED', '该报价已提交投保，请勿重复提交')

    // Told before the partner underwrites; the unique index decides when applications race.
    if (quote.flight) await this.assertFlightFree(quote.insured, quote.flight)
    const requestId = taken.underwrite_request_id
    let underwritten
    try {
      underwritten = await this.adapter.underwrite({
        requestId,
        productType: product.partnerProductType,
        chargePeriodType: quote.charge_period_type === 'single' ? 'single' : 'year',
        holder: toPartner(quote.holder),
        insured: toPartner(quote.insured),
        ...(quote.flight ? { flight: quote.flight } : {}),
        ...(quote.trip ? { trip: quote.trip } : {}),
        partnerQuoteNo: quote.partner_quote_no,
        premiumFen: quote.premium_fen,
      })
    } catch (error) {
      // Not reached: the user may try again with the same quote. Refused: the quote is spent.
      if (!(error instanceof PartnerRejected))
        await this.db
          .updateTable('partner_quotes')
          .set({ used_at: null })
          .where('id', '=', quote.id)
          .execute()
      throw fromPartner(error, true)
    }

    const orderId = randomUUID()
    // Confirmed by this application (its 我已阅读并同意); opened when the buyer's browser said it opened them.
    const shown = await this.versions.documents(product.id)
    const opened = await this.openedDocuments(quote.id)
    const consents = [
      { document: 'notice', title: '投保须知' },
      ...product.clauses.map((c) => ({ document: c.id, title: c.title })),
    ].map((d) => {
      const ref = shown.get(d.document === 'notice' ? 'notice' : `clause:${d.document}`)
      const openedAt = opened.get(d.document === 'notice' ? 'notice' : `clause:${d.document}`)
      return {
        ...d,
        openedAt: openedAt ? toIso(openedAt) : null,
        confirmedAt: toIso(now),
        ...(ref ? { version: ref.version, hash: ref.hash } : {}),
      }
    })
    const today = shanghaiDate(now.getTime())
    const orderNo = `GO${today.replaceAll('-', '')}${pad(now.getUTCHours() * 3600 + now.getUTCMinutes() * 60 + now.getUTCSeconds(), 5)}${pad(randomInt(0, 1_000_000), 6)}`
    const holder = withoutOccupation(quote.holder)
    const insured = withoutOccupation(quote.insured)
    return this.db.transaction().execute(async (trx) => {
      if (quote.flight) await this.closeExpiredForFlight(trx, quote.insured, quote.flight, now)
      await trx
        .insertInto('orders')
        .values({
          id: orderId,
          order_no: orderNo,
          user_id: userId,
          application_id: null,
          product_id: product.id,
          product_name: product.name,
          insurer_name: product.insurerName,
          plan_code: product.planCode,
          plan_name: product.planName,
          coverage_period: product.coveragePeriod,
          payment_period: product.paymentPeriod,
          premium_fen: underwritten.premiumFen,
          displayed_premium_fen: quote.premium_fen,
          status: 'PENDING_PAYMENT',
          holder: JSON.stringify(holder),
          insured: JSON.stringify(insured),
          address: null,
          consents: JSON.stringify(consents),
          health: JSON.stringify({
            insuredRelation: quote.insured.relationType ?? '1',
            answers: product.questions.map((q) => ({ questionId: q.id, answer: 'no' })),
            answeredAt: toIso(now),
            recordingNoticeAt: toIso(now),
          }),
          cooling_off_days: product.coolingOffDays,
          source: `partner:${product.partner}`,
          created_at: now,
          expires_at: new Date(orderExpiresAtMs(now.getTime())),
          // The cover starts on the flight's day or the trip's 出发日期 (issuing.ts: the issue deadline).
          start_date: quote.flight?.date ?? quote.trip?.startDate ?? null,
          flight: quote.flight ? JSON.stringify(quote.flight) : null,
          trip: quote.trip ? JSON.stringify(quote.trip) : null,
        })
        .execute()
        .catch((error: unknown) => {
          throw isFlightTaken(error) ? flightTaken() : error
        })
      await trx
        .insertInto('partner_orders')
        .values({
          order_id: orderId,
          partner: product.partner,
          quote_id: quote.id,
          underwriting_no: underwritten.underwritingNo,
          underwrite_request_id: requestId,
          issue_request_id: randomUUID(),
          status: 'UNDERWRITTEN',
          created_at: now,
          updated_at: now,
        })
        .execute()
      // Re-priced at underwriting: the order waits for the user's agreement before it can be paid.
      const changed = underwritten.premiumFen !== quote.premium_fen
      await this.trails.step(
        trx,
        { partnerQuoteId: quote.id },
        [
          {
            kind: 'health_answered',
            data: {
              answers: product.questions.map((q) => ({
                questionId: q.id,
                question: q.text,
                answer: body.healthAnswers[q.id] ? ('yes' as const) : ('no' as const),
              })),
              outcome: 'standard',
            },
          },
          ...consents.map((c) => ({
            kind: 'document_confirmed' as const,
            data: {
              documentId: c.document === 'notice' ? 'notice' : `clause:${c.document}`,
              documentTitle: c.title,
              documentVersion: c.version,
              documentHash: c.hash,
            },
          })),
          ...(changed
            ? [
                {
                  kind: 'price_change_shown' as const,
                  data: { previousPremiumFen: quote.premium_fen, premiumFen: underwritten.premiumFen },
                },
              ]
            : []),
          { kind: 'order_created', data: { orderNo, premiumFen: underwritten.premiumFen } },
        ],
        { order_id: orderId, order_no: orderNo, stage: 'ordered' },
      )
      return recordAnswer(trx, {
        orderId,
        underwritingNo: underwritten.underwritingNo,
        premiumFen: underwritten.premiumFen,
        ...(changed
          ? { premiumChanged: { quotedFen: quote.premium_fen, premiumFen: underwritten.premiumFen } }
          : {}),
      })
    })
  }

  /**
   * The user agrees to the premium the partner re-priced at underwriting; recorded once with its time (agreeing
   * again answers the first record). An order that was not re-priced has nothing to agree to (409).
   */
  async agreePremium(userId: string, orderId: string): Promise<PremiumAgreement> {
    const order = await this.db
      .selectFrom('orders as o')
      .innerJoin('partner_orders as po', 'po.order_id', 'o.id')
      .select(['o.premium_fen', 'o.displayed_premium_fen'])
      .where('o.id', '=', orderId)
      .where('o.user_id', '=', userId)
      .executeTakeFirst()
    if (!order) throw notFound('订单')
    if (order.premium_fen === order.displayed_premium_fen)
      throw new ApiError(409, 'PREMIUM_UNCHANGED', '该订单的保费未调整，无需确认')
    await this.db
      .updateTable('partner_orders')
      .set({ premium_agreed_fen: order.premium_fen, premium_agreed_at: this.now(), updated_at: this.now() })
      .where('order_id', '=', orderId)
      .where('premium_agreed_at', 'is', null)
      .executeTakeFirst()
      .then(async (agreedNow) => {
        if (Number(agreedNow.numUpdatedRows) === 1)
          await this.trails.step(this.db, { orderId }, [
            {
              kind: 'price_change_accepted',
              data: {
                previousPremiumFen: order.displayed_premium_fen ?? undefined,
                premiumFen: order.premium_fen,
              },
            },
          ])
      })
    const agreed = await this.db
      .selectFrom('partner_orders')
      .select(['premium_agreed_fen', 'premium_agreed_at'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
    return {
      orderId,
      premiumFen: agreed.premium_agreed_fen ?? order.premium_fen,
      agreedAt: toIso(agreed.premium_agreed_at ?? this.now()),
    }
  }

  /** When the buyer's browser first opened each document in the trail of this quote ('notice', 'clause:<id>'). */
  private async openedDocuments(quoteId: string): Promise<Map<string, Date>> {
    const rows = await this.db
      .selectFrom('sales_trail_records as r')
      .innerJoin('sales_trails as t', 't.id', 'r.trail_id')
      .select([sql<string>`r.data ->> 'documentId'`.as('document_id'), (eb) => eb.fn.min('r.at').as('at')])
      .where('t.partner_quote_id', '=', quoteId)
      .where('r.kind', '=', 'document_open')
      .groupBy(sql`r.data ->> 'documentId'`)
      .execute()
    return new Map(rows.map((r) => [r.document_id, r.at as Date]))
  }

  /** 409 when the insured already has a live order for the flight (the index orders_one_per_person_flight). */
  private async assertFlightFree(insured: QuotedPerson, flight: Flight): Promise<void> {
    const live = await this.db
      .selectFrom('orders')
      .select('id')
      .where(sql<string>`insured ->> 'certType'`, '=', insured.certType)
      .where(sql<string>`insured ->> 'certNo'`, '=', insured.certNo)
      .where(sql<string>`flight ->> 'flightNo'`, '=', flight.flightNo)
      .where(sql<string>`flight ->> 'date'`, '=', flight.date)
      .where((eb) =>
        eb.or([
          eb('status', 'in', ['PAID', 'ISSUED']),
          eb.and([eb('status', 'in', statusesAllowing('EXPIRE')), eb('expires_at', '>', this.now())]),
        ]),
      )
      .executeTakeFirst()
    if (live) throw flightTaken()
  }

  /** Unpaid orders past their 30 minutes for this person and flight close first: they no longer hold it. */
  private async closeExpiredForFlight(
    trx: Transaction<DB>,
    insured: QuotedPerson,
    flight: Flight,
    now: Date,
  ): Promise<void> {
    await trx
      .updateTable('orders')
      .set({ status: 'CLOSED', closed_at: now })
      .where(sql<string>`insured ->> 'certType'`, '=', insured.certType)
      .where(sql<string>`insured ->> 'certNo'`, '=', insured.certNo)
      .where(sql<string>`flight ->> 'flightNo'`, '=', flight.flightNo)
      .where(sql<string>`flight ->> 'date'`, '=', flight.date)
      .where('status', 'in', statusesAllowing('EXPIRE'))
      .where('expires_at', '<=', now)
      .execute()
  }

  /** The order's partner state, for the insured-success page's polling. */
  async order(userId: string, orderId: string): Promise<PartnerOrder> {
    const row = await this.db
      .selectFrom('partner_orders as po')
      .innerJoin('orders as o', 'o.id', 'po.order_id')
      .select([
        'o.id',
        'o.product_id',
        'o.status as order_status',
        'o.expires_at',
        'po.status',
        'po.policy_id',
        'po.partner_policy_no',
        'po.last_error',
        'o.flight',
        'o.trip',
      ])
      .where('o.id', '=', orderId)
      .where('o.user_id', '=', userId)
      .executeTakeFirst()
    if (!row) throw notFound('订单')
    const unpaidAndOver =
      (row.order_status === 'PENDING_PAYMENT' || row.order_status === 'PAY_FAILED') &&
      row.expires_at.getTime() <= this.now().getTime()
    const status = unpaidAndOver ? 'CLOSED' : row.order_status
    const message =
      row.status === 'ISSUE_FAILED' && row.last_error
        ? `出单失败，已为您退款（${row.last_error}）`
        : status === 'CLOSED' && row.status === 'UNDERWRITTEN'
          ? '订单已关闭'
          : row.status === 'ISSUING' && row.last_error
            ? PARTNER_BUSY_TEXT
            : PARTNER_STATUS_TEXT[row.status]
    const premiumChanged = status === 'PENDING_PAYMENT' ? await pendingPremiumChange(this.db, row.id) : null
    return {
      orderId: row.id,
      productId: row.product_id,
      status,
      partnerStatus: row.status,
      ...(premiumChanged ? { premiumChanged } : {}),
      ...(row.policy_id ? { policyId: row.policy_id } : {}),
      ...(row.partner_policy_no ? { partnerPolicyNo: row.partner_policy_no } : {}),
      ...(row.flight ? { flight: row.flight } : {}),
      ...(row.trip ? { trip: row.trip } : {}),
      message,
    }
  }
}

/** One air policy per person per flight (224_partner_flight_trip.sql). */
const FLIGHT_INDEX = 'orders_one_per_person_flight'

const flightTaken = () =>
  new ApiError(
    409,
    'FLIGHT_ALREADY_INSURED',
    '被保险人已投保该航班（每人每个航班限投保一份），请勿重复投保',
    [{ field: 'flight.flightNo', message: '被保险人已投保该航班' }],
  )

function isFlightTaken(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, constraint } = error as { code?: unknown; constraint?: unknown }
  const message = error instanceof Error ? error.message : ''
  return code === '23505' && (constraint === FLIGHT_INDEX || message.includes(FLIGHT_INDEX))
}

/** A partner failure as our API error: refusal 422 with the partner's reason, unreachable 503. */
export function fromPartner(error: unknown, underwriting = false): unknown {
  if (error instanceof PartnerUnavailable) return unavailable()
  if (error instanceof PartnerRejected) {
    const refusal = error.code.startsWith('E2')
    return new ApiError(
      refusal || underwriting ? 422 : 409,
      refusal ? 'UNDERWRITING_REFUSED' : 'PARTNER_REJECTED',
      error.reason,
    )
  }
  return error
}
