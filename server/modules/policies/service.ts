import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import { shanghaiDate } from '../../../src/domain/age'
import { maskCertificateNumber } from '../../../src/domain/certificate'
import { maskPhone } from '../../../src/domain/phone'
import { policyPeriod } from '../../../src/domain/dates'
import {
  canSurrenderInCoolingOff,
  formatPolicyNo,
  SURRENDER_REASONS,
  policyStatusAt,
  type PolicyDates,
  type PolicyStatus,
} from '../../../src/domain/policy'
import type { ProductDetail } from '../../../src/types/generated/api/catalog'
import { REFUND_ARRIVAL_WORKING_DAYS, REFUND_CHANNEL_TEXT } from '../../../src/domain/refund'
import type {
  Policy,
  PolicyPerson,
  PolicyShareLink,
  PolicyTextSent,
  SurrenderQuote,
} from '../../../src/types/generated/api/policy'
import { ApiError, notFound, tooMany } from '../../platform/errors'
import { toIso } from '../../platform/time'
import { SHANGHAI_DAY, secondsLeft, takeHit } from '../../platform/rateLimits'
import { transition } from '../purchase/service'
import type { DB } from '../../db/schema'
import { isLongCover } from '../trail/retention'
import type { TrailService } from '../trail/service'
import type { MessageService } from '../messages/service'
import type { SmsNoticeService } from '../messages/smsNotices'
import { policyPoints, type PointsService } from '../points/service'
import type { OrdersTable, StoredPerson } from '../purchase/tables'
import type { PoliciesTable } from './tables'
import type { RefundService } from '../payments/refunds'
import type { PartnerSurrenders } from '../partners/surrenders'
import { SURRENDER_PENDING_NOTE } from '../partners/surrenders'

/** Signed no-login links (/policy/policyDetaiU) live this long. */
export const SHARE_LINK_TTL_MS = 7 * 24 * 3600_000
/** 发送到手机: a policy's text is sent again at most this often a day. */
export const POLICY_TEXTS_PER_DAY = 3

function person(p: StoredPerson): PolicyPerson {
  return {
    name: p.name,
    certType: p.certType,
    certNoMasked: maskCertificateNumber(p.certNo),
    gender: p.gender,
    birthday: p.birthday,
    ...(p.relationType ? { relationType: p.relationType } : {}),
  }
}

/** A policy row's dates as the domain rules take them (its status follows from them). */
export function policyDates(
  row: Pick<Selectable<PoliciesTable>, 'effective_at' | 'expires_at' | 'surrendered_at'>,
): PolicyDates {
  return {
    effectiveAt: toIso(row.effective_at),
    expiresAt: row.expires_at ? toIso(row.expires_at) : null,
    surrenderedAt: row.surrendered_at ? toIso(row.surrendered_at) : null,
  }
}

/** A partner surrender not done (yet): what the policy page says about it. */
type OpenSurrender = { status: 'REQUESTED' | 'REJECTED'; created_at: Date; last_error: string | null }

function surrenderRequest(open: OpenSurrender | undefined): Policy['surrenderRequest'] {
  if (!open) return null
  return {
    status: open.status,
    requestedAt: toIso(open.created_at),
    note:
      open.status === 'REQUESTED'
        ? SURRENDER_PENDING_NOTE
        : `保险公司未同意退保${open.last_error ? `（${open.last_error}）` : ''}，保单继续有效`,
  }
}

function toPolicy(row: Selectable<PoliciesTable>, nowMs: number, open?: OpenSurrender): Policy {
  const dates = policyDates(row)
  return {
    id: row.id,
    policyNo: row.policy_no,
    orderId: row.order_id,
    status: policyStatusAt(dates, nowMs),
    source: row.source,
    productId: row.product_id,
    productName: row.product_name,
    insurerName: row.insurer_name,
    planName: row.plan_name,
    coveragePeriod: row.coverage_period,
    paymentPeriod: row.payment_period,
    premiumFen: row.premium_fen,
    holder: person(row.holder),
    insured: person(row.insured),
    coverages: row.coverages,
    clauses: row.clauses,
    issuedAt: toIso(row.issued_at),
    ...dates,
    coolingOffEndsAt: toIso(row.cooling_off_ends_at),
    refundFen: row.refund_fen,
    surrenderReason: row.surrender_reason,
    surrenderRequest: row.surrendered_at ? null : surrenderRequest(open),
    partnerPolicyNo: row.partner_policy_no,
    exclusions: row.exclusions,
    ...(row.flight ? { flight: row.flight } : {}),
    ...(row.trip ? { trip: row.trip } : {}),
  }
}

