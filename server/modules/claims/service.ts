import { randomUUID } from 'node:crypto'
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import { shanghaiDate } from '../../../src/domain/age'
import { maskName } from '../../../src/domain/certificate'
import {
  CLAIM_STATUSES,
  claimTypeName,
  claimTypesFor,
  DOCUMENT_KINDS,
  eventDateProblem,
  isValidBankCard,
  maskBankCard,
  missingDocuments,
  OPEN_CLAIM_STATUSES,
  type ClaimStatus,
  type ClaimType,
  type DocumentKind,
} from '../../../src/domain/claims'
import { formatFen } from '../../../src/domain/money'
import type {
  Claim,
  ClaimablePolicyList,
  ClaimInput,
  ClaimList,
  DocumentInput,
} from '../../../src/types/generated/api/claim'
import type { DB } from '../../db/schema'
import { ApiError, notFound } from '../../platform/errors'
import { recordAnswer } from '../../platform/idempotency'
import { toIso } from '../../platform/time'
import type { MediaService } from '../media/service'
import type { MessageService } from '../messages/service'
import type { ClaimsTable } from './tables'

/** How long the demo adjuster leaves a claim at each step before the next. */
export const DEMO_REVIEW_STEP_MS = 60_000
/** Claims from this amount are asked for an itemised bill (费用清单) by the demo adjuster. */
export const DEMO_SUPPLEMENT_FROM_FEN = 200_000

/** A document's address: served to whoever may see the claim, not only to who uploaded it. */
const claimDocumentUrl = (claimId: string, mediaId: string) => `/api/claims/${claimId}/documents/${mediaId}`

const invalid = (field: string, message: string) =>
  new ApiError(400, 'INVALID_INPUT', message, [{ field, message }])

const needsOf = (type: ClaimType) =>
  (Object.entries(type.documents) as [DocumentKind, number][]).map(([kind, least]) => ({
    kind,
    name: DOCUMENT_KINDS[kind],
    least,
  }))

const counts = (documents: readonly { kind: DocumentKind }[]) => {
  const out: Partial<Record<DocumentKind, number>> = {}
  for (const d of documents) out[d.kind] = (out[d.kind] ?? 0) + 1
  return out
}

/**
 * Whom the money may go to, in full: the insured, and the holder too when the user is the holder (an insured who
 * is not the holder is never shown the holder's name).
 */
function payeesOf(
  policy: { user_id: string; holder: { name: string }; insured: { name: string } },
  userId: string,
): { role: 'insured' | 'holder'; name: string }[] {
  const payees: { role: 'insured' | 'holder'; name: string }[] = [
    { role: 'insured', name: policy.insured.name },
  ]
  if (policy.user_id === userId && policy.holder.name !== policy.insured.name)
    payees.push({ role: 'holder', name: policy.holder.name })
  return payees
}

/**
 * Claims: filed by the holder or the insured of a policy, with the documents their type needs; each status
 * change is one conditional update with its step in the timeline and a message to the user, in one transaction.
 */
