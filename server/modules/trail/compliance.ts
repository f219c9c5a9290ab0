import type { Kysely, Selectable } from 'kysely'
import type {
  TrailDetail,
  TrailRecord,
  TrailRecordData,
  TrailSearchQuery,
  TrailSummary,
} from '../../../src/types/generated/api/trail'
import { formatFen } from '../../../src/domain/money'
import { maskPhone } from '../../../src/domain/phone'
import { OUTCOME_NAMES } from '../../../src/domain/underwriting'
import type { UnderwritingOutcome } from '../../../src/types/generated/api/catalog'
import type { DB } from '../../db/schema'
import { notFound } from '../../platform/errors'
import { toIso } from '../../platform/time'
import { verifyChain } from './chain'
import type { SalesPageKind, SalesTrailRecordsTable, SalesTrailsTable } from './tables'
import { documentKey, PURCHASE_TEXTS_KEY, type SalesPageVersions } from './versions'

// What compliance staff read (合规, read-only): sales found by policy, order, phone or time; one sale's trail with
// its chain checked on every read, and every page version it points at (the replay renders those, not today's).

const SEARCH_LIMIT = 50

export class ComplianceReader {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly versions: SalesPageVersions,
  ) {}

  async search(query: TrailSearchQuery): Promise<TrailSummary[]> {
    let q = this.db.selectFrom('sales_trails').selectAll()
    if (query.policyNo) q = q.where('policy_no', '=', query.policyNo)
    if (query.orderNo) q = q.where('order_no', '=', query.orderNo)
    if (query.phone) q = q.where('phone', '=', query.phone)
    if (query.from) q = q.where('started_at', '>=', new Date(query.from))
    if (query.to) q = q.where('started_at', '<=', new Date(query.to))
    const rows = await q.orderBy('started_at', 'desc').orderBy('id').limit(SEARCH_LIMIT).execute()
    return rows.map(summaryOf)
  }

  /** The phone a trail was made with, unmasked (the route writes the audit entry). */
  async phone(id: string): Promise<{ phone: string; policyNo: string | null }> {
    const row = await this.db
      .selectFrom('sales_trails')
      .select(['phone', 'policy_no'])
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row) throw notFound('销售过程记录')
    return { phone: row.phone, policyNo: row.policy_no }
  }

  async detail(id: string): Promise<TrailDetail> {
    const trail = await this.db.selectFrom('sales_trails').selectAll().where('id', '=', id).executeTakeFirst()
    if (!trail) throw notFound('销售过程记录')
    const rows = await this.db
      .selectFrom('sales_trail_records')
      .selectAll()
      .where('trail_id', '=', id)
      .orderBy('seq')
      .execute()
    const chain = verifyChain(
      rows.map((r) => ({
        seq: r.seq,
        at: r.at,
        clientAt: r.client_at,
        source: r.source,
        kind: r.kind,
        data: r.data,
        eventId: r.client_event_id,
        prevHash: r.prev_hash,
        hash: r.hash,
      })),
      { seq: trail.head_seq, hash: trail.head_hash },
    )
    return {
      summary: summaryOf(trail),
      contractEndsAt: trail.contract_ends_at ? toIso(trail.contract_ends_at) : null,
      keepUntil: trail.keep_until ? toIso(trail.keep_until) : null,
      chain,
      records: rows.map(recordOf),
      versions: await this.versions.byRefs(versionRefs(trail.product_id, rows)),
    }
  }
}

/** Every page version the records name: the product page, each document, the purchase screens' words. */
function versionRefs(productId: string, rows: readonly Selectable<SalesTrailRecordsTable>[]) {
  const refs = new Map<string, { kind: SalesPageKind; key: string; version: number }>()
  const add = (kind: SalesPageKind, key: string, version: number | undefined) => {
    if (version) refs.set(`${kind}\n${key}\n${version}`, { kind, key, version })
  }
  for (const { data } of rows) {
    add('product', productId, data.productVersion)
    add('purchase_texts', PURCHASE_TEXTS_KEY, data.textsVersion)
    if (data.documentId) add('document', documentKey(productId, data.documentId), data.documentVersion)
  }
  return [...refs.values()]
}

function summaryOf(row: Selectable<SalesTrailsTable>): TrailSummary {
  return {
    id: row.id,
    productId: row.product_id,
    productName: row.product_name,
    channel: row.channel,
    stage: row.stage,
    policyNo: row.policy_no,
    orderNo: row.order_no,
    phone: row.phone ? maskPhone(row.phone) : '',
    startedAt: toIso(row.started_at),
    lastAt: toIso(row.last_at),
    records: row.head_seq,
  }
}