export class PolicyService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly refunds: RefundService,
    private readonly points: PointsService,
    private readonly messages: MessageService,
    private readonly linkSecret: string,
    /** A partner's policy is surrendered at the partner first, as a recorded request (its own books). */
    private readonly partnerSurrenders: (() => PartnerSurrenders) | null = null,
    /** The issued policy's text with its e-policy link, and the address that link starts with. */
    private readonly texts: { notices: SmsNoticeService; publicUrl: () => string } | null = null,
    /** 可回溯: issue and surrender are steps of the sale's trail (and set how long it is kept). */
    private readonly trails: TrailService | null = null,
  ) {}

  /** After the transaction that issued policies committed: their texts go out now, not with the next sweep. */
  textIssued(): void {
    this.texts?.notices.sendSoon()
  }

  /**
   * Issues the policy of a PAID order inside the payment's transaction and moves the order to ISSUED.
   * The product is read before the transaction: PGlite has one connection, so no query may run beside it.
   * A partner's policy (`partnerPolicyNo`) is recorded with the partner's number beside ours.
   */
  async issueForOrder(
    trx: Transaction<DB>,
    order: Selectable<OrdersTable>,
    product: ProductDetail,
    partnerPolicyNo: string | null = null,
  ): Promise<string> {
    const plan = product.plans.find((p) => p.code === order.plan_code)
    const issuedAt = this.now()
    const period = policyPeriod({
      issuedAtMs: issuedAt.getTime(),
      coveragePeriod: order.coverage_period,
      coolingOffDays: order.cooling_off_days,
      insuredBirthday: order.insured.birthday,
      startDate: order.start_date,
    })
    const { rows } = await sql<{
      serial: number
    }>`SELECT nextval('policy_serial')::int % 100000000 AS serial`.execute(trx)
    const id = randomUUID()
    const policyNo = formatPolicyNo(shanghaiDate(issuedAt.getTime()), rows[0].serial)
    await trx
      .insertInto('policies')
      .values({
        id,
        policy_no: policyNo,
        order_id: order.id,
        user_id: order.user_id,
        source: order.source,
        product_id: order.product_id,
        product_name: order.product_name,
        insurer_name: order.insurer_name,
        plan_name: order.plan_name,
        coverage_period: order.coverage_period,
        payment_period: order.payment_period,
        premium_fen: order.premium_fen,
        holder: JSON.stringify(order.holder),
        insured: JSON.stringify(order.insured),
        coverages: JSON.stringify(plan?.coverages ?? []),
        clauses: JSON.stringify(product.clauses.map((c) => ({ id: c.id, title: c.title }))),
        issued_at: issuedAt,
        effective_at: new Date(period.effectiveAt),
        expires_at: period.expiresAt ? new Date(period.expiresAt) : null,
        cooling_off_ends_at: new Date(period.coolingOffEndsAt),
        partner_policy_no: partnerPolicyNo,
        exclusions: JSON.stringify(order.health?.exclusions ?? []),
        flight: order.flight ? JSON.stringify(order.flight) : null,
        trip: order.trip ? JSON.stringify(order.trip) : null,
      })
      .execute()
    if (!(await transition(trx, order.id, 'ISSUE')))
      throw new Error(`order ${order.id} was not PAID when issuing`)
    await this.messages.notify(
      trx,
      order.user_id,
      partnerPolicyNo
        ? {
            kind: 'partner_policy_issued',
            policyId: id,
            productName: order.product_name,
            policyNo,
            partnerPolicyNo,
          }
        : { kind: 'policy_issued', policyId: id, productName: order.product_name, policyNo },
    )
    await this.queueText(
      trx,
      {
        id,
        policyNo,
        userId: order.user_id,
        productName: order.product_name,
        holderPhone: order.holder.phone,
      },
      id,
    )
    const effectiveAt = new Date(period.effectiveAt)
    const expiresAt = period.expiresAt ? new Date(period.expiresAt) : null
    await this.trails?.step(
      trx,
      { orderId: order.id },
      [
        {
          kind: 'policy_issued',
          data: {
            policyNo,
            effectiveDate: shanghaiDate(effectiveAt.getTime()),
            expiresAt: expiresAt ? toIso(expiresAt) : null,
          },
        },
      ],
      {
        policy_id: id,
        policy_no: policyNo,
        long_cover: isLongCover(effectiveAt, expiresAt),
        contract_ends_at: expiresAt,
        stage: 'issued',
      },
    )
    // The policy's points (1 per yuan), with the policy or not at all.
    const points = policyPoints(order.premium_fen)
    if (points > 0) {
      await this.points.credit(trx, {
        userId: order.user_id,
        currency: 'point',
        amount: points,
        kind: 'policy',
        reference: id,
      })
      await this.messages.notify(trx, order.user_id, {
        kind: 'points_credited',
        amount: points,
        reason: '投保奖励',
      })
    }
    return id
  }

  /**
   * A policy sold through a partner's API product (source "partner-api"). The partner flows are not built
   * yet, so demo mode issues one on request to show /policy/apiPolicyDetail; same dates and numbering.
   */
  async issuePartnerDemo(userId: string, product: ProductDetail, holder: StoredPerson): Promise<Policy> {
    const plan = product.plans[0]
    const rate = plan?.premiumRates[0]
    if (!plan || !rate) throw new ApiError(409, 'PLAN_NOT_FOUND', '该产品没有可用的保障计划')
    const issuedAt = this.now()
    const period = policyPeriod({
      issuedAtMs: issuedAt.getTime(),
      coveragePeriod: rate.coveragePeriod,
      coolingOffDays: product.coolingOffDays,
      insuredBirthday: holder.birthday,
    })
    const id = randomUUID()
    await this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{
        serial: number
      }>`SELECT nextval('policy_serial')::int % 100000000 AS serial`.execute(trx)
      await trx
        .insertInto('policies')
        .values({
          id,
          policy_no: formatPolicyNo(shanghaiDate(issuedAt.getTime()), rows[0].serial),
          order_id: null,
          user_id: userId,
          source: 'partner-api',
          product_id: product.id,
          product_name: product.name,
          insurer_name: product.insurerName,
          plan_name: plan.name,
          coverage_period: rate.coveragePeriod,
          payment_period: rate.paymentPeriod,
          premium_fen: rate.premiumFen,
          holder: JSON.stringify(holder),
          insured: JSON.stringify({ ...holder, relationType: '1' }),
          coverages: JSON.stringify(plan.coverages),
          clauses: JSON.stringify(product.clauses.map((c) => ({ id: c.id, title: c.title }))),
          issued_at: issuedAt,
          effective_at: new Date(period.effectiveAt),
          expires_at: period.expiresAt ? new Date(period.expiresAt) : null,
          cooling_off_ends_at: new Date(period.coolingOffEndsAt),
        })
        .execute()
    })
    return this.get(userId, id)
  }

  async list(userId: string, status?: PolicyStatus): Promise<Policy[]> {
    const rows = await this.db
      .selectFrom('policies')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('issued_at', 'desc')
      .orderBy('id')
      .limit(200)
      .execute()
    const nowMs = this.now().getTime()
    const open = await this.openSurrenders(rows.map((row) => row.id))
    const policies = rows.map((row) => toPolicy(row, nowMs, open.get(row.id)))
    return status ? policies.filter((p) => p.status === status) : policies
  }

  /** The partner surrenders of these policies that are not done, by policy id. */
  private async openSurrenders(policyIds: string[]): Promise<Map<string, OpenSurrender>> {
    if (policyIds.length === 0) return new Map()
    const rows = await this.db
      .selectFrom('partner_surrenders')
      .select(['policy_id', 'status', 'created_at', 'last_error'])
      .where('policy_id', 'in', policyIds)
      .where('status', 'in', ['REQUESTED', 'REJECTED'])
      .execute()
    return new Map(
      rows.map((r) => [
        r.policy_id!,
        { status: r.status as OpenSurrender['status'], created_at: r.created_at, last_error: r.last_error },
      ]),
    )
  }

  private async row(userId: string, id: string): Promise<Selectable<PoliciesTable>> {
    const row = await this.db
      .selectFrom('policies')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    if (!row) throw notFound('保单')
    return row
  }

  async get(userId: string, id: string): Promise<Policy> {
    const row = await this.row(userId, id)
    const [open, trail] = await Promise.all([
      this.openSurrenders([row.id]),
      this.db
        .selectFrom('sales_trails')
        .select(['head_seq', 'started_at', 'keep_until'])
        .where('policy_id', '=', row.id)
        .executeTakeFirst(),
    ])
    return {
      ...toPolicy(row, this.now().getTime(), open.get(row.id)),
      // PIPL notice on the buyer's own policy: that the sale was recorded, how much, and for how long.
      salesRecord: trail
        ? {
            steps: trail.head_seq,
            recordedAt: toIso(trail.started_at),
            keepUntil: trail.keep_until ? toIso(trail.keep_until) : null,
          }
        : null,
    }
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.linkSecret).update(`policy-link:${payload}`).digest('base64url')
  }

  /** A link for SMS: policy id and expiry, signed; the page shows the policy without login until then. */
  async shareLink(userId: string, id: string): Promise<PolicyShareLink> {
    return this.linkFor((await this.row(userId, id)).id)
  }

  private linkFor(id: string): PolicyShareLink {
    const expiresAtMs = this.now().getTime() + SHARE_LINK_TTL_MS
    const payload = `${id}.${expiresAtMs}`
    const token = `${payload}.${this.sign(payload)}`
    return {
      token,
      url: `/policy/policyDetaiU?token=${encodeURIComponent(token)}`,
      expiresAt: toIso(new Date(expiresAtMs)),
    }
  }

  /**
   * The holder is texted the policy number and a link to the policy and its e-policy (no login needed, for
   * SHARE_LINK_TTL_MS), at the holder's phone or else the account's; sent once the caller's transaction commits.
   * `reference` makes it once: the policy id at issue.
   */
  private async queueText(
    trx: Transaction<DB>,
    policy: { id: string; policyNo: string; userId: string; productName: string; holderPhone?: string },
    reference: string,
  ): Promise<string | null> {
    if (!this.texts) return null
    const account = await trx
      .selectFrom('users')
      .select('phone')
      .where('id', '=', policy.userId)
      .executeTakeFirst()
    const phone = policy.holderPhone || account?.phone
    if (!phone) return null
    const link = `${this.texts.publicUrl()}${this.linkFor(policy.id).url}`
    const { productName: product, policyNo } = policy
    await this.texts.notices.enqueue(trx, {
      userId: policy.userId,
      phone,
      reference,
      params: { kind: 'policy_issued', product, policyNo, link },
      message: `【国恒保险】您投保的「${product}」已承保，保单号${policyNo}。查看保单及下载电子保单：${link} 链接7天内有效，过期请在“我的-保单”查看。`,
    })
    return phone
  }

  /** 发送到手机: the policy's text again, at most POLICY_TEXTS_PER_DAY times a Shanghai day per policy. */
  async textLink(userId: string, id: string): Promise<PolicyTextSent> {
    const row = await this.row(userId, id)
    if (!this.texts) throw new ApiError(409, 'SMS_UNAVAILABLE', '短信服务暂不可用，请下载电子保单')
    const now = this.now()
    const phone = await this.db.transaction().execute(async (trx) => {
      if (!(await takeHit(trx, `policy-text:${row.id}`, POLICY_TEXTS_PER_DAY, SHANGHAI_DAY, now)))
        throw tooMany(
          'POLICY_TEXT_LIMIT',
          `每份保单每天最多发送${POLICY_TEXTS_PER_DAY}次，请明天再试或直接下载电子保单`,
          secondsLeft(SHANGHAI_DAY, now),
        )
      const policy = {
        id: row.id,
        policyNo: row.policy_no,
        userId: row.user_id,
        productName: row.product_name,
        holderPhone: row.holder.phone,
      }
      return this.queueText(trx, policy, `${row.id}@${randomUUID()}`)
    })
    if (!phone) throw new ApiError(409, 'NO_PHONE', '未找到可接收短信的手机号')
    this.textIssued()
    return { phoneMasked: maskPhone(phone) }
  }

  async getShared(token: string): Promise<Policy> {
    const invalid = () => new ApiError(403, 'POLICY_LINK_INVALID', '保单链接无效，请核对短信中的链接')
    const match = /^([0-9a-f-]{36})\.(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token)
    if (!match) throw invalid()
    const [, id, expires, signature] = match
    const expected = Buffer.from(this.sign(`${id}.${expires}`))
    const given = Buffer.from(signature)
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid()
    if (this.now().getTime() >= Number(expires))
      throw new ApiError(403, 'POLICY_LINK_EXPIRED', '保单链接已过期，请登录后查看或重新获取链接')
    const row = await this.db.selectFrom('policies').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row) throw invalid()
    return toPolicy(row, this.now().getTime())
  }

  /**
   * 409 unless the policy may be surrendered online now (not yet, not already asked of the partner, and within
   * its cooling-off period).
   */
  private async assertSurrenderable(row: Selectable<PoliciesTable>) {
    const dates = { ...policyDates(row), coolingOffEndsAt: toIso(row.cooling_off_ends_at) }
    if (row.surrendered_at) throw new ApiError(409, 'ALREADY_SURRENDERED', '该保单已退保')
    if ((await this.openSurrenders([row.id])).get(row.id)?.status === 'REQUESTED')
      throw new ApiError(409, 'SURRENDER_PENDING', `退保申请处理中：${SURRENDER_PENDING_NOTE}`)
    if (!canSurrenderInCoolingOff(dates, this.now().getTime()))
      throw new ApiError(409, 'COOLING_OFF_ENDED', '已过犹豫期，无法在线全额退保，请联系客服办理')
  }

  /** The payment a surrender refunds (the order's kept one, whole), or none: the one source of the amount. */
  private keptPayment(db: Kysely<DB>, orderId: string | null, lock = false) {
    if (!orderId) return Promise.resolve(undefined)
    return db
      .selectFrom('payments')
      .select(['id', 'order_id', 'amount_fen', 'channel'])
      .where('order_id', '=', orderId)
      .where('status', '=', 'SUCCEEDED')
      .$if(lock, (q) => q.forUpdate())
      .executeTakeFirst()
  }

  /** The points this policy earned (its 投保奖励 in the ledger): what a surrender takes back, as far as usable. */
  private async pointsEarned(db: Kysely<DB>, userId: string, policyId: string): Promise<number> {
    const row = await db
      .selectFrom('point_ledger')
      .select(sql<string>`coalesce(sum(amount), 0)`.as('earned'))
      .where('user_id', '=', userId)
      .where('currency', '=', 'point')
      .where('kind', '=', 'policy')
      .where('reference', '=', policyId)
      .executeTakeFirstOrThrow()
    return Number(row.earned)
  }

  /** What a surrender would do, said before it is confirmed: the refund, where and when, the points taken back. */
  async surrenderQuote(userId: string, id: string): Promise<SurrenderQuote> {
    const row = await this.row(userId, id)
    await this.assertSurrenderable(row)
    const [kept, earned, account] = await Promise.all([
      this.keptPayment(this.db, row.order_id),
      this.pointsEarned(this.db, userId, row.id),
      this.db
        .selectFrom('point_accounts')
        .select('usable')
        .where('user_id', '=', userId)
        .where('currency', '=', 'point')
        .executeTakeFirst(),
    ])
    const refundFen = kept?.amount_fen ?? 0
    return {
      refundFen,
      refundTo: refundFen > 0 ? (REFUND_CHANNEL_TEXT[kept?.channel ?? ''] ?? '原支付账户') : null,
      arrival: refundFen > 0 ? `预计 ${REFUND_ARRIVAL_WORKING_DAYS} 个工作日内` : null,
      pointsClawback: Math.min(earned, account?.usable ?? 0),
      reasons: [...SURRENDER_REASONS],
    }
  }

  /**
   * Surrender within the cooling-off period, for one of SURRENDER_REASONS (stored): the kept payment becomes a
   * whole refund (the amount surrenderQuote showed), recorded in the same transaction as the surrender and
   * submitted to the provider after it commits; the policy's points go back as far as the user still has them.
   */
  async surrender(userId: string, id: string, reason: string): Promise<Policy> {
    if (!(SURRENDER_REASONS as readonly string[]).includes(reason))
      throw new ApiError(400, 'INVALID_INPUT', '请选择退保原因', [
        { field: 'reason', message: '请选择退保原因' },
      ])
    const row = await this.row(userId, id)
    await this.assertSurrenderable(row)
    // A partner's policy: asked of the partner as a recorded request; ours follows when it answers.
    if (row.partner_policy_no && this.partnerSurrenders)
      await this.partnerSurrenders().request({ ...row, partner_policy_no: row.partner_policy_no }, reason)
    else if (!(await this.settleSurrender(row.id, reason)))
      throw new ApiError(409, 'ALREADY_SURRENDERED', '该保单已退保')
    return this.get(userId, id)
  }

  /**
   * Our side of a surrender, in one transaction: the policy surrendered (once: a guarded statement), its points
   * taken back as far as the user still has them, the kept payment refunded whole (recorded here, submitted
   * after the commit). `claim` runs first in the same transaction (a partner's recorded surrender moving to
   * DONE) and nothing else is done when it claims nothing. False when nothing was surrendered.
   */
  async settleSurrender(
    policyId: string,
    reason: string,
    claim?: (trx: Transaction<DB>) => Promise<boolean>,
  ): Promise<boolean> {
    const row = await this.db
      .selectFrom('policies')
      .select(['id', 'user_id', 'order_id'])
      .where('id', '=', policyId)
      .executeTakeFirstOrThrow()
    const userId = row.user_id
    const now = this.now()
    let refundId: string | null = null
    const done = await this.db.transaction().execute(async (trx) => {
      if (row.order_id)
        await trx.selectFrom('orders').select('id').where('id', '=', row.order_id).forUpdate().execute()
      if (claim && !(await claim(trx))) return false
      const kept = await this.keptPayment(trx, row.order_id, true)
      const surrendered = await trx
        .updateTable('policies')
        .set({ surrendered_at: now, refund_fen: kept?.amount_fen ?? 0, surrender_reason: reason })
        .where('id', '=', row.id)
        .where('surrendered_at', 'is', null)
        .executeTakeFirst()
      if (Number(surrendered.numUpdatedRows) !== 1) return false
      if (!row.order_id) return true
      // Its points go back with it, as far as the user still has them.
      const earned = await this.pointsEarned(trx, userId, row.id)
      if (earned > 0)
        await this.points.takeBack(trx, {
          userId,
          currency: 'point',
          amount: earned,
          kind: 'policy_clawback',
          reference: row.id,
        })
      await transition(trx, row.order_id, 'SURRENDER')
      await this.trails?.step(
        trx,
        { orderId: row.order_id },
        [{ kind: 'contract_ended', data: { reason: `退保（${reason}）` } }],
        { contract_ends_at: now, stage: 'ended' },
      )
      if (kept && kept.amount_fen > 0) refundId = await this.refunds.record(trx, kept, 'SURRENDER')
      return true
    })
    if (refundId) await this.refunds.submit(refundId)
    return done
  }
}
