import { randomInt, randomUUID } from 'node:crypto'
import { sql, type Kysely, type Transaction } from 'kysely'
import { ageOn, defaultEffectiveDate, shanghaiDate } from '../../../../src/domain/age'
import { HOLDER_MIN_AGE, SELF_RELATION } from '../../../../src/domain/applicant'
import {
  checkForm,
  fieldOfKind,
  giftPersonOf,
  personKey,
  type FieldValue,
  type GiftPerson,
} from '../../../../src/domain/campaignForms'
import { chancesLeft, COLLECT_REFUSAL, ENTRY_REFUSAL } from '../../../../src/domain/campaigns'
import { orderExpiresAtMs } from '../../../../src/domain/order'
import { coveragePeriodLabel } from '../../../../src/domain/periods'
import { ageRangeLabel, quotePremium } from '../../../../src/domain/pricing'
import type {
  CollectResult,
  EntryResult,
  FormState,
  FormSubmission,
  GiftInfo,
  TrialRecorded,
} from '../../../../src/types/generated/api/campaign'
import type { ProductDetail } from '../../../../src/types/generated/api/catalog'
import type { CampaignReward } from '../../../../src/types/generated/page'
import type { DB } from '../../../db/schema'
import { ApiError, tooMany } from '../../../platform/errors'
import { recordAnswer } from '../../../platform/idempotency'
import { HOUR, secondsLeft, SHANGHAI_DAY, takeHit } from '../../../platform/rateLimits'
import { toIso } from '../../../platform/time'
import { CODE_TTL_SECONDS, RESEND_SECONDS, type SmsCodes } from '../../auth/smsCodes'
import type { CatalogService } from '../../catalog/service'
import type { PolicyService } from '../../policies/service'
import { transition } from '../../purchase/service'
import type { StoredPerson } from '../../purchase/tables'
import type { CouponService } from './coupons'
import { issueReward } from '../rewards'
import { limitsOf, type CampaignRow, type CampaignService, type ChanceRefusal } from '../service'

type Chances = CollectResult['chances']

/** Codes one user may ask for the forms of campaigns per day, and one IP address per hour. */
const FORM_CODES_PER_USER_DAY = 10
const FORM_CODES_PER_IP_HOUR = 20

const wrongKind = (message: string) => new ApiError(409, 'WRONG_CAMPAIGN_KIND', message)
const invalid = (problems: { field: string; message: string }[]) =>
  new ApiError(400, 'INVALID_FORM', problems[0].message, problems)

/** The prizes of a campaign that give `kind`, in config order. */
const prizesOf = (campaign: CampaignRow, kind: CampaignReward['kind']) =>
  (campaign.definition.prizes ?? []).filter((p) => p.reward.kind === kind)

/**
 * Coupon campaigns (领券), forms (表单登记, also without fields: "used a calculator") and gift-claim campaigns (领取赠险):
 * a user's limits by the campaign_chances upsert of the lottery, stock by the prize's conditional update, what may
 * happen once by a unique key, all in one transaction with what is given.
 */