function recordOf(row: Selectable<SalesTrailRecordsTable>): TrailRecord {
  return {
    seq: row.seq,
    at: toIso(row.at),
    clientAt: row.client_at ? toIso(row.client_at) : null,
    happenedAt: toIso(happenedAt(row)),
    source: row.source,
    kind: row.kind,
    label: labelOf(row.kind, row.data),
    data: row.data,
    eventId: row.client_event_id,
    prevHash: row.prev_hash,
    hash: row.hash,
  }
}

/**
 * When a step happened on the server's clock: a browser event's own time moved by its batch's clock offset, never
 * later than the server took it (a batch waits in the browser until it is sent).
 */
function happenedAt(row: Selectable<SalesTrailRecordsTable>): Date {
  if (!row.client_at) return row.at
  const moved = row.client_at.getTime() + (row.data.clockOffsetMs ?? 0)
  return new Date(Math.min(moved, row.at.getTime()))
}

/** The records in the order things happened (the chain's own order is seq). */
export const chronological = <T extends { seq: number; happenedAt: string }>(records: readonly T[]): T[] =>
  [...records].sort((a, b) => Date.parse(a.happenedAt) - Date.parse(b.happenedAt) || a.seq - b.seq)

const seconds = (ms: number | undefined) =>
  (ms ?? 0) < 1000 ? '不到 1 秒' : `${Math.round((ms ?? 0) / 1000)} 秒`
const yuan = (fen: number | null | undefined) =>
  fen === null || fen === undefined ? '—' : `¥${formatFen(fen)}`
const doc = (d: TrailRecordData) =>
  `《${d.documentTitle ?? d.documentId ?? '文件'}》${d.documentVersion ? `（第 ${d.documentVersion} 版）` : ''}`
const screen = (d: TrailRecordData) => `「${d.title ?? d.screen ?? '页面'}」`

/** One Chinese sentence per step, as the timeline and the export show it. */
export function labelOf(kind: TrailRecord['kind'], d: TrailRecordData): string {
  switch (kind) {
    case 'trail_opened':
      return `开始浏览产品页${d.productVersion ? `（产品资料第 ${d.productVersion} 版）` : ''}`
    case 'screen_enter':
      return `进入${screen(d)}${d.productVersion ? `（产品资料第 ${d.productVersion} 版）` : ''}`
    case 'screen_leave':
      return `离开${screen(d)}，停留 ${seconds(d.durationMs)}`
    case 'document_open':
      return `打开${doc(d)}`
    case 'document_end':
      return `${doc(d)}已阅读到末尾`
    case 'document_close':
      return `关闭${doc(d)}，阅读 ${seconds(d.durationMs)}，${d.scrolledToEnd ? '已读到末尾' : '未读到末尾'}`
    case 'recording_notice':
      return `确认已知晓投保过程将被记录，开始投保${d.planName ? `「${d.planName}」` : ''}`
    case 'document_opened':
      return `服务器记录：打开${doc(d)}`
    case 'document_confirmed':
      return `确认已阅读并同意${doc(d)}`
    case 'consent':
      return d.consentedAt ? `同意${d.consent ?? ''}` : `${d.reason ?? '未同意'}：${d.consent ?? ''}`
    case 'health_answered':
      return `完成健康告知（${d.answers?.filter((a) => a.answer === 'yes').length ?? 0} 项为“是”），结论：${OUTCOME_NAMES[d.outcome as UnderwritingOutcome] ?? d.outcome ?? '—'}`
    case 'quote_shown':
      return `展示报价 ${yuan(d.displayedPremiumFen ?? d.premiumFen)}`
    case 'price_change_shown':
      return `告知保费变化：${yuan(d.previousPremiumFen)} → ${yuan(d.premiumFen)}`
    case 'price_change_accepted':
      return `同意按 ${yuan(d.premiumFen)} 投保`
    case 'order_created':
      return `提交订单 ${d.orderNo ?? ''}，保费 ${yuan(d.premiumFen)}`
    case 'payment':
      return `支付成功 ${yuan(d.premiumFen)}`
    case 'policy_issued':
      return `承保，保单号 ${d.policyNo ?? ''}`
    case 'contract_ended':
      return `合同终止：${d.reason ?? ''}`
  }
}
