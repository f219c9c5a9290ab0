import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { PartnerIssuing } from './issuing'
import { parseReconciliationFile, type InsurerRecord } from './reconciliationFile'
import type { PartnerSurrenders } from './surrenders'

// Partner reconciliation: our partner orders, policies and surrenders against the insurer's books (its daily
// reconciliation files, reconciliationFile.ts). Every difference is listed; with `apply`, the ones a machine may
// settle are settled: a surrender whose answer was lost is completed (refunded once), a policy the insurer
// issued for an order we refunded is voided at the insurer, a policy the insurer issued for a paid order is
// issued here. Anything else (a premium that differs, a policy one side does not know, a policy born expired)
// is for a person.

/** A paid partner order still without a policy this long after payment is overdue (or once its cover starts). */
export const ISSUE_OVERDUE_MS = 2 * 3600_000

export interface PartnerBooks {
  /** The days (YYYYMMDD) whose files were read. */
  days: string[]
  records: InsurerRecord[]
  /** Lines of the files that could not be read. */
  problems: { source: string; line: number; message: string }[]
}

export interface PartnerReconcileLine {
  orderNo: string | null
  partnerPolicyNo: string | null
  ours: string
  insurer: string
  problem: string
  settled: boolean
}

export interface PartnerReconcileReport {
  checked: number
  records: number
  days: string[]
  lines: PartnerReconcileLine[]
  differences: number
}

const OURS_TEXT: Record<string, string> = {
  ISSUING: '已支付待出单',
  ISSUED: '已出单',
  ISSUE_FAILED: '出单失败已退款',
  UNDERWRITTEN: '待支付',
}

export async function reconcilePartner(options: {
  db: Kysely<DB>
  books: PartnerBooks
  issuing: Pick<PartnerIssuing, 'complete'>
  surrenders: Pick<PartnerSurrenders, 'completeFromPartner' | 'voidLateIssue'>
  since: Date
  now: Date
  apply: boolean
}): Promise<PartnerReconcileReport> {
  const { db, books, now } = options
  const byRequest = new Map(books.records.map((r) => [r.requestId, r]))
  const byPolicyNo = new Map(books.records.map((r) => [r.policyNo, r]))
  const requestIds = [...byRequest.keys()]
  const orders = await db
    .selectFrom('partner_orders as po')
    .innerJoin('orders as o', 'o.id', 'po.order_id')
    .leftJoin('policies as p', 'p.id', 'po.policy_id')
    .select([
      'po.order_id',
      'po.status as partner_status',
      'po.issue_request_id',
      'po.partner_policy_no',
      'po.policy_id',
      'o.order_no',
      'o.premium_fen',
      'o.paid_at',
      'o.start_date',
      'p.issued_at',
      'p.effective_at',
      'p.expires_at',
      'p.surrendered_at',
    ])
    .where('po.status', '!=', 'UNDERWRITTEN')
    .where((eb) =>
      eb.or([
        eb('po.created_at', '>=', options.since),
        ...(requestIds.length ? [eb('po.issue_request_id', 'in', requestIds)] : []),
      ]),
    )
    .orderBy('po.created_at')
    .execute()
  const surrenders = orders.length
    ? await db
        .selectFrom('partner_surrenders')
        .select(['request_id', 'order_id', 'kind', 'status', 'created_at'])
        .where(
          'order_id',
          'in',
          orders.map((o) => o.order_id),
        )
        .execute()
    : []
  const surrenderOf = new Map(surrenders.map((s) => [s.order_id, s]))

  const lines: PartnerReconcileLine[] = books.problems.map((p) => ({
    orderNo: null,
    partnerPolicyNo: null,
    ours: '-',
    insurer: p.source,
    problem: `对账文件第 ${p.line} 行无法读取：${p.message}`,
    settled: false,
  }))
  const matched = new Set<InsurerRecord>()

  for (const o of orders) {
    const record =
      byRequest.get(o.issue_request_id) ??
      (o.partner_policy_no ? byPolicyNo.get(o.partner_policy_no) : undefined)
    if (record) matched.add(record)
    const surrender = surrenderOf.get(o.order_id)
    const ours = o.policy_id
      ? o.surrendered_at
        ? '已退保'
        : surrender?.status === 'REQUESTED'
          ? '退保处理中'
          : '已出单'
      : (OURS_TEXT[o.partner_status] ?? o.partner_status)
    const insurer = record ? (record.status === 'ISSUED' ? '已出单' : '已退保') : '无记录'
    const add = async (problem: string, repair?: () => Promise<unknown>) => {
      const line = {
        orderNo: o.order_no,
        partnerPolicyNo: record?.policyNo ?? o.partner_policy_no,
        ours,
        insurer,
        problem,
        settled: false,
      }
      if (repair && options.apply) {
        await repair()
        line.settled = true
      }
      lines.push(line)
    }

    if (o.policy_id) {
      if (o.expires_at && o.issued_at && o.expires_at.getTime() <= o.issued_at.getTime())
        await add('出单时保障已结束（保单生而过期），需退还保费')
      if (!record) {
        await add('本地有保单，保险公司无记录（需人工核查）')
        continue
      }
      if (record.premiumFen !== o.premium_fen)
        await add(`保费不符：保险公司 ${record.premiumFen} 分，本地 ${o.premium_fen} 分（需人工核查）`)
      if (record.status === 'SURRENDERED' && !o.surrendered_at) {
        if (surrender?.status === 'REQUESTED')
          await add('保险公司已退保，本地退保未完成（应答丢失）', () =>
            options.surrenders.completeFromPartner(surrender.request_id, record.surrenderRefundFen),
          )
        else await add('保险公司已退保，本地未申请退保（需人工核查）')
      }
      if (record.status === 'ISSUED' && o.surrendered_at)
        await add('本地已退保，保险公司未退保（需人工核查）')
      if (
        record.status === 'ISSUED' &&
        surrender?.status === 'REQUESTED' &&
        now.getTime() - surrender.created_at.getTime() >= ISSUE_OVERDUE_MS
      )
        await add(
          `退保申请 ${Math.floor((now.getTime() - surrender.created_at.getTime()) / 3600_000)} 小时未得到保险公司确认（自动重试中）`,
        )
      continue
    }

    // No policy here.
    if (record?.status === 'ISSUED') {
      if (o.partner_status === 'ISSUE_FAILED') {
        if (surrender?.status === 'REJECTED')
          await add('保险公司已出单，本地订单已退款，保险公司拒绝撤销（需人工处理）')
        else if (surrender?.status === 'REQUESTED')
          await add('保险公司已出单，本地订单已退款，撤销申请处理中（自动重试）')
        else
          await add('保险公司已出单，本地订单已退款', () =>
            options.surrenders.voidLateIssue(o.order_id, record.policyNo),
          )
      } else if (o.partner_status === 'ISSUING') {
        await add('保险公司已出单，本地无保单（出单通知丢失）', () =>
          options.issuing.complete(o.order_id, record.policyNo),
        )
      }
      continue
    }
    if (record?.status === 'SURRENDERED' && surrender?.kind === 'VOID' && surrender.status === 'REQUESTED') {
      await add('保险公司已撤销保单，本地撤销申请未完成（应答丢失）', () =>
        options.surrenders.completeFromPartner(surrender.request_id, record.surrenderRefundFen),
      )
      continue
    }
    if (o.partner_status === 'ISSUING' && o.paid_at) {
      const coverStarted = o.start_date !== null && `${o.start_date}T00:00:00+08:00` <= shanghaiIsoNow(now)
      const hours = Math.floor((now.getTime() - o.paid_at.getTime()) / 3600_000)
      if (coverStarted || now.getTime() - o.paid_at.getTime() >= ISSUE_OVERDUE_MS)
        await add(
          coverStarted
            ? '已支付未出单，保障开始时间已过（需退款或人工处理）'
            : `已支付 ${hours} 小时仍未出单（需跟进）`,
        )
    }
  }

  for (const record of books.records) {
    if (matched.has(record)) continue
    lines.push({
      orderNo: null,
      partnerPolicyNo: record.policyNo,
      ours: '无记录',
      insurer: record.status === 'ISSUED' ? '已出单' : '已退保',
      problem: '保险公司有保单，本地无对应订单（需人工核查）',
      settled: false,
    })
  }
  return {
    checked: orders.length,
    records: books.records.length,
    days: books.days,
    lines,
    differences: lines.filter((l) => !l.settled).length,
  }
}