export class ClaimService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly media: MediaService,
    private readonly messages: MessageService,
  ) {}

  /** Policies the user holds, or is the verified insured of, joined with what their product covers. */
  private policies(userId: string) {
    return this.db
      .selectFrom('policies as p')
      .innerJoin('products as pr', 'pr.id', 'p.product_id')
      .innerJoin('users as u', (join) => join.on('u.id', '=', userId))
      .select([
        'p.id',
        'p.policy_no',
        'p.user_id',
        'p.product_name',
        'p.holder',
        'p.insured',
        'p.effective_at',
        'p.expires_at',
        'pr.category_code',
        'pr.waiting_period_days',
      ])
      .where('p.surrendered_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('p.user_id', '=', userId),
          eb.and([
            eb('u.real_name_verified_at', 'is not', null),
            eb(sql<string>`p.insured ->> 'certNo'`, '=', eb.ref('u.id_number')),
          ]),
        ]),
      )
  }

  async claimable(userId: string): Promise<ClaimablePolicyList> {
    const rows = await this.policies(userId).orderBy('p.issued_at', 'desc').limit(100).execute()
    const nowMs = this.now().getTime()
    return {
      today: shanghaiDate(nowMs),
      items: rows
        .filter((r) => r.effective_at.getTime() <= nowMs && claimTypesFor(r.category_code).length > 0)
        .map((r) => ({
          policyId: r.id,
          policyNo: r.policy_no,
          productName: r.product_name,
          insuredName: maskName(r.insured.name),
          role: r.user_id === userId ? ('holder' as const) : ('insured' as const),
          effectiveDate: shanghaiDate(r.effective_at.getTime()),
          endDate: r.expires_at ? shanghaiDate(r.expires_at.getTime()) : null,
          waitingDays: r.waiting_period_days,
          types: claimTypesFor(r.category_code).map((t) => ({
            code: t.code,
            name: t.name,
            documents: needsOf(t),
          })),
          payees: payeesOf(r, userId),
        })),
    }
  }

  async file(userId: string, input: ClaimInput): Promise<Claim> {
    const policy = await this.policies(userId).where('p.id', '=', input.policyId).executeTakeFirst()
    if (!policy) throw notFound('保单')
    const type = claimTypesFor(policy.category_code).find((t) => t.code === input.type)
    if (!type) throw invalid('type', '该保单不支持此理赔类型')
    const problem = eventDateProblem(
      input.eventDate,
      {
        effectiveDate: shanghaiDate(policy.effective_at.getTime()),
        endDate: policy.expires_at ? shanghaiDate(policy.expires_at.getTime()) : null,
        waitingDays: policy.waiting_period_days,
      },
      type.code,
      shanghaiDate(this.now().getTime()),
    )
    if (problem) throw invalid('eventDate', problem)
    const payee = input.payee.name.trim()
    if (payee !== policy.insured.name && payee !== policy.holder.name)
      throw invalid('payee.name', '收款人须为被保险人或投保人本人')
    if (!isValidBankCard(input.payee.cardNo))
      throw invalid('payee.cardNo', '银行卡号校验未通过，请核对后重新填写')
    const missing = missingDocuments(type, counts(input.documents))
    if (missing.length)
      throw invalid('documents', `请上传：${missing.map((m) => `${m.name} ${m.more} 张`).join('、')}`)

    const id = randomUUID()
    const now = this.now()
    try {
      return await this.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{
          serial: number
        }>`SELECT nextval('claim_serial')::int % 100000000 AS serial`.execute(trx)
        const claimNo = `CL${shanghaiDate(now.getTime()).replaceAll('-', '')}${String(rows[0].serial).padStart(8, '0')}`
        await trx
          .insertInto('claims')
          .values({
            id,
            claim_no: claimNo,
            user_id: userId,
            policy_id: policy.id,
            type: type.code,
            event_date: input.eventDate,
            place: input.place.trim(),
            description: input.description.trim(),
            amount_fen: input.amountFen,
            payee_name: payee,
            bank_name: input.payee.bankName.trim(),
            card_no: input.payee.cardNo,
            status: 'SUBMITTED',
            needed: '{}',
            paid_fen: null,
            decision: null,
            handled_by: null,
            created_at: now,
            updated_at: now,
          })
          .execute()
        await this.addDocuments(trx, userId, id, input.documents, 'documents')
        await this.step(
          trx,
          { id, claim_no: claimNo, user_id: userId },
          'SUBMITTED',
          '理赔申请已提交，我们将尽快审核',
        )
        return recordAnswer(trx, await this.get(userId, id, trx))
      })
    } catch (error) {
      if ((error as { code?: string; constraint?: string }).constraint === 'claims_open_once')
        throw new ApiError(409, 'CLAIM_ALREADY_OPEN', '该保单在此出险日期已有处理中的同类理赔，请勿重复申请')
      throw error
    }
  }

  private async addDocuments(
    trx: Transaction<DB>,
    userId: string,
    claimId: string,
    documents: readonly DocumentInput[],
    field: string,
  ) {
    await this.media.attach(
      trx,
      userId,
      documents.map((d) => d.mediaId),
      'claim',
      `claim:${claimId}`,
      field,
    )
    await trx
      .insertInto('claim_documents')
      .values(
        documents.map((d) => ({
          claim_id: claimId,
          media_id: d.mediaId,
          kind: d.kind,
          added_at: this.now(),
        })),
      )
      .execute()
  }

  /** Appends the timeline step and tells the user, in the transaction that made the change. */
  private async step(
    trx: Transaction<DB>,
    claim: Pick<Selectable<ClaimsTable>, 'id' | 'claim_no' | 'user_id'>,
    status: ClaimStatus,
    note: string,
  ) {
    await trx
      .insertInto('claim_steps')
      .values({ claim_id: claim.id, status, note, created_at: this.now() })
      .execute()
    await this.messages.notify(trx, claim.user_id, {
      kind: 'claim_status',
      claimId: claim.id,
      claimNo: claim.claim_no,
      status,
      note,
    })
  }

  /**
   * Moves a claim from one of `from` to `to` (one conditional update); false when it was not in `from`. The desk
   * (desk.ts) moves claims through it too, naming the staff member in `handled_by`; `scope.unhandledOnly` keeps
   * the demo adjuster off a claim the desk has taken.
   */
  async move(
    trx: Transaction<DB>,
    id: string,
    from: readonly ClaimStatus[],
    to: ClaimStatus,
    note: string,
    extra: Partial<Pick<ClaimsTable, 'paid_fen' | 'decision' | 'handled_by'>> & { needed?: string } = {},
    scope: { userId?: string; unhandledOnly?: boolean } = {},
  ): Promise<boolean> {
    let update = trx
      .updateTable('claims')
      .set({ status: to, updated_at: this.now(), ...extra })
      .where('id', '=', id)
      .where('status', 'in', [...from])
    if (scope.userId) update = update.where('user_id', '=', scope.userId)
    if (scope.unhandledOnly) update = update.where('handled_by', 'is', null)
    const moved = await update.returning(['id', 'claim_no', 'user_id']).executeTakeFirst()
    if (!moved) return false
    await this.step(trx, moved, to, note)
    return true
  }

  /** Claims the user filed, or on a policy they hold or are the verified insured of; event_date, after c.*, read
   * back as written. */
  private visible(userId: string, db: Kysely<DB> = this.db) {
    return db
      .selectFrom('claims as c')
      .innerJoin('policies as p', 'p.id', 'c.policy_id')
      .innerJoin('users as u', (join) => join.on('u.id', '=', userId))
      .selectAll('c')
      .select(sql<string>`to_char(c.event_date, 'YYYY-MM-DD')`.as('event_date'))
      .select(['p.policy_no', 'p.product_name', 'p.insured'])
      .where((eb) =>
        eb.or([
          eb('c.user_id', '=', userId),
          eb('p.user_id', '=', userId),
          eb.and([
            eb('u.real_name_verified_at', 'is not', null),
            eb(sql<string>`p.insured ->> 'certNo'`, '=', eb.ref('u.id_number')),
          ]),
        ]),
      )
  }

  /** One document of a claim the user may see (whoever uploaded it); anything else is 404. */
  async document(userId: string, claimId: string, mediaId: string) {
    const row = await this.visible(userId)
      .innerJoin('claim_documents as d', 'd.claim_id', 'c.id')
      .where('c.id', '=', claimId)
      .where('d.media_id', '=', mediaId)
      .executeTakeFirst()
    if (!row) throw notFound('理赔材料')
    return this.media.openShared(mediaId)
  }

  async list(userId: string, status?: 'open' | 'done'): Promise<ClaimList> {
    let select = this.visible(userId)
    if (status === 'open') select = select.where('c.status', 'in', [...OPEN_CLAIM_STATUSES])
    if (status === 'done') select = select.where('c.status', 'not in', [...OPEN_CLAIM_STATUSES])
    const rows = await select.orderBy('c.seq', 'desc').limit(100).execute()
    return { items: await Promise.all(rows.map((r) => this.toClaim(r))) }
  }

  async get(userId: string, id: string, db: Kysely<DB> = this.db): Promise<Claim> {
    const row = await this.visible(userId, db).where('c.id', '=', id).executeTakeFirst()
    if (!row) throw notFound('理赔')
    return this.toClaim(row, db)
  }

  /** The claim as its API shape (the desk maps the document urls to its own). */
  async toClaim(
    row: Selectable<ClaimsTable> & { policy_no: string; product_name: string; insured: { name: string } },
    db: Kysely<DB> = this.db,
  ): Promise<Claim> {
    const [documents, steps] = await Promise.all([
      db
        .selectFrom('claim_documents')
        .selectAll()
        .where('claim_id', '=', row.id)
        .orderBy('added_at')
        .execute(),
      db.selectFrom('claim_steps').selectAll().where('claim_id', '=', row.id).orderBy('id').execute(),
    ])
    return {
      id: row.id,
      claimNo: row.claim_no,
      policyId: row.policy_id,
      policyNo: row.policy_no,
      productName: row.product_name,
      insuredName: maskName(row.insured.name),
      type: row.type as Claim['type'],
      typeName: claimTypeName(row.type),
      eventDate: row.event_date,
      place: row.place,
      description: row.description,
      amountFen: row.amount_fen,
      payee: {
        name: maskName(row.payee_name),
        bankName: row.bank_name,
        cardMasked: maskBankCard(row.card_no),
      },
      status: row.status,
      needed:
        row.status === 'NEED_SUPPLEMENT'
          ? (Object.entries(row.needed) as [DocumentKind, number][]).map(([kind, least]) => ({
              kind,
              name: DOCUMENT_KINDS[kind],
              least,
            }))
          : [],
      paidFen: row.paid_fen,
      decision: row.decision,
      documents: documents.map((d) => ({
        id: d.media_id,
        kind: d.kind,
        url: claimDocumentUrl(row.id, d.media_id),
        addedAt: toIso(d.added_at),
      })),
      timeline: steps.map((s) => ({ status: s.status, note: s.note, at: toIso(s.created_at) })),
      createdAt: toIso(row.created_at),
    }
  }

  /** Adds the documents asked for; once they are all there the claim goes back to review. */
  async supplement(userId: string, id: string, documents: readonly DocumentInput[]): Promise<Claim> {
    await this.db.transaction().execute(async (trx) => {
      const claim = await trx
        .selectFrom('claims')
        .select(['id', 'status', 'needed'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst()
      if (!claim) throw notFound('理赔')
      if (claim.status !== 'NEED_SUPPLEMENT')
        throw new ApiError(409, 'CLAIM_NOT_AWAITING_DOCUMENTS', '该理赔当前无需补充材料')
      await this.addDocuments(trx, userId, id, documents, 'documents')
      const added = counts(documents)
      const stillMissing = (Object.entries(claim.needed) as [DocumentKind, number][]).filter(
        ([kind, least]) => (added[kind] ?? 0) < least,
      )
      if (stillMissing.length)
        throw invalid(
          'documents',
          `请上传：${stillMissing.map(([kind, least]) => `${DOCUMENT_KINDS[kind]} ${least - (added[kind] ?? 0)} 张`).join('、')}`,
        )
      await this.move(trx, id, ['NEED_SUPPLEMENT'], 'UNDER_REVIEW', '已补充材料，理赔重新进入审核', {
        needed: '{}',
      })
    })
    return this.get(userId, id)
  }

  /** A claim not yet decided may be withdrawn by whoever filed it. */
  async withdraw(userId: string, id: string): Promise<Claim> {
    const moved = await this.db
      .transaction()
      .execute((trx) =>
        this.move(trx, id, OPEN_CLAIM_STATUSES, 'WITHDRAWN', '理赔申请已撤回', {}, { userId }),
      )
    if (!moved) {
      const claim = await this.get(userId, id)
      throw new ApiError(409, 'CLAIM_DECIDED', `该理赔已${CLAIM_STATUSES[claim.status]}，不能撤回`)
    }
    return this.get(userId, id)
  }

  /**
   * The demo adjuster (demo mode's sweep) for claims no desk agent has taken: a minute per step, it takes a
   * submitted claim into review; asks a claim of ¥2,000 or more for an itemised bill (once); approves the rest
   * in full and pays an approved claim to the payee's card.
   */
  async demoAdjust(): Promise<number> {
    const before = new Date(this.now().getTime() - DEMO_REVIEW_STEP_MS)
    const due = await this.db
      .selectFrom('claims')
      .select(['id', 'status', 'amount_fen', 'card_no'])
      .where('status', 'in', ['SUBMITTED', 'UNDER_REVIEW', 'APPROVED'])
      .where('handled_by', 'is', null)
      .where('updated_at', '<=', before)
      .orderBy('updated_at')
      .limit(100)
      .execute()
    const demo = { unhandledOnly: true }
    let moved = 0
    for (const claim of due) {
      const done = await this.db.transaction().execute(async (trx) => {
        if (claim.status === 'SUBMITTED')
          return this.move(
            trx,
            claim.id,
            ['SUBMITTED'],
            'UNDER_REVIEW',
            '理赔审核中，审核员正在核对材料',
            {},
            demo,
          )
        if (claim.status === 'APPROVED')
          return this.move(
            trx,
            claim.id,
            ['APPROVED'],
            'PAID',
            `赔款 ¥${formatFen(claim.amount_fen)} 已支付至尾号 ${claim.card_no.slice(-4)} 的银行卡`,
            {},
            demo,
          )
        const asked = await trx
          .selectFrom('claim_steps')
          .select('id')
          .where('claim_id', '=', claim.id)
          .where('status', '=', 'NEED_SUPPLEMENT')
          .executeTakeFirst()
        if (claim.amount_fen >= DEMO_SUPPLEMENT_FROM_FEN && !asked)
          return this.move(
            trx,
            claim.id,
            ['UNDER_REVIEW'],
            'NEED_SUPPLEMENT',
            '申请金额在 2,000 元及以上，请补充费用清单（其他材料）1 张',
            { needed: JSON.stringify({ other: 1 }) },
            demo,
          )
        return this.move(
          trx,
          claim.id,
          ['UNDER_REVIEW'],
          'APPROVED',
          `审核通过，核定赔付 ¥${formatFen(claim.amount_fen)}`,
          {
            paid_fen: claim.amount_fen,
            decision: '审核通过（演示理赔员）',
          },
          demo,
        )
      })
      if (done) moved++
    }
    return moved
  }
}
