// Reading a sale's trail: the page version each step points at (never today's page), the context a step inherits
// from the steps before it (the product version, the purchase texts' version, the plan), the marks of a document,
// and each record's key facts in words.
import { coveragePeriodLabel, paymentPeriodLabel } from '../../domain/periods'
import type { PurchaseTextKey } from '../../domain/purchaseTexts'
import { RELATIONS } from '../../domain/relations'
import { OUTCOME_NAMES } from '../../domain/underwriting'
import type { MarkdownNode } from '../../page-config/markdownTree'
import type { ProductDetail, UnderwritingOutcome } from '../../types/generated/api/catalog'
import type { SalesPageVersion, TrailDetail, TrailRecord, TrailRecordData } from '../api/types'
import { formatTime } from '../format'
import { duration, PAY_CHANNEL_NAMES, shortHash, yuan } from './words'

export type VersionKind = SalesPageVersion['kind']

/** The key the purchase screens' texts are versioned under. */
export const PURCHASE_TEXTS_KEY = 'mall'

export const documentKey = (productId: string, documentId: string) => `${productId}:${documentId}`

export function findVersion(
  detail: TrailDetail,
  kind: VersionKind,
  key: string,
  version: number | undefined,
): SalesPageVersion | undefined {
  if (version === undefined) return undefined
  return detail.versions.find((v) => v.kind === kind && v.key === key && v.version === version)
}

/** A product page snapshot (kind product: the ProductDetail served then), or null when it is not one. */
export function productContent(version: SalesPageVersion | undefined): ProductDetail | null {
  const content = version?.content
  if (!content || typeof content.name !== 'string' || !Array.isArray(content.plans)) return null
  return content as unknown as ProductDetail
}

export interface DocumentContent {
  title: string
  markdown: string
  body: MarkdownNode[]
}

/** A document's text then (kind document), or null when it is not one. */
export function documentContent(version: SalesPageVersion | undefined): DocumentContent | null {
  const content = version?.content
  if (!content || !Array.isArray(content.body)) return null
  return {
    title: typeof content.title === 'string' ? content.title : version.title,
    markdown: typeof content.markdown === 'string' ? content.markdown : '',
    body: content.body as MarkdownNode[],
  }
}

/** The purchase screens' texts then (kind purchase_texts): only the string members. */
export function textsContent(version: SalesPageVersion | undefined): Partial<Record<string, string>> | null {
  const content = version?.content
  if (!content) return null
  const texts: Partial<Record<string, string>> = {}
  for (const [key, value] of Object.entries(content)) if (typeof value === 'string') texts[key] = value
  return texts
}

/** What each purchase text is, for the versions view. */
export const PURCHASE_TEXT_NAMES: Record<PurchaseTextKey, string> = {
  recordingNotice: '可回溯告知',
  recordingUse: '记录的用途',
  documentsAgreement: '阅读并同意文件',
  healthNotice: '健康告知提示',
  partnerAgreement: '合作方投保确认',
  coolingOff: '犹豫期说明',
  noCoolingOff: '无犹豫期说明',
  sensitiveConsent: '敏感个人信息同意',
  policyRecorded: '保单页的记录说明',
}

/** A text with its `{name}` places filled in (the places without a value stay as they are). */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}

/**
 * The value a step works with: the latest record at or before `index` that carries it; before any record
 * carries it, the first one after (the sale's only word on it).
 */
function carried<T>(
  records: readonly TrailRecord[],
  index: number,
  pick: (data: TrailRecordData) => T | undefined,
): T | undefined {
  for (let i = Math.min(index, records.length - 1); i >= 0; i--) {
    const value = pick(records[i].data)
    if (value !== undefined) return value
  }
  for (let i = index + 1; i < records.length; i++) {
    const value = pick(records[i].data)
    if (value !== undefined) return value
  }
  return undefined
}

export const productVersionAt = (detail: TrailDetail, index: number) =>
  carried(detail.records, index, (d) => d.productVersion)

export const textsVersionAt = (detail: TrailDetail, index: number) =>
  carried(detail.records, index, (d) => d.textsVersion)

