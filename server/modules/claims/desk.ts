import type { Kysely, Transaction } from 'kysely'
import { maskName } from '../../../src/domain/certificate'
import { CLAIM_STATUSES, claimTypeName, DOCUMENT_KINDS, type ClaimStatus } from '../../../src/domain/claims'
import { formatFen } from '../../../src/domain/money'
import { maskPhone } from '../../../src/domain/phone'
import type {
  DeskClaim,
  DeskClaimList,
  DeskClaimQuery,
  DeskDecisionInput,
  DeskSupplementInput,
} from '../../../src/types/generated/api/claim'
import type { DB } from '../../db/schema'
import { ApiError, notFound } from '../../platform/errors'
import { toIso } from '../../platform/time'
import type { MediaService } from '../media/service'
import type { Actor, StaffAudit } from '../studio/audit'
import type { ClaimService } from './service'

const LIST_LIMIT = 100

const invalid = (field: string, message: string) =>
  new ApiError(400, 'INVALID_INPUT', message, [{ field, message }])

const deskDocumentUrl = (claimId: string, mediaId: string) =>
  `/api/studio/cases/claims/${claimId}/documents/${mediaId}`

/** Text a staff member typed: trimmed, and refused when empty or not storable (a lone surrogate). */
function textOf(field: string, name: string, value: string): string {
  const text = value.trim()
  if (text.length < 2) throw invalid(field, `${name}（${field}）至少 2 个字`)
  if (/\p{Cs}/u.test(text)) throw invalid(field, `${name}（${field}）包含无法识别的字符`)
  return text
}

/**
 * 理赔受理: the desk lists claims (names masked), opens one (audited), takes it into review, asks for documents
 * with a reason, records the insurer's decision and the payment. Each step is ClaimService.move: one
 * conditional update (a second click, or another agent's, changes nothing and is a 409), its timeline step and
 * the consumer's message, with the audit entry in the same transaction.
 */
