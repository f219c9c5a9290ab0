import type { Kysely } from 'kysely'
import type { PartnerHealth, PartnerHealthItem } from '../../../src/types/generated/api/partner'
import type { DB } from '../../db/schema'
import { toIso } from '../../platform/time'
import type { CircuitBreaker } from './breaker'
import type { CallOutcome, PartnerCode } from './tables'

// Partner health for staff (GET /api/studio/partner-health): per partner, its breaker, its calls of the last 24 h
// (outcomes and latency, from partner_calls), the paid orders waiting to be issued, and the failed issues and
// refunds of the last 24 h. Counts only: no name, number or body of any call, so viewing it is not audited.

const DAY_MS = 24 * 3600_000
const RECENT = 20
export const PARTNER_NAMES: Record<PartnerCode, string> = { huating: '华汀保险' }
const OUTCOMES: CallOutcome[] = ['ok', 'rejected', 'timeout', 'unreachable', 'malformed', 'error']

export class PartnerHealthReport {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly breakers: Record<PartnerCode, CircuitBreaker>,
  ) {}

  async report(): Promise<PartnerHealth> {
    const partners: PartnerHealthItem[] = []
    for (const partner of Object.keys(this.breakers) as PartnerCode[]) partners.push(await this.item(partner))
    return { generatedAt: toIso(this.now()), partners }
  }

  private async item(partner: PartnerCode): Promise<PartnerHealthItem> {
    const now = this.now()
    const since = new Date(now.getTime() - DAY_MS)
    const byOutcome = await this.db
      .selectFrom('partner_calls')
      .select((eb) => [
        'outcome',
        eb.fn.countAll<string>().as('n'),
        eb.fn.sum<string>('duration_ms').as('ms'),
        eb.fn.max('duration_ms').as('max'),
      ])
      .where('partner', '=', partner)
      .where('created_at', '>=', since)
      .groupBy('outcome')
      .execute()
    const recent = await this.db
      .selectFrom('partner_calls')
      .select(['created_at', 'operation', 'outcome', 'duration_ms', 'http_status'])
      .where('partner', '=', partner)
      .orderBy('id', 'desc')
      .limit(RECENT)
      .execute()
    const issuing = await this.db
      .selectFrom('partner_orders as po')
      .innerJoin('orders as o', 'o.id', 'po.order_id')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('o.paid_at').as('oldest')])
      .where('po.partner', '=', partner)
      .where('po.status', '=', 'ISSUING')
      .executeTakeFirstOrThrow()
    const failed = await this.db
      .selectFrom('partner_orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('partner', '=', partner)
      .where('status', '=', 'ISSUE_FAILED')
      .where('updated_at', '>=', since)
      .executeTakeFirstOrThrow()
    const refunds = await this.db
      .selectFrom('refunds as r')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('o.source', '=', `partner:${partner}`)
      .where('r.created_at', '>=', since)
      .executeTakeFirstOrThrow()

    const calls = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<CallOutcome, number>
    let total = 0
    let totalMs = 0
    let maxMs: number | null = null
    for (const row of byOutcome) {
      const n = Number(row.n)
      calls[row.outcome] = n
      total += n
      totalMs += Number(row.ms ?? 0)
      maxMs = Math.max(maxMs ?? 0, Number(row.max ?? 0))
    }
    const breaker = this.breakers[partner].snapshot()
    const oldest = issuing.oldest as Date | null
    return {
      partner,
      name: PARTNER_NAMES[partner],
      breaker: {
        state: breaker.state,
        consecutiveFailures: breaker.consecutiveFailures,
        openedAt: breaker.openedAt ? toIso(breaker.openedAt) : null,
        retryAt: breaker.retryAt ? toIso(breaker.retryAt) : null,
      },
      calls: { total, ...calls, avgMs: total ? Math.round(totalMs / total) : null, maxMs },
      recentCalls: recent.map((call) => ({
        at: toIso(call.created_at),
        operation: call.operation,
        outcome: call.outcome,
        durationMs: call.duration_ms,
        httpStatus: call.http_status,
      })),
      issuing: { waiting: Number(issuing.n), oldestPaidAt: oldest ? toIso(oldest) : null },
      failedIssues24h: Number(failed.n),
      refunds24h: Number(refunds.n),
    }
  }
}