export interface ChosenPlan {
  planCode: string
  planName?: string
  coveragePeriod?: string
  paymentPeriod?: string
}

export const planAt = (detail: TrailDetail, index: number): ChosenPlan | undefined =>
  carried(detail.records, index, (d) =>
    d.planCode
      ? {
          planCode: d.planCode,
          planName: d.planName,
          coveragePeriod: d.coveragePeriod,
          paymentPeriod: d.paymentPeriod,
        }
      : undefined,
  )

/** The product page the buyer saw at step `index`: its version number and that version, when recorded. */
export function productAt(detail: TrailDetail, index: number) {
  const number = productVersionAt(detail, index)
  const version = findVersion(detail, 'product', detail.summary.productId, number)
  return { number, version, product: productContent(version) }
}

/** The purchase screens' texts at step `index`. */
export function textsAt(detail: TrailDetail, index: number) {
  const number = textsVersionAt(detail, index)
  const version = findVersion(detail, 'purchase_texts', PURCHASE_TEXTS_KEY, number)
  return { number, version, texts: textsContent(version) }
}

const DOCUMENT_KINDS = new Set<TrailRecord['kind']>([
  'document_open',
  'document_end',
  'document_close',
  'document_opened',
  'document_confirmed',
])
export const isDocumentRecord = (record: TrailRecord) =>
  DOCUMENT_KINDS.has(record.kind) && Boolean(record.data.documentId)

/** The version of the document a record points at. */
export function documentOf(detail: TrailDetail, record: TrailRecord) {
  const { documentId, documentVersion } = record.data
  const version = documentId
    ? findVersion(detail, 'document', documentKey(detail.summary.productId, documentId), documentVersion)
    : undefined
  const content = documentContent(version)
  const title = record.data.documentTitle ?? content?.title ?? version?.title ?? documentId ?? '文件'
  return { documentId, documentVersion, version, content, title }
}

export interface DocumentMarks {
  opened?: TrailRecord
  readToEnd?: TrailRecord
  confirmed?: TrailRecord
}

/** What the buyer had done with this document (same id and version) by step `index`, each the first time. */
export function documentMarks(detail: TrailDetail, record: TrailRecord, index: number): DocumentMarks {
  const marks: DocumentMarks = {}
  const { documentId, documentVersion } = record.data
  for (const other of detail.records.slice(0, index + 1)) {
    const d = other.data
    if (d.documentId !== documentId) continue
    if (
      documentVersion !== undefined &&
      d.documentVersion !== undefined &&
      d.documentVersion !== documentVersion
    )
      continue
    if (other.kind === 'document_open' || other.kind === 'document_opened') marks.opened ??= other
    if (other.kind === 'document_end' || (other.kind === 'document_close' && d.scrolledToEnd))
      marks.readToEnd ??= other
    if (other.kind === 'document_confirmed') marks.confirmed ??= other
  }
  return marks
}

/** The titles of the documents confirmed by step `index`, as the agreement names them: 《投保须知》《保险条款》. */
export function confirmedTitles(detail: TrailDetail, index: number): string {
  const titles: string[] = []
  for (const record of detail.records.slice(0, index + 1))
    if (record.kind === 'document_confirmed') {
      const title = documentOf(detail, record).title
      if (!titles.includes(title)) titles.push(title)
    }
  return titles.map((t) => `《${t}》`).join('')
}

/** The insured's relation as recorded: the server writes the name (本人); an older record may hold the code. */
export const relationText = (relation: string | undefined) =>
  relation ? (RELATIONS.find((r) => r.code === relation)?.name ?? relation) : '—'

export function outcomeName(outcome: string | undefined): string {
  if (!outcome) return '—'
  return outcome in OUTCOME_NAMES ? OUTCOME_NAMES[outcome as UnderwritingOutcome] : outcome
}

export const payChannelName = (channel: string | undefined) =>
  channel ? (PAY_CHANNEL_NAMES[channel] ?? channel) : '—'

/** Whether a screen path is the product page (where the product snapshot is what the buyer saw). */
export const isProductScreen = (screen: string | undefined) =>
  Boolean(screen && /^\/(product|productInfo)(\?|\/|$)/.test(screen))

