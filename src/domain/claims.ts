// Claims (理赔): statuses and their moves, the claim types a product's category offers with the documents each
// needs, the window an event must fall in, and the payee's bank card check. Shared by the server (which decides)
// and the screens (which say the same before sending).
import { addDays, compareIsoDates } from './age'

export const CLAIM_STATUSES = {
  SUBMITTED: '已提交',
  UNDER_REVIEW: '审核中',
  NEED_SUPPLEMENT: '待补充材料',
  APPROVED: '审核通过',
  PAID: '已赔付',
  REJECTED: '未通过',
  WITHDRAWN: '已撤回',
} as const

export type ClaimStatus = keyof typeof CLAIM_STATUSES

/** Where each status may go; a claim still open is one not yet decided (a user may withdraw it). */
export const CLAIM_MOVES: Record<ClaimStatus, readonly ClaimStatus[]> = {
  SUBMITTED: ['UNDER_REVIEW', 'WITHDRAWN'],
  UNDER_REVIEW: ['NEED_SUPPLEMENT', 'APPROVED', 'REJECTED', 'WITHDRAWN'],
  NEED_SUPPLEMENT: ['UNDER_REVIEW', 'WITHDRAWN'],
  APPROVED: ['PAID'],
  PAID: [],
  REJECTED: [],
  WITHDRAWN: [],
}

export const OPEN_CLAIM_STATUSES: readonly ClaimStatus[] = ['SUBMITTED', 'UNDER_REVIEW', 'NEED_SUPPLEMENT']

export const canMove = (from: ClaimStatus, to: ClaimStatus): boolean => CLAIM_MOVES[from].includes(to)

export const DOCUMENT_KINDS = {
  id_card: '身份证照片',
  invoice: '医疗发票',
  diagnosis: '诊断证明',
  discharge: '出院小结',
  accident_proof: '事故证明',
  bank_card: '银行卡照片',
  other: '其他材料',
} as const

export type DocumentKind = keyof typeof DOCUMENT_KINDS

export interface ClaimType {
  code: 'medical' | 'accident' | 'critical_illness' | 'death' | 'property' | 'travel'
  name: string
  /** The least number of photos of each kind the type needs. */
  documents: Partial<Record<DocumentKind, number>>
}

const MEDICAL: ClaimType = {
  code: 'medical',
  name: '医疗费用报销',
  documents: { id_card: 1, invoice: 1, diagnosis: 1, discharge: 1 },
}
const ACCIDENT: ClaimType = {
  code: 'accident',
  name: '意外伤害',
  documents: { id_card: 1, accident_proof: 1, diagnosis: 1 },
}
const CRITICAL: ClaimType = {
  code: 'critical_illness',
  name: '重大疾病',
  documents: { id_card: 1, diagnosis: 1, discharge: 1 },
}
const DEATH: ClaimType = { code: 'death', name: '身故', documents: { id_card: 1, other: 1 } }
const PROPERTY: ClaimType = { code: 'property', name: '财产损失', documents: { id_card: 1, other: 2 } }
const TRAVEL: ClaimType = {
  code: 'travel',
  name: '旅行意外与医疗',
  documents: { id_card: 1, accident_proof: 1, invoice: 1 },
}

/** The claim types a product category offers. */
export const CLAIM_TYPES_BY_CATEGORY: Record<string, readonly ClaimType[]> = {
  accident: [ACCIDENT, MEDICAL],
  health: [MEDICAL, CRITICAL],
  medical: [MEDICAL],
  critical: [CRITICAL],
  life: [DEATH],
  travel: [TRAVEL],
  property: [PROPERTY],
  annuity: [DEATH],
  education: [DEATH],
}

export const claimTypesFor = (category: string): readonly ClaimType[] =>
  CLAIM_TYPES_BY_CATEGORY[category] ?? []

const ALL_TYPES = [MEDICAL, ACCIDENT, CRITICAL, DEATH, PROPERTY, TRAVEL]

/** A claim type's Chinese name (the code itself for one no longer offered). */
export const claimTypeName = (code: string): string => ALL_TYPES.find((t) => t.code === code)?.name ?? code

/** The most one claim may ask for (¥10,000,000), as the API schema allows. */
export const MAX_CLAIM_AMOUNT_FEN = 1_000_000_000

/** Most photos one claim may carry. */
export const MAX_CLAIM_DOCUMENTS = 20

/** What the documents lack for the type: the kinds short of their minimum, with how many more each needs. */
export function missingDocuments(
  type: ClaimType,
  counts: Partial<Record<DocumentKind, number>>,
): { kind: DocumentKind; name: string; more: number }[] {
  return (Object.entries(type.documents) as [DocumentKind, number][])
    .filter(([kind, least]) => (counts[kind] ?? 0) < least)
    .map(([kind, least]) => ({ kind, name: DOCUMENT_KINDS[kind], more: least - (counts[kind] ?? 0) }))
}

/**
 * Why an event on `eventDate` cannot be claimed under a policy (null when it can): it must fall on or after the
 * first covered day plus the waiting period (accidents have none), before the cover ends, and not in the future.
 */
export function eventDateProblem(
  eventDate: string,
  policy: { effectiveDate: string; endDate: string | null; waitingDays: number },
  type: ClaimType['code'],
  today: string,
): string | null {
  if (compareIsoDates(eventDate, today) > 0) return '出险日期不能晚于今天'
  if (compareIsoDates(eventDate, policy.effectiveDate) < 0)
    return `出险日期早于保单生效日（${policy.effectiveDate}）`
  if (policy.endDate && compareIsoDates(eventDate, policy.endDate) >= 0)
    return `出险日期不在保障期间内（保障至 ${addDays(policy.endDate, -1)}）`
  const waitingEnds = addDays(
    policy.effectiveDate,
    type === 'accident' || type === 'travel' ? 0 : policy.waitingDays,
  )
  if (compareIsoDates(eventDate, waitingEnds) < 0)
    return `出险日期在等待期内（等待期至 ${addDays(waitingEnds, -1)}），等待期内发生的保险事故不予理赔`
  return null
}

/** A bank card number passes the Luhn check (16–19 digits, as Chinese debit cards are). */
export function isValidBankCard(value: string): boolean {
  if (!/^\d{16,19}$/.test(value)) return false
  let sum = 0
  for (let i = 0; i < value.length; i++) {
    let digit = Number(value[value.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** The bank card number shown: the last 4 digits. */
export const maskBankCard = (value: string): string => `**** **** **** ${value.slice(-4)}`
