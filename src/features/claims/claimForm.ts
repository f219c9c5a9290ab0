import {
  eventDateProblem,
  isValidBankCard,
  MAX_CLAIM_AMOUNT_FEN,
  missingDocuments,
  type ClaimType,
  type DocumentKind,
} from '../../domain/claims'
import { parseYuan } from '../../domain/money'
import type { ClaimablePolicy, ClaimInput } from './api'
import type { ClaimDraft } from './draft'

// The claim form's rules, said before sending as the server says them after (src/domain/claims.ts is shared).

export type ClaimField =
  'eventDate' | 'place' | 'description' | 'amount' | 'payeeName' | 'bankName' | 'cardNo' | 'documents'

export type ClaimProblems = Partial<Record<ClaimField, string>>

/** The API's field names (error details) on the form's. */
export const FIELD_OF_API: Record<string, ClaimField> = {
  eventDate: 'eventDate',
  place: 'place',
  description: 'description',
  amountFen: 'amount',
  'payee.name': 'payeeName',
  'payee.bankName': 'bankName',
  'payee.cardNo': 'cardNo',
  documents: 'documents',
}

const typeOf = (policy: ClaimablePolicy, code: ClaimType['code']): ClaimType | null => {
  const found = policy.types.find((t) => t.code === code)
  if (!found) return null
  return {
    code: found.code,
    name: found.name,
    documents: Object.fromEntries(found.documents.map((d) => [d.kind, d.least])),
  }
}

/** What keeps the draft from being sent, per field (empty when it can go). */
export function claimProblems(
  draft: ClaimDraft,
  policy: ClaimablePolicy,
  code: ClaimType['code'],
  today: string,
): ClaimProblems {
  const problems: ClaimProblems = {}
  if (!draft.eventDate) problems.eventDate = '请选择出险日期'
  else {
    const problem = eventDateProblem(draft.eventDate, policy, code, today)
    if (problem) problems.eventDate = problem
  }
  const place = draft.place.trim().length
  if (place < 2 || place > 100) problems.place = '请填写出险地点（2–100 字）'
  const description = draft.description.trim().length
  if (description < 10 || description > 1000) problems.description = '请描述事故经过（10–1000 字）'
  if (parseYuan(draft.amount, MAX_CLAIM_AMOUNT_FEN) === null)
    problems.amount = '请输入申请金额（大于 0，最多两位小数，不超过 1000 万元）'
  if (!policy.payees.some((p) => p.name === draft.payeeName)) problems.payeeName = '请选择收款人'
  const bank = draft.bankName.trim().length
  if (bank < 2 || bank > 30) problems.bankName = '请填写开户银行'
  if (!isValidBankCard(draft.cardNo)) problems.cardNo = '请输入正确的银行卡号（16–19 位）'
  const type = typeOf(policy, code)
  const counts: Partial<Record<DocumentKind, number>> = {}
  for (const [kind, list] of Object.entries(draft.photos)) counts[kind as DocumentKind] = list.length
  const missing = type ? missingDocuments(type, counts) : []
  if (missing.length)
    problems.documents = `请上传：${missing.map((m) => `${m.name} ${m.more} 张`).join('、')}`
  return problems
}

/** The request for a draft that has no problems. */
export function claimInputOf(draft: ClaimDraft, policyId: string, code: ClaimType['code']): ClaimInput {
  return {
    policyId,
    type: code,
    eventDate: draft.eventDate,
    place: draft.place.trim(),
    description: draft.description.trim(),
    amountFen: parseYuan(draft.amount, MAX_CLAIM_AMOUNT_FEN) ?? 0,
    payee: { name: draft.payeeName, bankName: draft.bankName.trim(), cardNo: draft.cardNo },
    // At least one: a draft without problems has every kind its type needs.
    documents: Object.entries(draft.photos).flatMap(([kind, list]) =>
      list.map((photo) => ({ mediaId: photo.id, kind: kind as DocumentKind })),
    ) as ClaimInput['documents'],
  }
}