export class GiftCollectionService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly campaigns: CampaignService,
    private readonly coupons: CouponService,
    private readonly catalog: CatalogService,
    private readonly policies: PolicyService,
    private readonly codes: SmsCodes,
  ) {}

  /** The campaign, open now, and the user allowed in (the same rules as the lottery's). */
  private async open(id: string, userId: string): Promise<CampaignRow> {
    const campaign = await this.campaigns.campaign(id)
    this.campaigns.assertOpen(campaign)
    await this.campaigns.assertEligible(campaign, userId)
    return campaign
  }

  /** POST /claims: a coupon of a coupon campaign, or the gift policy of a gift-claim campaign. */
  async collect(id: string, userId: string, body: FormSubmission | undefined): Promise<CollectResult> {
    const campaign = await this.campaigns.campaign(id)
    if (campaign.kind === 'coupon') return this.collectCoupon(id, userId)
    if (campaign.kind === 'gift-claim') return this.collectGift(id, userId, body ?? {})
    throw wrongKind('该活动不能领取，请返回活动页查看参与方式')
  }

  /**
   * At login: the coupons of the campaigns that promise them then (grantOnLogin), for a user they are meant for.
   * Each is collected as 领取 would (its limits taken by one conditional upsert, so parallel logins grant it
   * once); a campaign closed, not for this user or already collected gives nothing, silently.
   */
  async grantOnLogin(userId: string): Promise<void> {
    const campaigns = await this.db
      .selectFrom('campaigns')
      .select('id')
      .where('kind', '=', 'coupon')
      .where(sql<boolean>`(definition->>'grantOnLogin')::boolean IS TRUE`)
      .where('starts_at', '<=', this.now())
      .where('ends_at', '>', this.now())
      .execute()
    for (const { id } of campaigns) {
      try {
        await this.collectCoupon(id, userId)
      } catch (error) {
        if (!(error instanceof ApiError) || error.statusCode >= 500) throw error
      }
    }
  }

  /**
   * A premium trial (保费试算) on a product page by a logged-in user: an entry ("used the calculator") of every live
   * form campaign that counts such trials (countsTrials), as its own POST /entries would record it, once a day.
   */
  async recordTrial(userId: string): Promise<TrialRecorded> {
    const campaigns = await this.db
      .selectFrom('campaigns')
      .select('id')
      .where('kind', '=', 'form')
      .where(sql<boolean>`(definition->>'countsTrials')::boolean IS TRUE`)
      .where('starts_at', '<=', this.now())
      .where('ends_at', '>', this.now())
      .execute()
    const recorded: string[] = []
    for (const { id } of campaigns) {
      try {
        if (!(await this.enter(id, userId, {})).repeated) recorded.push(id)
      } catch (error) {
        if (!(error instanceof ApiError) || error.statusCode >= 500) throw error
      }
    }
    return { recorded }
  }

  private chancesAfter(campaign: CampaignRow, taken: { used: number; used_today: number }): Chances {
    return chancesLeft(limitsOf(campaign.definition), taken.used, taken.used_today)
  }

  /** One of the user's chances in the campaign, by the lottery's conditional upsert (409 past a limit). */
  private takeTurn(
    trx: Transaction<DB>,
    campaign: CampaignRow,
    userId: string,
    today: string,
    refusal: ChanceRefusal,
  ) {
    return this.campaigns.takeChance(trx, campaign.id, userId, today, limitsOf(campaign.definition), refusal)
  }

  /** One of the campaign's prizes (the first in config order that still has stock), or 409. */
  private async takeStock(
    trx: Transaction<DB>,
    campaign: CampaignRow,
    kind: CampaignReward['kind'],
    today: string,
    message: string,
  ) {
    for (const prize of prizesOf(campaign, kind))
      if (await this.campaigns.take(trx, campaign.id, prize.id, today)) return prize
    throw new ApiError(409, 'OUT_OF_STOCK', message)
  }

  private async insertEntry(
    trx: Transaction<DB>,
    values: {
      campaignId: string
      userId: string
      seq: number
      today: string
      fields: Record<string, FieldValue>
      personKey?: string
    },
  ): Promise<string | null> {
    const id = randomUUID()
    const row = await trx
      .insertInto('campaign_entries')
      .values({
        id,
        campaign_id: values.campaignId,
        user_id: values.userId,
        seq: values.seq,
        day: values.today,
        fields: JSON.stringify(values.fields),
        person_key: values.personKey ?? null,
        created_at: this.now(),
      })
      // One gift per certificate and campaign: a second one inserts nothing.
      .onConflict((oc) =>
        oc.columns(['campaign_id', 'person_key']).where('person_key', 'is not', null).doNothing(),
      )
      .returning('id')
      .executeTakeFirst()
    return row?.id ?? null
  }

  private async collectCoupon(id: string, userId: string): Promise<CollectResult> {
    const campaign = await this.open(id, userId)
    const now = this.now()
    const today = shanghaiDate(now.getTime())
    return this.db.transaction().execute(async (trx) => {
      const taken = await this.takeTurn(trx, campaign, userId, today, COLLECT_REFUSAL)
      const prize = await this.takeStock(trx, campaign, 'coupon', today, '券已领完，下次早点来')
      const entryId = (await this.insertEntry(trx, {
        campaignId: id,
        userId,
        seq: taken.used,
        today,
        fields: {},
      })) as string
      const couponId = await issueReward(trx, prize.reward, {
        campaignId: id,
        userId,
        prizeId: prize.id,
        prizeName: prize.name,
        source: 'claim',
        sourceId: entryId,
        now,
      })
      return recordAnswer(trx, {
        entry: { id: entryId, seq: taken.used, at: toIso(now), policyId: null, policyNo: null },
        coupon: couponId ? await this.coupons.get(userId, couponId, trx) : null,
        chances: this.chancesAfter(campaign, taken),
      })
    })
  }

  /** The form's values, each checked by the shared rules (400 naming the field). */
  private checkedFields(campaign: CampaignRow, body: FormSubmission, today: string) {
    const check = checkForm(campaign.definition.fields ?? [], body.fields ?? {}, today)
    if (!check.ok) throw invalid(check.problems)
    return check.values
  }

  /** The form's phone proven by its SMS code (a code of this campaign's form only); last of the checks. */
  private async verifyPhone(campaign: CampaignRow, values: Record<string, FieldValue>, smsCode?: string) {
    const field = fieldOfKind(campaign.definition.fields ?? [], 'phone')
    const phone = field ? values[field.key] : undefined
    if (typeof phone !== 'string') return
    if (!smsCode) throw invalid([{ field: 'smsCode', message: '请输入短信验证码' }])
    await this.codes.consume(`form:${campaign.id}`, phone, smsCode, this.now())
  }

  /** POST /entries of a form campaign: the form stored as an entry. A form without fields is a record of use. */
  async enter(id: string, userId: string, body: FormSubmission): Promise<EntryResult> {
    const campaign = await this.campaigns.campaign(id)
    if (campaign.kind !== 'form') throw wrongKind('该活动不接受表单提交')
    await this.open(id, userId)
    const now = this.now()
    const today = shanghaiDate(now.getTime())
    const fields = campaign.definition.fields ?? []
    const values = this.checkedFields(campaign, body, today)
    await this.verifyPhone(campaign, values, body.smsCode)
    try {
      return await this.db.transaction().execute(async (trx) => {
        const taken = await this.takeTurn(trx, campaign, userId, today, ENTRY_REFUSAL)
        const entryId = (await this.insertEntry(trx, {
          campaignId: id,
          userId,
          seq: taken.used,
          today,
          fields: values,
        })) as string
        return recordAnswer(trx, {
          entry: { id: entryId, seq: taken.used, at: toIso(now), policyId: null, policyNo: null },
          repeated: false,
          chances: this.chancesAfter(campaign, taken),
        })
      })
    } catch (error) {
      // A record of use (no fields) made again the same day is today's record, not an error.
      if (fields.length > 0 || !(error instanceof ApiError) || error.code !== 'NO_CHANCES') throw error
      const todays = await this.db
        .selectFrom('campaign_entries')
        .select(['id', 'seq', 'created_at'])
        .where('campaign_id', '=', id)
        .where('user_id', '=', userId)
        .where('day', '=', today)
        .orderBy('seq', 'desc')
        .executeTakeFirst()
      if (!todays) throw error
      return {
        entry: {
          id: todays.id,
          seq: todays.seq,
          at: toIso(todays.created_at),
          policyId: null,
          policyNo: null,
        },
        repeated: true,
        chances: (await this.campaigns.chances(campaign, userId)) ?? { left: 0, leftTotal: 0 },
      }
    }
  }

  /** The gift policy's product and plan (read before any transaction: PGlite has one connection). */
  private async giftProduct(campaign: CampaignRow) {
    const prize = prizesOf(campaign, 'gift-policy')[0]
    if (!prize || prize.reward.kind !== 'gift-policy')
      throw new ApiError(409, 'GIFT_UNAVAILABLE', '该活动没有可领取的赠险')
    const product = await this.catalog.product(prize.reward.productId)
    const plan = product.plans.find((p) => p.code === (prize.reward as { planCode: string }).planCode)
    if (!plan) throw new ApiError(409, 'GIFT_UNAVAILABLE', '赠险的保障计划已下架')
    return { product, plan }
  }

  /** The insured's age on the effective date against the product's ages, and the premium (must be 0). */
  private priceGift(product: ProductDetail, planCode: string, person: GiftPerson, certKey: string) {
    const now = this.now()
    const today = shanghaiDate(now.getTime())
    const effectiveDate = defaultEffectiveDate(now.getTime())
    if (ageOn(person.birthday, today) < HOLDER_MIN_AGE)
      throw invalid([{ field: certKey, message: `领取人须年满${HOLDER_MIN_AGE}周岁` }])
    const quote = quotePremium(product, {
      planCode,
      birthDate: person.birthday,
      gender: person.gender,
      coveragePeriod: product.coveragePeriods[0],
      paymentPeriod: product.paymentPeriods[0],
      socialInsurance: 'Y',
      effectiveDate,
    })
    if (!quote.ok) throw invalid([{ field: certKey, message: quote.message }])
    if (quote.premiumFen !== 0)
      throw new ApiError(409, 'GIFT_UNAVAILABLE', '该产品不是赠险，不能在活动中领取')
    return quote
  }

  private async collectGift(id: string, userId: string, body: FormSubmission): Promise<CollectResult> {
    const campaign = await this.open(id, userId)
    const now = this.now()
    const today = shanghaiDate(now.getTime())
    const fields = campaign.definition.fields ?? []
    // Everything read and checked before the transaction; the form's code is consumed last of the checks.
    const { product, plan } = await this.giftProduct(campaign)
    const values = this.checkedFields(campaign, body, today)
    const who = giftPersonOf(fields, values, today)
    if (!who.ok) throw invalid([who.problem])
    const certKey = `fields.${fieldOfKind(fields, 'certificate')?.key ?? 'certificate'}`
    const quote = this.priceGift(product, plan.code, who.person, certKey)
    await this.verifyPhone(campaign, values, body.smsCode)
    const person: StoredPerson = {
      name: who.person.name,
      certType: who.person.certType,
      certNo: who.person.certNo,
      certTime: 0,
      certStartDate: '',
      certEndDate: '',
      gender: who.person.gender,
      birthday: who.person.birthday,
      phone: who.person.phone,
    }
    const orderId = randomUUID()
    const answer = await this.db.transaction().execute(async (trx) => {
      const taken = await this.takeTurn(trx, campaign, userId, today, COLLECT_REFUSAL)
      await this.takeStock(trx, campaign, 'gift-policy', today, '赠险已领完，感谢关注')
      const entryId = await this.insertEntry(trx, {
        campaignId: id,
        userId,
        seq: taken.used,
        today,
        fields: values,
        personKey: personKey(person),
      })
      if (!entryId)
        throw new ApiError(409, 'ALREADY_CLAIMED', '该证件已领取过本活动的赠险，每人限领一份', [
          { field: certKey, message: '该证件已领取过' },
        ])
      const policyId = await this.issueGiftPolicy(trx, {
        orderId,
        userId,
        product,
        planCode: plan.code,
        planName: plan.name,
        person,
        coveragePeriod: quote.coveragePeriod,
        paymentPeriod: quote.paymentPeriod,
      })
      await trx.updateTable('campaign_entries').set({ order_id: orderId }).where('id', '=', entryId).execute()
      const policy = await trx
        .selectFrom('policies')
        .select('policy_no')
        .where('id', '=', policyId)
        .executeTakeFirstOrThrow()
      return recordAnswer(trx, {
        entry: { id: entryId, seq: taken.used, at: toIso(now), policyId, policyNo: policy.policy_no },
        coupon: null,
        chances: this.chancesAfter(campaign, taken),
      })
    })
    this.policies.textIssued()
    return answer
  }

  /**
   * The normal policy engine for a zero-premium gift: an order of 0 fen (the terms shown on the page and agreed
   * to with the form), marked paid without any payment (nothing to pay, nothing goes to a provider), then issued
   * by PolicyService like a bought one.
   */
  private async issueGiftPolicy(
    trx: Transaction<DB>,
    gift: {
      orderId: string
      userId: string
      product: ProductDetail
      planCode: string
      planName: string
      person: StoredPerson
      coveragePeriod: string
      paymentPeriod: string
    },
  ): Promise<string> {
    const now = this.now()
    const at = toIso(now)
    const { product } = gift
    await trx
      .insertInto('orders')
      .values({
        id: gift.orderId,
        order_no: `GF${shanghaiDate(now.getTime()).replaceAll('-', '')}${String(randomInt(0, 1e11)).padStart(11, '0')}`,
        user_id: gift.userId,
        application_id: null,
        product_id: product.id,
        product_name: product.name,
        insurer_name: product.insurerName,
        plan_code: gift.planCode,
        plan_name: gift.planName,
        coverage_period: gift.coveragePeriod,
        payment_period: gift.paymentPeriod,
        premium_fen: 0,
        displayed_premium_fen: 0,
        status: 'PENDING_PAYMENT',
        holder: JSON.stringify(gift.person),
        insured: JSON.stringify({ ...gift.person, relationType: SELF_RELATION }),
        address: null,
        consents: JSON.stringify(
          product.clauses.map((c) => ({
            document: `clause:${c.id}`,
            title: c.title,
            openedAt: at,
            confirmedAt: at,
          })),
        ),
        health: JSON.stringify({
          insuredRelation: SELF_RELATION,
          answers: [],
          answeredAt: at,
          recordingNoticeAt: at,
        }),
        cooling_off_days: product.coolingOffDays,
        source: 'mall',
        created_at: now,
        expires_at: new Date(orderExpiresAtMs(now.getTime())),
      })
      .execute()
    if (!(await transition(trx, gift.orderId, 'PAY_SUCCEEDED', { paid_at: now })))
      throw new Error(`gift order ${gift.orderId} was not payable`)
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', gift.orderId)
      .executeTakeFirstOrThrow()
    return this.policies.issueForOrder(trx, order, product)
  }

  private async giftInfo(campaign: CampaignRow): Promise<GiftInfo | null> {
    if (campaign.kind !== 'gift-claim') return null
    const { product, plan } = await this.giftProduct(campaign)
    const prize = prizesOf(campaign, 'gift-policy')[0]
    const stock = await this.db
      .selectFrom('campaign_prizes')
      .select(['stock', 'awarded'])
      .where('campaign_id', '=', campaign.id)
      .where('prize_id', '=', prize.id)
      .executeTakeFirst()
    // The insurer's full name (the catalog's product carries the short one): product promotion names the insurer.
    const insurer = await this.db
      .selectFrom('insurers')
      .select('name')
      .where('code', '=', product.insurerCode)
      .executeTakeFirst()
    return {
      productId: product.id,
      productName: product.name,
      insurerName: insurer?.name ?? product.insurerName,
      planName: plan.name,
      coverages: plan.coverages,
      ageText: ageRangeLabel(product),
      coveragePeriod: coveragePeriodLabel(product.coveragePeriods[0]),
      waitingPeriodDays: product.waitingPeriodDays,
      clauses: product.clauses.map((c) => ({ id: c.id, title: c.title })),
      left: stock && stock.stock !== null ? Math.max(0, stock.stock - stock.awarded) : null,
    }
  }

  /** GET /form: the fields, the gift (product, insurer, cover, ages, terms), my chances and my entries. */
  async formState(id: string, userId: string | null): Promise<FormState> {
    const campaign = await this.campaigns.campaign(id)
    if (campaign.kind !== 'form' && campaign.kind !== 'gift-claim') throw wrongKind('该活动没有表单')
    const entries = userId
      ? await this.db
          .selectFrom('campaign_entries as e')
          .leftJoin('policies as p', 'p.order_id', 'e.order_id')
          .select(['e.id', 'e.seq', 'e.created_at', 'p.id as policy_id', 'p.policy_no'])
          .where('e.campaign_id', '=', id)
          .where('e.user_id', '=', userId)
          .orderBy('e.seq', 'desc')
          .limit(50)
          .execute()
      : []
    return {
      id,
      kind: campaign.kind,
      title: campaign.title,
      status: this.campaigns.status(campaign),
      startAt: toIso(campaign.starts_at),
      endAt: toIso(campaign.ends_at),
      rules: campaign.definition.rules ?? null,
      fields: campaign.definition.fields ?? [],
      gift: await this.giftInfo(campaign),
      chances: await this.campaigns.chances(campaign, userId),
      entries: entries.map((e) => ({
        id: e.id,
        seq: e.seq,
        at: toIso(e.created_at),
        policyId: e.policy_id,
        policyNo: e.policy_no,
      })),
    }
  }

  /** An SMS code for the phone of a campaign's form (its own purpose: it verifies nothing else). */
  async sendFormCode(id: string, userId: string, phone: string, ip: string) {
    const campaign = await this.open(id, userId)
    if (!fieldOfKind(campaign.definition.fields ?? [], 'phone'))
      throw new ApiError(409, 'NO_PHONE_FIELD', '该活动的表单不需要手机验证码')
    const now = this.now()
    await this.codes.issue({
      purpose: `form:${id}`,
      phone,
      now,
      message: (code) =>
        `【国恒保险商城】您正在参加“${campaign.title}”，验证码为${code}，${CODE_TTL_SECONDS / 60}分钟内有效。如非本人操作请忽略。`,
      limits: async (trx) => {
        if (!(await takeHit(trx, `form-sms:user:${userId}`, FORM_CODES_PER_USER_DAY, SHANGHAI_DAY, now)))
          throw tooMany(
            'SMS_DAILY_LIMIT',
            '今日获取验证码次数已达上限，请明天再试',
            secondsLeft(SHANGHAI_DAY, now),
          )
        if (!(await takeHit(trx, `form-sms:ip:${ip}`, FORM_CODES_PER_IP_HOUR, HOUR, now)))
          throw tooMany('SMS_IP_LIMIT', '获取验证码过于频繁，请稍后再试', secondsLeft(HOUR, now))
      },
    })
    return { resendAfterSeconds: RESEND_SECONDS, expiresInSeconds: CODE_TTL_SECONDS }
  }
}
