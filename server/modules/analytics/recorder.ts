import { createHmac } from 'node:crypto'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { shanghaiDate } from '../../../src/domain/age'
import { assignVariant } from '../../../src/domain/experiments'
import type { DB } from '../../db/schema'
import { ATTRIBUTION_MS, storeEvents, type EventRow } from './ingest'
import type { Partitions } from './partitions'
import type { AnalyticsKind } from './tables'
import { ipPrefix, visitorOf } from './visitor'

// Events the server records itself (docs/analytics.md#server-recorded-events): a campaign's draws, entries and
// claims, and paid orders. Best effort: an analytics failure is logged and never fails what the visitor did.
// Their ids derive from what they record (a keyed hash of the draw's, entry's or order's id, so recording one
// twice keeps one, and the row holds no order or user id that joins it back to a person).

export type CampaignEventKind = Extract<AnalyticsKind, 'campaign_draw' | 'campaign_entry' | 'campaign_claim'>

const ID_PREFIX: Record<CampaignEventKind | 'order_paid', string> = {
  campaign_draw: 'draw',
  campaign_entry: 'entry',
  campaign_claim: 'claim',
  order_paid: 'paid',
}

export interface PaidOrder {
  orderId: string
  amountFen: number
  productId: string
  paidAt: Date
}

export class AnalyticsRecorder {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly partitions: Partitions,
    private readonly secret: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** `draw-…`: the kind's prefix and a keyed hash of what the event records. */
  eventId(kind: CampaignEventKind | 'order_paid', key: string): string {
    const hash = createHmac('sha256', this.secret).update(`analytics:${kind}:${key}`).digest('base64url')
    return `${ID_PREFIX[kind]}-${hash.slice(0, 22)}`
  }

  /**
   * A draw, entry or claim of the request's visitor in a campaign (nothing without a visitor: none yet, or opted
   * out). Its page is the studio page that declares the campaign (campaigns.page_id; null for a folder config),
   * with the visitor's variant of that page's running test. `key` names what was recorded (the draw's id…); a
   * draw that won a prize with a cost (the prize's costFen) records that cost.
   */
  async campaign(
    request: FastifyRequest,
    kind: CampaignEventKind,
    campaignId: string,
    record: { key: string; won?: boolean; prizeId?: string | null },
  ): Promise<void> {
    const visitor = visitorOf(request)
    if (!visitor) return
    try {
      const now = this.now()
      const page = await this.db
        .selectFrom('campaigns as c')
        .leftJoin('page_experiments as e', (join) =>
          join.onRef('e.page_id', '=', 'c.page_id').on('e.status', '=', 'running'),
        )
        .select(['c.page_id', 'c.definition', 'e.id as experiment_id', 'e.variants'])
        .where('c.id', '=', campaignId)
        .executeTakeFirst()
      const variant =
        page?.experiment_id && page.variants
          ? assignVariant(page.experiment_id, visitor, page.variants)
          : null
      const version = variant ? (page?.variants?.find((v) => v.key === variant)?.version ?? null) : null
      const prize =
        record.won && record.prizeId ? page?.definition.prizes?.find((p) => p.id === record.prizeId) : null
      await this.store({
        day: shanghaiDate(now.getTime()),
        event_id: this.eventId(kind, record.key),
        kind,
        occurred_at: now,
        received_at: now,
        visitor,
        session: null,
        page_id: page?.page_id ?? null,
        page_version: version,
        phase: null,
        experiment_id: variant ? (page?.experiment_id ?? null) : null,
        variant,
        block_id: null,
        source: null,
        step: null,
        product_id: null,
        campaign_id: campaignId,
        amount_fen: prize?.costFen ?? null,
        won: kind === 'campaign_draw' ? (record.won ?? false) : null,
        ip_prefix: ipPrefix(request.ip),
      })
    } catch (error) {
      this.log.warn({ err: error, campaignId, kind }, 'analytics: campaign event not recorded')
    }
  }

  /** The request's visitor created this order: its payment (which comes without a browser) is theirs. */
  async linkOrder(request: FastifyRequest, orderId: string): Promise<void> {
    const visitor = visitorOf(request)
    if (!visitor) return
    try {
      await this.db
        .insertInto('analytics_order_visitors')
        .values({ order_id: orderId, visitor, created_at: this.now() })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .execute()
    } catch (error) {
      this.log.warn({ err: error, orderId }, 'analytics: order visitor not recorded')
    }
  }

  /**
   * A paid order of a linked visitor: their 'paid' step, attributed to their last block click within the 7 days
   * before the payment (its page, block, test and variant). The link is then forgotten. Called after the
   * payment's transaction committed.
   */
  async orderPaid(order: PaidOrder): Promise<void> {
    try {
      const link = await this.db
        .selectFrom('analytics_order_visitors')
        .select('visitor')
        .where('order_id', '=', order.orderId)
        .executeTakeFirst()
      if (!link) return
      const paidAt = order.paidAt.getTime()
      const since = paidAt - ATTRIBUTION_MS
      const click = await this.db
        .selectFrom('analytics_events')
        .select(['page_id', 'page_version', 'block_id', 'experiment_id', 'variant'])
        .where('visitor', '=', link.visitor)
        .where('kind', '=', 'block_click')
        .where('day', '>=', shanghaiDate(since))
        .where('day', '<=', shanghaiDate(paidAt))
        .where('occurred_at', '>', new Date(since))
        .where('occurred_at', '<=', order.paidAt)
        .orderBy('occurred_at', 'desc')
        .limit(1)
        .executeTakeFirst()
      await this.store({
        day: shanghaiDate(paidAt),
        event_id: this.eventId('order_paid', order.orderId),
        kind: 'order_paid',
        occurred_at: order.paidAt,
        received_at: this.now(),
        visitor: link.visitor,
        session: null,
        page_id: click?.page_id ?? null,
        page_version: click?.page_version ?? null,
        phase: null,
        experiment_id: click?.experiment_id ?? null,
        variant: click?.variant ?? null,
        block_id: click?.block_id ?? null,
        source: null,
        step: 'paid',
        product_id: order.productId,
        campaign_id: null,
        amount_fen: order.amountFen,
        won: null,
        ip_prefix: null,
      })
      await this.db.deleteFrom('analytics_order_visitors').where('order_id', '=', order.orderId).execute()
    } catch (error) {
      this.log.warn({ err: error, orderId: order.orderId }, 'analytics: paid order not recorded')
    }
  }

  private async store(row: EventRow): Promise<void> {
    await storeEvents(this.db, this.partitions, [row])
  }
}