/** The insurer's books from its daily files (`source`: a file name or day, for the report). */
export function readPartnerBooks(files: { source: string; text: string }[]): PartnerBooks {
  const books: PartnerBooks = { days: [], records: [], problems: [] }
  const seen = new Map<string, InsurerRecord>()
  for (const file of files) {
    const parsed = parseReconciliationFile(file.text)
    if (parsed.day) books.days.push(parsed.day)
    for (const p of parsed.problems) books.problems.push({ source: file.source, ...p })
    // A policy in two days' files (issued one day, surrendered the next): the later file's line is the truth.
    for (const r of parsed.records) seen.set(r.policyNo, r)
  }
  books.records = [...seen.values()]
  books.days.sort()
  return books
}

/** The Shanghai days (YYYYMMDD) from `since` to `now`, both included. */
export function reconcileDays(since: Date, now: Date): string[] {
  const day = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '')
  const days: string[] = []
  for (let ms = since.getTime(); day(ms) <= day(now.getTime()); ms += 24 * 3600_000) days.push(day(ms))
  if (days[days.length - 1] !== day(now.getTime())) days.push(day(now.getTime()))
  return days
}

const shanghaiIsoNow = (now: Date) =>
  `${new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`

/** The report as the command prints it, after the payments' one. */
export function formatPartnerReport(report: PartnerReconcileReport): string {
  const days = report.days.length ? `${report.days[0]}–${report.days[report.days.length - 1]}` : '无'
  const out = [
    `保险公司对账：核对 ${report.checked} 笔合作方订单，保险公司对账文件 ${report.records} 条（${days}）`,
  ]
  for (const l of report.lines)
    out.push(
      `  ${l.orderNo ? `订单 ${l.orderNo}` : '—'}  保险公司保单 ${l.partnerPolicyNo ?? '无'}  本地 ${l.ours}  保险公司 ${l.insurer}  ${l.settled ? '已处理' : '差异'}：${l.problem}`,
    )
  out.push(report.differences === 0 ? '结果：本地与保险公司一致' : `结果：${report.differences} 笔差异待处理`)
  return out.join('\n')
}