export class ClaimDesk {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly claims: ClaimService,
    private readonly media: MediaService,
    private readonly audit: StaffAudit,
  ) {}

  async list(query: DeskClaimQuery): Promise<DeskClaimList> {
    let select = this.db
      .selectFrom('claims as c')
      .innerJoin('policies as p', 'p.id', 'c.policy_id')
      .select([
        'c.id',
        'c.claim_no',
        'c.type',
        'c.amount_fen',
        'c.status',
        'c.created_at',
        'c.updated_at',
        'p.product_name',
        'p.insured',
      ])
    if (query.status) select = select.where('c.status', '=', query.status)
    const rows = await select.orderBy('c.seq', 'desc').limit(LIST_LIMIT).execute()
    return {
      items: rows.map((row) => ({
        id: row.id,
        claimNo: row.claim_no,
        productName: row.product_name,
        insuredName: maskName(row.insured.name),
        typeName: claimTypeName(row.type),
        amountFen: row.amount_fen,
        status: row.status,
        createdAt: toIso(row.created_at),
        updatedAt: toIso(row.updated_at),
      })),
    }
  }

  private async get(id: string, db: Kysely<DB> = this.db): Promise<DeskClaim> {
    const row = await db
      .selectFrom('claims as c')
      .innerJoin('policies as p', 'p.id', 'c.policy_id')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .selectAll('c')
      .select((eb) =>
        eb.fn<string>('to_char', [eb.ref('c.event_date'), eb.val('YYYY-MM-DD')]).as('event_date'),
      )
      .select(['p.policy_no', 'p.product_name', 'p.insured', 'u.phone as user_phone'])
      .where('c.id', '=', id)
      .executeTakeFirst()
    if (!row) throw notFound('理赔')
    const claim = await this.claims.toClaim(row, db)
    return {
      claim: {
        ...claim,
        documents: claim.documents.map((d) => ({ ...d, url: deskDocumentUrl(id, d.id) })),
      },
      userPhone: row.user_phone ? maskPhone(row.user_phone) : null,
      handledBy: row.handled_by,
    }
  }

  async open(actor: Actor, id: string): Promise<DeskClaim> {
    const claim = await this.get(id)
    await this.audit.record(actor, { action: 'claim_view', detail: `查看理赔 ${claim.claim.claimNo}` })
    return claim
  }

  async document(id: string, mediaId: string) {
    const row = await this.db
      .selectFrom('claim_documents')
      .select('media_id')
      .where('claim_id', '=', id)
      .where('media_id', '=', mediaId)
      .executeTakeFirst()
    if (!row) throw notFound('理赔材料')
    return this.media.openShared(mediaId)
  }

  /** One step: the move, then the audit entry, in one transaction; a claim not in `from` is a 409 naming where it is. */
  private async step(
    actor: Actor,
    id: string,
    action: { code: string; name: string },
    from: readonly ClaimStatus[],
    run: (
      trx: Transaction<DB>,
      claim: { claim_no: string; amount_fen: number; card_no: string; paid_fen: number | null },
    ) => Promise<boolean>,
  ): Promise<DeskClaim> {
    return this.db.transaction().execute(async (trx) => {
      const claim = await trx
        .selectFrom('claims')
        .select(['claim_no', 'status', 'amount_fen', 'card_no', 'paid_fen'])
        .where('id', '=', id)
        .executeTakeFirst()
      if (!claim) throw notFound('理赔')
      const moved = from.includes(claim.status) && (await run(trx, claim))
      if (!moved) {
        const now = await trx
          .selectFrom('claims')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
        throw new ApiError(
          409,
          'CLAIM_STEP_CONFLICT',
          `该理赔当前为「${CLAIM_STATUSES[now.status]}」，不能${action.name}，请刷新后查看`,
        )
      }
      await this.audit.record(
        actor,
        { action: action.code, detail: `${action.name}：理赔 ${claim.claim_no}` },
        trx,
      )
      return this.get(id, trx)
    })
  }

  accept(actor: Actor, id: string): Promise<DeskClaim> {
    return this.step(actor, id, { code: 'claim_accept', name: '受理' }, ['SUBMITTED'], (trx) =>
      this.claims.move(trx, id, ['SUBMITTED'], 'UNDER_REVIEW', '理赔已受理，审核员正在核对材料', {
        handled_by: actor.displayName,
      }),
    )
  }

  requestSupplement(actor: Actor, id: string, input: DeskSupplementInput): Promise<DeskClaim> {
    const reason = textOf('reason', '补充原因', input.reason)
    const needed: Record<string, number> = {}
    for (const [index, d] of input.documents.entries()) {
      if (needed[d.kind])
        throw invalid(`documents[${index}].kind`, `材料类型（documents[${index}].kind）重复`)
      needed[d.kind] = d.least
    }
    const list = input.documents.map((d) => `${DOCUMENT_KINDS[d.kind]} ${d.least} 张`).join('、')
    const from: ClaimStatus[] = ['SUBMITTED', 'UNDER_REVIEW']
    return this.step(actor, id, { code: 'claim_supplement', name: '要求补充材料' }, from, (trx) =>
      this.claims.move(trx, id, from, 'NEED_SUPPLEMENT', `${reason}。请补充：${list}`, {
        needed: JSON.stringify(needed),
        handled_by: actor.displayName,
      }),
    )
  }

  decide(actor: Actor, id: string, input: DeskDecisionInput): Promise<DeskClaim> {
    const reason = textOf('reason', '结论说明', input.reason)
    if (input.approved && input.paidFen === undefined) throw invalid('paidFen', '核定赔付金额必填')
    const from: ClaimStatus[] = ['UNDER_REVIEW']
    const name = input.approved ? '记录赔付结论' : '记录拒赔结论'
    return this.step(actor, id, { code: 'claim_decision', name }, from, async (trx, claim) => {
      if (!input.approved)
        return this.claims.move(trx, id, from, 'REJECTED', `审核结论：不予赔付。${reason}`, {
          decision: reason,
          paid_fen: null,
          handled_by: actor.displayName,
        })
      const paid = input.paidFen ?? 0
      if (paid > claim.amount_fen)
        throw invalid('paidFen', `核定赔付金额不能超过申请金额 ¥${formatFen(claim.amount_fen)}`)
      return this.claims.move(
        trx,
        id,
        from,
        'APPROVED',
        `审核通过，核定赔付 ¥${formatFen(paid)}。${reason}`,
        {
          decision: reason,
          paid_fen: paid,
          handled_by: actor.displayName,
        },
      )
    })
  }

  pay(actor: Actor, id: string, reference: string): Promise<DeskClaim> {
    const from: ClaimStatus[] = ['APPROVED']
    return this.step(actor, id, { code: 'claim_payment', name: '记录赔款支付' }, from, (trx, claim) =>
      this.claims.move(
        trx,
        id,
        from,
        'PAID',
        `赔款 ¥${formatFen(claim.paid_fen ?? 0)} 已支付至尾号 ${claim.card_no.slice(-4)} 的银行卡（流水号 ${reference}）`,
        { handled_by: actor.displayName },
      ),
    )
  }
}
