import type { Kysely } from 'kysely'
import type { PaymentProvider, ProviderPaymentState, RefundState } from './providers/provider'
import type { DB } from '../../db/schema'
import type { PaymentStatusColumn, RefundStatusColumn } from './tables'
import type { PaymentService } from './service'
import type { RefundService } from './refunds'

// Reconciliation: our books against the provider's, payment by payment. A difference is listed; with
// `apply`, the two kinds a machine may settle are settled (a capture whose callback never arrived is applied,
// which keeps it or refunds it; a refund the provider settled is marked settled). Anything else (money we
// think we took but the provider did not, a failed refund) is for a person.

export interface ReconcileLine {
  paymentId: string
  orderNo: string
  amountFen: number
  ours: string
  provider: string
  /** Chinese description of the difference; null when both books agree. */
  problem: string | null
  /** True when `apply` settled this difference. */
  settled: boolean
}

export interface ReconcileReport {
  checked: number
  lines: ReconcileLine[]
  differences: number
}

const CAPTURED_BY_US: PaymentStatusColumn[] = ['SUCCEEDED', 'REFUNDED']
const PROVIDER_CAPTURED: ProviderPaymentState['state'][] = ['CAPTURED', 'REFUNDED']

function describeOurs(status: PaymentStatusColumn, refund: RefundStatusColumn | null): string {
  return refund ? `${status}/退款${refund}` : status
}

export async function reconcilePayments(options: {
  db: Kysely<DB>
  provider: PaymentProvider
  payments: PaymentService
  refunds: RefundService
  since: Date
  now: Date
  apply: boolean
}): Promise<ReconcileReport> {
  const { db, provider } = options
  const rows = await db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .leftJoin('refunds as r', 'r.payment_id', 'p.id')
    .select([
      'p.id',
      'p.status',
      'p.amount_fen',
      'p.provider',
      'o.order_no',
      'r.id as refund_id',
      'r.status as refund_status',
    ])
    .where('p.created_at', '>=', options.since)
    .where('p.provider', '=', provider.name)
    .orderBy('p.created_at')
    .execute()

  const lines: ReconcileLine[] = []
  for (const row of rows) {
    const theirs = await provider.queryPayment(row.id)
    const line: ReconcileLine = {
      paymentId: row.id,
      orderNo: row.order_no,
      amountFen: row.amount_fen,
      ours: describeOurs(row.status, row.refund_status),
      provider: theirs.state,
      problem: null,
      settled: false,
    }
    const weCaptured = CAPTURED_BY_US.includes(row.status)
    const theyCaptured = PROVIDER_CAPTURED.includes(theirs.state)
    if (theyCaptured && theirs.amountFen !== row.amount_fen) {
      line.problem = `金额不符：渠道 ${theirs.amountFen} 分，本地 ${row.amount_fen} 分`
    } else if (theyCaptured && !weCaptured) {
      line.problem = '渠道已扣款，本地未入账（支付通知丢失）'
      if (options.apply) {
        await options.payments.applyPaymentEvent({
          kind: 'payment',
          eventId: `reconcile_${row.id}`,
          paymentId: row.id,
          outcome: 'SUCCEEDED',
          amountFen: row.amount_fen,
          signedAt: options.now,
        })
        line.settled = true
      }
    } else if (weCaptured && !theyCaptured) {
      line.problem = '本地已入账，渠道未扣款（需人工核查）'
    } else if (row.status === 'SUCCEEDED' && theirs.state === 'REFUNDED') {
      line.problem = '渠道已退款，本地未记录退款（需人工核查）'
    } else if (row.refund_id && row.refund_status) {
      const refund: RefundState | null = await provider.queryRefund(row.refund_id)
      line.provider = `${theirs.state}/退款${refund?.status ?? '无记录'}`
      if (row.refund_status === 'FAILED') {
        line.problem = '退款失败（需人工处理）'
      } else if (refund?.status === 'FAILED') {
        line.problem = '渠道退款失败（需人工处理）'
      } else if (row.refund_status === 'SUCCEEDED' && refund?.status !== 'SUCCEEDED') {
        line.problem = '本地已退款，渠道未退款（需人工核查）'
      } else if (row.refund_status !== 'SUCCEEDED' && refund?.status === 'SUCCEEDED') {
        line.problem = '渠道已退款，本地仍为退款中'
        if (options.apply) {
          await options.refunds.settleFromProvider(row.refund_id, refund)
          line.settled = true
        }
      }
    }
    lines.push(line)
  }
  return { checked: rows.length, lines, differences: lines.filter((l) => l.problem && !l.settled).length }
}

/** The report as the command prints it: a header, every difference (or every line with `all`), a total. */
export function formatReport(report: ReconcileReport, all = false): string {
  const shown = all ? report.lines : report.lines.filter((l) => l.problem)
  const out = [`支付对账：核对 ${report.checked} 笔支付`]
  for (const l of shown) {
    const status = l.problem ? (l.settled ? `已处理：${l.problem}` : `差异：${l.problem}`) : '一致'
    out.push(
      `  ${l.paymentId}  订单 ${l.orderNo}  ${(l.amountFen / 100).toFixed(2)} 元  本地 ${l.ours}  渠道 ${l.provider}  ${status}`,
    )
  }
  out.push(report.differences === 0 ? '结果：本地与渠道一致' : `结果：${report.differences} 笔差异待处理`)
  return out.join('\n')
}
