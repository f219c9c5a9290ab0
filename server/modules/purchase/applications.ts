import { randomUUID } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import type { ProductDetail } from '../../../src/types/generated/api/catalog'
import type {
  HealthResult,
  OrderApplication,
  OrderApplicationCreate,
  OrderHealth,
} from '../../../src/types/generated/api/order'
import { ApiError, notFound } from '../../platform/errors'
import { toIso } from '../../platform/time'
import { shanghaiDate } from '../../../src/domain/age'
import { GIFT_NOT_RENEWABLE, isGiftPolicy, RENEWAL_WINDOW_DAYS } from '../../../src/domain/policy'
import { underwrite, walkFollowUp, type Underwriting } from '../../../src/domain/underwriting'
import type { CatalogService } from '../catalog/service'
import type { RiskAssessmentService } from '../risk/service'
import type { TrailService } from '../trail/service'
import { documentStep, healthStep, sensitiveConsentStep } from '../trail/steps'
import type { SalesPageVersions } from '../trail/versions'
import type { DB } from '../../db/schema'
import type { ApplicationsTable } from './tables'

// The purchase gates, recorded on the server in the order the user must pass them:
// risk assessment (investment-type products only) -> recorded-sales notice (creating the application) -> 投保须知 and clauses opened then confirmed ->
// health notification. POST /api/orders refuses an application that has not passed them all.

export const NOTICE_DOCUMENT_ID = 'notice'