/** A record's key facts in words, for its timeline entry. */
export function recordFacts(detail: TrailDetail, record: TrailRecord): string[] {
  const d = record.data
  const facts: string[] = []
  const add = (condition: unknown, text: string) => {
    if (condition !== undefined && condition !== null && condition !== '') facts.push(text)
  }
  switch (record.kind) {
    case 'trail_opened':
    case 'screen_enter':
    case 'screen_leave':
      add(d.title ?? d.screen, `页面：${d.title ?? ''}${d.screen ? `（${d.screen}）` : ''}`)
      add(d.durationMs, `停留 ${duration(d.durationMs)}`)
      add(d.productVersion, `产品资料第 ${d.productVersion} 版`)
      break
    case 'document_open':
    case 'document_end':
    case 'document_close':
    case 'document_opened':
    case 'document_confirmed': {
      const doc = documentOf(detail, record)
      facts.push(`《${doc.title}》${doc.documentVersion === undefined ? '' : `第 ${doc.documentVersion} 版`}`)
      if (d.scrolledToEnd !== undefined) facts.push(d.scrolledToEnd ? '已读到末尾' : '未读到末尾')
      add(d.durationMs, `阅读 ${duration(d.durationMs)}`)
      add(d.documentHash, `文件哈希 ${shortHash(d.documentHash ?? '')}`)
      break
    }
    case 'recording_notice':
      add(d.planName ?? d.planCode, `计划：${d.planName ?? d.planCode}`)
      add(d.coveragePeriod, `保障期间：${coveragePeriodLabel(d.coveragePeriod ?? '')}`)
      add(d.paymentPeriod, `交费期间：${paymentPeriodLabel(d.paymentPeriod ?? '')}`)
      add(d.productVersion, `产品资料第 ${d.productVersion} 版`)
      add(d.textsVersion, `投保页面文字第 ${d.textsVersion} 版`)
      break
    case 'consent':
      add(d.consent, `同意：${d.consent}`)
      add(d.consentVersion, `文本版本 ${d.consentVersion}`)
      add(d.consentedAt, `同意时间 ${formatTime(d.consentedAt, true)}`)
      add(d.reason, d.reason ?? '')
      break
    case 'health_answered': {
      add(d.insuredRelation, `被保险人：${relationText(d.insuredRelation)}`)
      const answers = d.answers ?? []
      facts.push(`${answers.length} 道问题，答“是” ${answers.filter((a) => a.answer === 'yes').length} 道`)
      add(d.outcome, `核保结论：${outcomeName(d.outcome)}`)
      if (d.exclusions?.length) facts.push(`除外责任：${d.exclusions.join('；')}`)
      break
    }
    case 'quote_shown':
      add(d.premiumFen, `保费 ${yuan(d.premiumFen)}`)
      add(d.displayedPremiumFen, `页面显示 ${yuan(d.displayedPremiumFen)}`)
      add(d.holder, `投保人 ${d.holder}`)
      add(d.insured, `被保险人 ${d.insured}`)
      break
    case 'price_change_shown':
    case 'price_change_accepted':
      facts.push(`${yuan(d.previousPremiumFen)} → ${yuan(d.premiumFen)}`)
      break
    case 'order_created':
      add(d.orderNo, `订单号 ${d.orderNo}`)
      add(d.premiumFen, `保费 ${yuan(d.premiumFen)}`)
      break
    case 'payment':
      add(d.paymentNo, `支付单号 ${d.paymentNo}`)
      add(d.payChannel, `支付方式 ${payChannelName(d.payChannel)}`)
      add(d.premiumFen, `金额 ${yuan(d.premiumFen)}`)
      break
    case 'policy_issued':
      add(d.policyNo, `保单号 ${d.policyNo}`)
      add(d.effectiveDate, `生效日期 ${d.effectiveDate}`)
      add(d.expiresAt, `到期 ${formatTime(d.expiresAt)}`)
      break
    case 'contract_ended':
      add(d.reason, `原因：${d.reason}`)
      break
  }
  return facts
}
