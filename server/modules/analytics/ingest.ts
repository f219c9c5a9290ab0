import type { Insertable, Kysely } from 'kysely'
import { shanghaiDate } from '../../../src/domain/age'
import type { AnalyticsBatch, AnalyticsEvent } from '../../../src/types/generated/api/analytics'
import type { DB } from '../../db/schema'
import { invalidField, tooMany } from '../../platform/errors'
import { secondsLeft, takeHit, type LimitWindow } from '../../platform/rateLimits'
import type { Partitions } from './partitions'
import type { AnalyticsEventsTable } from './tables'

// The ingest of browser events (POST /api/analytics/events, docs/analytics.md#ingest): a batch is checked, its
// times put on our clock, counted against the sender's rate, and stored in one statement; an event already
// stored (same day and id: a batch sent again after a lost answer, or by two tabs) is kept once.

/** A batch's body (the schema allows 50 events of at most a few hundred bytes each). */
export const MAX_BATCH_BYTES = 32 * 1024
/** Events that happened longer ago than this (by our clock) are dropped: their days are rolled up already. */
export const MAX_EVENT_AGE_MS = 7 * 24 * 3600_000
/** Events "in the future" by more than this, after the clock correction, are dropped. */
export const MAX_EVENT_AHEAD_MS = 5 * 60_000
/** A click leads to a funnel step or a payment for this long (the browser keeps it as long). */
export const ATTRIBUTION_MS = 7 * 24 * 3600_000

export interface IngestLimits {
  /** Batches a visitor (the `aid` cookie) may send in a minute. */
  perVisitor: number
  /** Batches from one network (/24, /48) in a minute: a visitor who drops the cookie still counts here. */
  perNetwork: number
}

export const INGEST_LIMITS: IngestLimits = { perVisitor: 60, perNetwork: 600 }
export const INGEST_WINDOW: LimitWindow = { kind: 'fixed', ms: 60_000 }

export type EventRow = Insertable<AnalyticsEventsTable>

interface Origin {
  page_id: string | null
  block_id: string | null
  experiment_id: string | null
  variant: string | null
}

const parseTime = (text: string, field: string, label: string): number => {
  const ms = Date.parse(text)
  if (Number.isNaN(ms)) throw invalidField(field, `${label}（${field}）格式不正确`)
  return ms
}

/** What each kind must say beyond the schema: the page of a view, the page and block of a block event, a step. */
function checkKind(event: AnalyticsEvent, at: string): void {
  if (event.kind === 'page_view' && !event.pageId)
    throw invalidField(`${at}.pageId`, `页面浏览事件缺少页面（${at}.pageId）`)
  if ((event.kind === 'block_impression' || event.kind === 'block_click') && !event.pageId)
    throw invalidField(`${at}.pageId`, `组件事件缺少页面（${at}.pageId）`)
  if ((event.kind === 'block_impression' || event.kind === 'block_click') && !event.blockId)
    throw invalidField(`${at}.blockId`, `组件事件缺少组件（${at}.blockId）`)
  if (event.kind === 'funnel' && !event.step)
    throw invalidField(`${at}.step`, `投保漏斗事件缺少步骤（${at}.step）`)
}

/**
 * The rows of a batch, its times moved onto our clock by (our now − its sentAt): a browser whose clock is an hour
 * off still files its events at the right hour. Events then older than 7 days or more than 5 minutes ahead are
 * dropped (counted in `dropped`). A funnel step takes its page, block and variant from its touch (the last block
 * click, kept 7 days by the browser) when that click is within 7 days before it. A malformed event refuses the
 * batch (400 naming the field): a browser sending it has a bug that must show.
 */
export function batchRows(
  batch: AnalyticsBatch,
  context: { visitor: string; ipPrefix: string; now: Date },
): { rows: EventRow[]; dropped: number } {
  const now = context.now.getTime()
  const offset = now - parseTime(batch.sentAt, 'sentAt', '发送时间')
  const rows: EventRow[] = []
  let dropped = 0
  batch.events.forEach((event, index) => {
    const at = `events.${index}`
    checkKind(event, at)
    const occurred = parseTime(event.at, `${at}.at`, '事件时间') + offset
    const touchAt = event.touch ? parseTime(event.touch.at, `${at}.touch.at`, '来源点击时间') + offset : null
    if (occurred < now - MAX_EVENT_AGE_MS || occurred > now + MAX_EVENT_AHEAD_MS) {
      dropped += 1
      return
    }
    let origin: Origin = {
      page_id: event.pageId ?? null,
      block_id: event.blockId ?? null,
      experiment_id: event.experimentId ?? null,
      variant: event.variant ?? null,
    }
    if (event.kind === 'funnel') {
      const touch = event.touch
      origin =
        touch &&
        touchAt !== null &&
        touchAt >= occurred - ATTRIBUTION_MS &&
        touchAt <= occurred + MAX_EVENT_AHEAD_MS
          ? {
              page_id: touch.pageId,
              block_id: touch.blockId ?? null,
              experiment_id: touch.experimentId ?? null,
              variant: touch.variant ?? null,
            }
          : { page_id: null, block_id: null, experiment_id: null, variant: null }
    }
    rows.push({
      day: shanghaiDate(occurred),
      event_id: event.eventId,
      kind: event.kind,
      occurred_at: new Date(occurred),
      received_at: context.now,
      visitor: context.visitor,
      session: event.session,
      ...origin,
      page_version: event.kind === 'funnel' ? null : (event.pageVersion ?? null),
      phase: event.kind === 'funnel' ? null : (event.phase ?? null),
      source: event.source ?? null,
      step: event.kind === 'funnel' ? (event.step ?? null) : null,
      product_id: event.productId ?? null,
      campaign_id: null,
      amount_fen: null,
      won: null,
      ip_prefix: context.ipPrefix,
    })
  })
  return { rows, dropped }
}

/** Stores rows (browser or server events) once each: partitions first, then one multi-row insert. */
export async function storeEvents(db: Kysely<DB>, partitions: Partitions, rows: EventRow[]): Promise<number> {
  if (!rows.length) return 0
  await partitions.ensure(rows.map((r) => r.day))
  const result = await db
    .insertInto('analytics_events')
    .values(rows)
    .onConflict((oc) => oc.columns(['day', 'event_id']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0)
}

export class AnalyticsIngest {
  /** This process's limits (a copy: a test may lower them). */
  readonly limits: IngestLimits

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly partitions: Partitions,
    limits: IngestLimits = INGEST_LIMITS,
  ) {
    this.limits = { ...limits }
  }

  /**
   * One batch of a visitor (who has not opted out): checked, counted against their rate and their network's
   * (each an upsert that counts only under the limit: exact however many arrive at once, in any process), stored.
   */
  async accept(
    batch: AnalyticsBatch,
    visitor: string,
    ipPrefix: string,
  ): Promise<{ stored: number; dropped: number }> {
    const now = this.now()
    const { rows, dropped } = batchRows(batch, { visitor, ipPrefix, now })
    const allowed =
      (await takeHit(this.db, `analytics:net:${ipPrefix}`, this.limits.perNetwork, INGEST_WINDOW, now)) &&
      (await takeHit(this.db, `analytics:visitor:${visitor}`, this.limits.perVisitor, INGEST_WINDOW, now))
    if (!allowed)
      throw tooMany(
        'ANALYTICS_TOO_FREQUENT',
        '统计数据上报过于频繁，请稍后再试',
        secondsLeft(INGEST_WINDOW, now),
      )
    return { stored: await storeEvents(this.db, this.partitions, rows), dropped }
  }
}