export class ApplicationService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly catalog: CatalogService,
    private readonly risk: RiskAssessmentService,
    private readonly trails: TrailService,
    private readonly versions: SalesPageVersions,
  ) {}

  async create(userId: string, body: OrderApplicationCreate): Promise<OrderApplication> {
    if (body.recordingNoticeAcknowledged !== true) {
      throw new ApiError(400, 'RECORDING_NOTICE_REQUIRED', '请先确认已知晓投保过程将被记录', [
        { field: 'recordingNoticeAcknowledged', message: '请确认已知晓投保过程将被记录' },
      ])
    }
    const product = await this.catalog.product(body.productId)
    await this.assertOnSale(product.id)
    const plan = product.plans.find((p) => p.code === body.planCode)
    if (!plan)
      throw new ApiError(400, 'PLAN_NOT_FOUND', '所选保障计划不存在', [
        { field: 'planCode', message: '所选保障计划不存在' },
      ])
    if (!product.coveragePeriods.includes(body.coveragePeriod))
      throw new ApiError(400, 'PERIOD_NOT_OFFERED', '该产品不提供所选保障期间', [
        { field: 'coveragePeriod', message: '该产品不提供所选保障期间' },
      ])
    if (!product.paymentPeriods.includes(body.paymentPeriod))
      throw new ApiError(400, 'PERIOD_NOT_OFFERED', '该产品不提供所选交费期间', [
        { field: 'paymentPeriod', message: '该产品不提供所选交费期间' },
      ])
    // Investment-type products: a valid risk assessment that fits, before any gate is recorded.
    await this.risk.assertFits(userId, product.riskLevel)

    const now = this.now()
    const renewal = body.renewsPolicyId
      ? await this.renewable(userId, body.renewsPolicyId, product.id, now)
      : null
    const id = randomUUID()
    // 可回溯: the versions this sale is shown (taken now if the catalog changed), named by every step.
    const shown = await this.versions.captureProduct(product.id, product)
    const consent = await sensitiveConsentStep(this.db, userId)
    const versionOf = (documentId: string) => {
      const ref = shown.documents.get(documentId)
      return { version: ref?.version ?? null, hash: ref?.hash ?? null }
    }
    const documents = [
      { document_id: NOTICE_DOCUMENT_ID, kind: 'notice' as const, title: '投保须知' },
      ...product.clauses.map((c) => ({
        document_id: `clause:${c.id}`,
        kind: 'clause' as const,
        title: c.title,
      })),
    ].map((d) => ({ ...d, ...versionOf(d.document_id) }))
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('applications')
        .values({
          id,
          user_id: userId,
          product_id: product.id,
          plan_code: plan.code,
          coverage_period: body.coveragePeriod,
          payment_period: body.paymentPeriod,
          recording_notice_at: now,
          renews_policy_id: renewal?.id ?? null,
          start_date: renewal?.startDate ?? null,
          created_at: now,
        })
        .execute()
      await trx
        .insertInto('application_documents')
        .values(documents.map((d, sort) => ({ ...d, application_id: id, sort })))
        .execute()
      await this.trails.join(
        trx,
        userId,
        body.trailId,
        { id: product.id, name: product.name, channel: 'mall' },
        [
          {
            kind: 'recording_notice',
            data: {
              productVersion: shown.product.version,
              textsVersion: shown.texts.version,
              planCode: plan.code,
              planName: plan.name,
              coveragePeriod: body.coveragePeriod,
              paymentPeriod: body.paymentPeriod,
            },
          },
          consent,
        ],
        { application_id: id, stage: 'applied' },
      )
    })
    return this.get(userId, id)
  }

  /**
   * The policy a 一键续保 renews: the caller's, of this product, in force, its cover ending within the renewal
   * window; the new cover starts the day the old one ends.
   */
  private async renewable(userId: string, policyId: string, productId: string, now: Date) {
    const policy = await this.db
      .selectFrom('policies')
      .select(['id', 'product_id', 'expires_at', 'surrendered_at', 'premium_fen'])
      .where('id', '=', policyId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    if (!policy) throw notFound('续保的保单')
    const refuse = (message: string) =>
      new ApiError(409, 'NOT_RENEWABLE', message, [{ field: 'renewsPolicyId', message }])
    if (isGiftPolicy({ premiumFen: policy.premium_fen })) throw refuse(GIFT_NOT_RENEWABLE)
    if (policy.product_id !== productId) throw refuse('续保须投保原保单的同一产品')
    const ends = policy.expires_at?.getTime() ?? null
    if (policy.surrendered_at || ends === null || ends <= now.getTime())
      throw refuse('该保单已终止或为长期保障，无需续保')
    if (ends > now.getTime() + RENEWAL_WINDOW_DAYS * 86_400_000)
      throw refuse(`保单到期前 ${RENEWAL_WINDOW_DAYS} 天内方可续保`)
    return { id: policy.id, startDate: shanghaiDate(ends) }
  }

  /** A gift product given only through a campaign (one per person there) is not sold here, not even for 0 元. */
  private async assertOnSale(productId: string): Promise<void> {
    const row = await this.db
      .selectFrom('products')
      .select(['campaign_only', 'channel'])
      .where('id', '=', productId)
      .executeTakeFirst()
    if (row?.campaign_only)
      throw new ApiError(409, 'CAMPAIGN_ONLY', '该赠险仅可在活动页领取', [
        { field: 'productId', message: '该赠险仅可在活动页领取' },
      ])
    // The partner underwrites and issues these (server/modules/partners): not through the mall's own gates.
    if (row?.channel === 'partner')
      throw new ApiError(409, 'PARTNER_PRODUCT', '该产品由合作保险公司承保，请在产品页按其投保流程投保', [
        { field: 'productId', message: '该产品由合作保险公司承保' },
      ])
  }

  /** The caller's own application; someone else's is "not found", never "forbidden" (no id probing). */
  async row(userId: string, id: string): Promise<Selectable<ApplicationsTable>> {
    const row = await this.db
      .selectFrom('applications')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    if (!row) throw notFound('投保申请')
    return row
  }

  async get(userId: string, id: string): Promise<OrderApplication> {
    const row = await this.row(userId, id)
    const [product, documents, health, renewedNo] = await Promise.all([
      this.catalog.product(row.product_id),
      this.documents(id),
      this.latestHealth(id),
      row.renews_policy_id
        ? this.db
            .selectFrom('policies')
            .select('policy_no')
            .where('id', '=', row.renews_policy_id)
            .executeTakeFirst()
            .then((p) => p?.policy_no)
        : undefined,
    ])
    return {
      id: row.id,
      productId: row.product_id,
      productName: product.name,
      planCode: row.plan_code,
      coveragePeriod: row.coverage_period,
      paymentPeriod: row.payment_period,
      recordingNoticeAt: toIso(row.recording_notice_at),
      documents: documents.map((d) => ({
        id: d.document_id,
        kind: d.kind,
        title: d.title,
        openedAt: d.opened_at ? toIso(d.opened_at) : null,
        confirmedAt: d.confirmed_at ? toIso(d.confirmed_at) : null,
        ...(d.version ? { version: d.version } : {}),
        ...(d.hash ? { hash: d.hash } : {}),
      })),
      health: health
        ? {
            insuredRelation: health.insured_relation,
            passed: health.passed,
            outcome: health.outcome,
            exclusions: health.exclusions,
            answeredAt: toIso(health.answered_at),
          }
        : null,
      orderId: row.order_id,
      renewal:
        row.renews_policy_id && row.start_date
          ? { policyId: row.renews_policy_id, policyNo: renewedNo ?? '', startDate: row.start_date }
          : null,
      createdAt: toIso(row.created_at),
    }
  }

  documents(applicationId: string) {
    return this.db
      .selectFrom('application_documents')
      .selectAll()
      .where('application_id', '=', applicationId)
      .orderBy('sort')
      .execute()
  }

  latestHealth(applicationId: string) {
    return this.db
      .selectFrom('health_declarations')
      .selectAll()
      .where('application_id', '=', applicationId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
  }

  private assertOpen(row: Selectable<ApplicationsTable>): void {
    if (row.order_id) throw new ApiError(409, 'APPLICATION_USED', '该投保申请已提交订单，请重新投保')
  }

  /** Records that a document was opened, or confirmed after being opened. Repeats keep the first time. */
  async recordDocument(
    userId: string,
    id: string,
    documentId: string,
    action: 'open' | 'confirm',
  ): Promise<OrderApplication> {
    const row = await this.row(userId, id)
    this.assertOpen(row)
    const document = await this.db
      .selectFrom('application_documents')
      .selectAll()
      .where('application_id', '=', id)
      .where('document_id', '=', documentId)
      .executeTakeFirst()
    if (!document) throw notFound('投保文件')
    const now = this.now()
    if (action === 'open' && !document.opened_at) {
      const opened = await this.db
        .updateTable('application_documents')
        .set({ opened_at: now })
        .where('application_id', '=', id)
        .where('document_id', '=', documentId)
        .where('opened_at', 'is', null)
        .executeTakeFirst()
      if (Number(opened.numUpdatedRows) === 1)
        await this.trails.step(this.db, { applicationId: id }, [documentStep('document_opened', document)])
    }
    if (action === 'confirm') {
      if (!document.opened_at)
        throw new ApiError(409, 'DOCUMENT_NOT_OPENED', `请先打开阅读《${document.title}》再确认`)
      if (!document.confirmed_at) {
        const confirmed = await this.db
          .updateTable('application_documents')
          .set({ confirmed_at: now })
          .where('application_id', '=', id)
          .where('document_id', '=', documentId)
          .where('confirmed_at', 'is', null)
          .executeTakeFirst()
        if (Number(confirmed.numUpdatedRows) === 1)
          await this.trails.step(this.db, { applicationId: id }, [
            documentStep('document_confirmed', document),
          ])
      }
    }
    return this.get(userId, id)
  }

  /**
   * 我已阅读并同意 under the list of every document: each is confirmed now (a confirmation kept keeps its time);
   * what was opened keeps its opened time, and what was not stays unopened in the record.
   */
  async confirmAllDocuments(userId: string, id: string): Promise<OrderApplication> {
    const row = await this.row(userId, id)
    this.assertOpen(row)
    const confirmed = await this.db
      .updateTable('application_documents')
      .set({ confirmed_at: this.now() })
      .where('application_id', '=', id)
      .where('confirmed_at', 'is', null)
      .returning(['document_id', 'title', 'version', 'hash', 'sort'])
      .execute()
    if (confirmed.length)
      await this.trails.step(
        this.db,
        { applicationId: id },
        confirmed.sort((a, b) => a.sort - b.sort).map((d) => documentStep('document_confirmed', d)),
      )
    return this.get(userId, id)
  }

  /**
   * Health notification for the chosen insured: every question answered, and every follow-up of a 是 (智能核保).
   * The server decides the outcome (underwrite, src/domain/underwriting.ts) and records it with the answers; a
   * declined insured is offered the products of the same category that ask none of the questions answered 是.
   */
  async submitHealth(userId: string, id: string, body: OrderHealth): Promise<HealthResult> {
    const row = await this.row(userId, id)
    this.assertOpen(row)
    const documents = await this.documents(id)
    const unconfirmed = documents.find((d) => !d.confirmed_at)
    if (unconfirmed) throw new ApiError(409, 'NOTICE_NOT_CONFIRMED', `请先阅读并确认《${unconfirmed.title}》`)
    const product = await this.catalog.product(row.product_id)
    const underwriting = checkAnswers(product, body)
    const passed = underwriting.outcome !== 'decline'
    await this.db
      .insertInto('health_declarations')
      .values({
        application_id: id,
        insured_relation: body.insuredRelation,
        answers: JSON.stringify(body.answers),
        passed,
        outcome: underwriting.outcome,
        exclusions: JSON.stringify(underwriting.exclusions),
        answered_at: this.now(),
      })
      .execute()
    await this.trails.step(this.db, { applicationId: id }, [
      healthStep(product.healthQuestions, body, underwriting.outcome, underwriting.exclusions),
    ])
    const alternatives = passed
      ? []
      : await this.catalog.fittingWithout(
          product,
          underwriting.declinedBy.map((q) => q.text),
        )
    return {
      passed,
      outcome: underwriting.outcome,
      exclusions: underwriting.exclusions,
      alternatives: alternatives.map(({ id, name, tagline, image, minPremiumFen, ageMin, ageMax }) => ({
        id,
        name,
        tagline,
        image,
        minPremiumFen,
        ageMin,
        ageMax,
      })),
      application: await this.get(userId, id),
    }
  }
}

function checkAnswers(product: ProductDetail, body: OrderHealth): Underwriting {
  const byId = new Map(product.healthQuestions.map((q) => [q.id, q]))
  const given = new Set<string>()
  for (const [index, answer] of body.answers.entries()) {
    const question = byId.get(answer.questionId)
    if (!question || given.has(answer.questionId))
      throw new ApiError(400, 'INVALID_ANSWERS', '健康告知的问题不正确，请刷新后重新作答', [
        { field: `answers.${index}.questionId`, message: '问题不存在或重复作答' },
      ])
    if (answer.followUp?.length && (answer.answer === 'no' || !question.followUp))
      throw new ApiError(400, 'INVALID_ANSWERS', '健康告知的追问不正确，请刷新后重新作答', [
        { field: `answers.${index}.followUp`, message: '该问题没有追问' },
      ])
    given.add(answer.questionId)
  }
  const missing = product.healthQuestions.find((q) => !given.has(q.id))
  if (missing)
    throw new ApiError(400, 'ANSWERS_INCOMPLETE', '请回答全部健康告知问题', [
      { field: 'answers', message: `未回答：${missing.text}` },
    ])
  const underwriting = underwrite(
    product.healthQuestions,
    new Map(body.answers.map((a) => [a.questionId, a])),
  )
  if (!underwriting) {
    const index = body.answers.findIndex((a) => {
      const followUp = byId.get(a.questionId)?.followUp
      return a.answer === 'yes' && followUp && walkFollowUp(followUp, a.followUp ?? []).outcome === null
    })
    throw new ApiError(400, 'FOLLOW_UP_INCOMPLETE', '请回答全部智能核保追问', [
      {
        field: `answers.${index}.followUp`,
        message: `请回答完“${byId.get(body.answers[index].questionId)?.text}”的追问`,
      },
    ])
  }
  return underwriting
}
