import { sql, type Kysely, type QueryResult, type RawBuilder } from 'kysely'
import {
  FUNNEL_STAGES,
  MAX_RANGE_DAYS,
  STAGE_WORDS,
  formatRate,
  rangeProblem,
  ratio,
  sourceName,
  type FunnelStageKey,
} from '../../../src/domain/dashboard'
import { addDays, daysBetween } from '../../../src/domain/age'
import { formatFen } from '../../../src/domain/money'
import { csvFile } from '../../../src/domain/winners'
import { STATUS_WORDS } from '../../../src/page-config/schedule'
import { blockTrackId } from '../../../src/page-config/trackId'
import type {
  DashboardBlockRow,
  DashboardBlocks,
  DashboardBreakdown,
  DashboardCampaignRow,
  DashboardCampaigns,
  DashboardFunnel,
  DashboardFunnelStep,
  DashboardOverview,
  DashboardPageList,
  DashboardPoint,
  DashboardPrizeRow,
  DashboardVariantRow,
} from '../../../src/types/generated/api/analyticsDashboard'
import type { DB } from '../../db/schema'
import { invalidField, notFound } from '../../platform/errors'
import { toIso } from '../../platform/time'
import { livePublication } from '../pages/publications'

// The studio's dashboards (docs/analytics.md#dashboards), read from the aggregates the analytics job builds:
// analytics_hourly (events, visitors within the hour, wins, amounts per hour and dimension) and analytics_visitors
// (one row per visitor, page, day, funnel stage and variant). Counts of events are sums over hourly rows; unique
// visitors over a range are COUNT(DISTINCT visitor) over analytics_visitors, so a visitor who came on three days is
// one visitor. Raw events are never read here. Campaign figures come from the campaign tables themselves.

const HOUR_MS = 3_600_000
const OFFSET_MS = 8 * HOUR_MS

export type Granularity = 'hour' | 'day'

/** A range of Beijing days, both included, and the instants it spans. */
export interface DayRange {
  from: string
  to: string
  days: number
  /** The instant `from` starts in Beijing, and the instant the day after `to` starts. */
  start: Date
  end: Date
}

const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`)

/** The range of a query, or a 400 naming the field: real dates, from ≤ to, at most MAX_RANGE_DAYS days. */
export function readRange(query: { from: string; to: string }): DayRange {
  const problem = rangeProblem(query.from, query.to)
  if (problem) throw invalidField(problem.field, problem.message)
  return {
    from: query.from,
    to: query.to,
    days: daysBetween(query.from, query.to) + 1,
    start: dayStart(query.from),
    end: dayStart(addDays(query.to, 1)),
  }
}

export { MAX_RANGE_DAYS }

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value))

/** '2026-11-22 09:00' (Beijing) of an hour's start. */
const hourLabel = (ms: number) => {
  const iso = new Date(ms + OFFSET_MS).toISOString()
  return `${iso.slice(0, 10)} ${iso.slice(11, 13)}:00`
}

function shares(rows: Map<string, number>, total: number): DashboardBreakdown[] {
  return [...rows.entries()]
    .map(([key, views]) => ({ key, views, share: total > 0 ? views / total : 0 }))
    .sort((a, b) => b.views - a.views || a.key.localeCompare(b.key))
}

const add = (map: Map<string, number>, key: string, value: number) =>
  map.set(key, (map.get(key) ?? 0) + value)

interface TopBlock {
  id?: unknown
  type?: unknown
}

/** A top-level block's id in events (the tracker's rule, src/page-config/trackId.ts). */
const trackId = (block: TopBlock, index: number): string =>
  blockTrackId({ id: typeof block.id === 'string' ? block.id : undefined, type: String(block.type) }, index)

/** Names the dashboards show that live outside the database. */
export interface DashboardNames {
  /** A folder config page's title by its analytics id (`manualactivity_reserveFund`), when known. */
  folderTitle?: (pageId: string) => string | undefined
  /** A block type's Chinese name (标题, 按钮), for the export. */
  blockName?: (type: string) => string | undefined
}

/** The dashboards' queries (one instance per app, made by dashboardRoutes.ts). */
export class AnalyticsDashboard {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly names: DashboardNames = {},
  ) {}

  private folderTitle(pageId: string): string | undefined {
    return this.names.folderTitle?.(pageId)
  }

  /**
   * A query counting distinct visitors, with the sort memory it needs: a month of a busy page is a few hundred
   * thousand visitor rows, which PostgreSQL's default work_mem (4 MB) sorts on disk. SET LOCAL holds for this
   * transaction only. (Visitors compare byte-wise, COLLATE "C" in the queries: equal is all that matters.)
   */
  private distinct<Row>(query: RawBuilder<Row>): Promise<QueryResult<Row>> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL work_mem = '64MB'`.execute(trx)
      return query.execute(trx)
    })
  }

  /** The page's studio (or folder config) title, or null when it is neither. */
  private async title(pageId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('studio_pages')
      .select('title')
      .where('id', '=', pageId)
      .executeTakeFirst()
    return row?.title ?? this.folderTitle(pageId) ?? null
  }

  /** The page's title; 404 when it is neither a studio page nor a page with any event rolled up. */
  private async pageTitle(pageId: string): Promise<string> {
    const title = await this.title(pageId)
    if (title !== null) return title
    const seen = await this.db
      .selectFrom('analytics_hourly')
      .select('page_id')
      .where('page_id', '=', pageId)
      .limit(1)
      .executeTakeFirst()
    if (!seen) throw notFound('页面')
    return pageId
  }

  /** Published pages, and every page with views in the range: views and unique visitors, most viewed first. */
  async pages(range: DayRange): Promise<DashboardPageList> {
    const [views, visitors, studio] = await Promise.all([
      sql<{ page_id: string; views: unknown }>`
        SELECT page_id, sum(events) AS views FROM analytics_hourly
         WHERE day BETWEEN ${range.from}::date AND ${range.to}::date AND kind = 'page_view'
         GROUP BY page_id`.execute(this.db),
      this.distinct(sql<{ page_id: string; visitors: unknown }>`
        SELECT page_id, count(DISTINCT visitor COLLATE "C") AS visitors FROM analytics_visitors
         WHERE day BETWEEN ${range.from}::date AND ${range.to}::date AND stage = 'view'
         GROUP BY page_id`),
      sql<{ id: string; title: string; live: boolean }>`
        SELECT p.id, p.title, coalesce(lp.kind <> 'unpublish', false) AS live
          FROM studio_pages p
          LEFT JOIN LATERAL (${livePublication(sql.ref('p.id'), this.now())}) lp ON true`.execute(this.db),
    ])
    const viewsOf = new Map(views.rows.map((r) => [r.page_id, num(r.views)]))
    const visitorsOf = new Map(visitors.rows.map((r) => [r.page_id, num(r.visitors)]))
    const pages = new Map(studio.rows.map((r) => [r.id, r]))
    const ids = new Set([...studio.rows.filter((r) => r.live).map((r) => r.id), ...viewsOf.keys()])
    const items = [...ids].map((pageId) => ({
      pageId,
      title: pages.get(pageId)?.title ?? this.folderTitle(pageId) ?? pageId,
      live: pages.get(pageId)?.live ?? false,
      views: viewsOf.get(pageId) ?? 0,
      visitors: visitorsOf.get(pageId) ?? 0,
    }))
    items.sort((a, b) => b.views - a.views || a.title.localeCompare(b.title, 'zh-CN'))
    return { from: range.from, to: range.to, items }
  }

  /** Views and unique visitors: totals, a series per hour or day, and by phase, version, source and variant. */
  async overview(pageId: string, range: DayRange, granularity: Granularity): Promise<DashboardOverview> {
    const title = await this.pageTitle(pageId)
    const { from, to } = range
    const step =
      granularity === 'hour' ? sql`(extract(epoch from hour) * 1000)::bigint::text` : sql`day::text`
    const [dims, series, uniques, experiments] = await Promise.all([
      sql<{
        kind: string
        phase: string
        page_version: number
        source: string
        experiment_id: string
        variant: string
        events: unknown
      }>`
        SELECT kind, phase, page_version, source, experiment_id, variant, sum(events) AS events
          FROM analytics_hourly
         WHERE page_id = ${pageId} AND day BETWEEN ${from}::date AND ${to}::date
           AND kind IN ('page_view', 'block_click', 'order_paid')
         GROUP BY kind, phase, page_version, source, experiment_id, variant`.execute(this.db),
      sql<{ at: string; views: unknown; visitors: unknown }>`
        SELECT ${step} AS at, sum(events) AS views, sum(visitors) AS visitors
          FROM analytics_hourly
         WHERE page_id = ${pageId} AND day BETWEEN ${from}::date AND ${to}::date AND kind = 'page_view'
         GROUP BY 1`.execute(this.db),
      // One scan: the range's distinct visitors, each day's, each variant's.
      this.distinct(sql<{
        day: string | null
        variant: string | null
        g_day: number
        g_variant: number
        visitors: unknown
      }>`
        SELECT day::text AS day, variant, GROUPING(day) AS g_day, GROUPING(variant) AS g_variant,
               count(DISTINCT visitor COLLATE "C") AS visitors
          FROM analytics_visitors
         WHERE page_id = ${pageId} AND day BETWEEN ${from}::date AND ${to}::date AND stage = 'view'
         GROUP BY GROUPING SETS ((), (day), (variant))`),
      this.db
        .selectFrom('page_experiments')
        .select(['id', 'name', 'variants'])
        .where('page_id', '=', pageId)
        .execute(),
    ])

    let views = 0
    let clicks = 0
    let paidOrders = 0
    const byPhase = new Map<string, number>()
    const byVersion = new Map<string, number>()
    const bySource = new Map<string, number>()
    const byVariant = new Map<string, { experimentId: string; variant: string; views: number }>()
    for (const row of dims.rows) {
      const events = num(row.events)
      if (row.kind === 'block_click') clicks += events
      if (row.kind === 'order_paid') paidOrders += events
      if (row.kind !== 'page_view') continue
      views += events
      add(byPhase, row.phase, events)
      add(byVersion, String(row.page_version), events)
      add(bySource, row.source, events)
      if (row.experiment_id) {
        const key = `${row.experiment_id}\n${row.variant}`
        const entry = byVariant.get(key) ?? {
          experimentId: row.experiment_id,
          variant: row.variant,
          views: 0,
        }
        entry.views += events
        byVariant.set(key, entry)
      }
    }

    let visitors = 0
    const dayVisitors = new Map<string, number>()
    const variantVisitors = new Map<string, number>()
    for (const row of uniques.rows) {
      const count = num(row.visitors)
      if (Number(row.g_day) === 1 && Number(row.g_variant) === 1) visitors = count
      else if (Number(row.g_day) === 0 && row.day !== null) dayVisitors.set(row.day, count)
      else if (row.variant !== null) variantVisitors.set(row.variant, count)
    }

    const points = new Map(series.rows.map((r) => [r.at, r]))
    const out: DashboardPoint[] = []
    if (granularity === 'hour') {
      for (let ms = range.start.getTime(); ms < range.end.getTime(); ms += HOUR_MS) {
        const row = points.get(String(ms))
        out.push({ at: hourLabel(ms), views: num(row?.views), visitors: num(row?.visitors) })
      }
    } else {
      for (let i = 0; i < range.days; i++) {
        const day = addDays(from, i)
        out.push({ at: day, views: num(points.get(day)?.views), visitors: dayVisitors.get(day) ?? 0 })
      }
    }

    const names = new Map(experiments.map((e) => [e.id, e]))
    const variants: DashboardVariantRow[] = [...byVariant.values()]
      .map((v) => {
        const experiment = names.get(v.experimentId)
        const label = experiment?.variants.find((x) => x.key === v.variant)?.label ?? `版本 ${v.variant}`
        return {
          experimentId: v.experimentId,
          experimentName: experiment?.name ?? v.experimentId,
          variant: v.variant,
          label,
          views: v.views,
          visitors: variantVisitors.get(v.variant) ?? 0,
          share: views > 0 ? v.views / views : 0,
        }
      })
      .sort((a, b) => a.experimentId.localeCompare(b.experimentId) || a.variant.localeCompare(b.variant))

    return {
      pageId,
      title,
      from,
      to,
      granularity,
      totals: { views, visitors, clicks, paidOrders },
      series: out,
      byPhase: shares(byPhase, views),
      byVersion: shares(byVersion, views).sort((a, b) => Number(b.key) - Number(a.key)),
      bySource: shares(bySource, views),
      byVariant: variants,
    }
  }

  /** The version the blocks' types and places are read from: the live one, else the newest. */
  private async blockVersion(pageId: string): Promise<{ version: number; blocks: TopBlock[] } | null> {
    const live = await sql<{
      version: number | null
      kind: string
    }>`${livePublication(pageId, this.now())}`.execute(this.db)
    const liveVersion = live.rows[0]?.kind === 'unpublish' ? null : (live.rows[0]?.version ?? null)
    let query = this.db
      .selectFrom('studio_page_versions')
      .select(['version', 'config'])
      .where('page_id', '=', pageId)
    query = liveVersion === null ? query.orderBy('version', 'desc') : query.where('version', '=', liveVersion)
    const row = await query.limit(1).executeTakeFirst()
    if (!row) return null
    const blocks = Array.isArray(row.config.blocks) ? (row.config.blocks as TopBlock[]) : []
    return { version: row.version, blocks }
  }

  /** Per block: impressions, clicks and CTR, also per variant; blocks of the live version first, in its order. */
  async blocks(pageId: string, range: DayRange): Promise<DashboardBlocks> {
    await this.pageTitle(pageId)
    const [rows, layout] = await Promise.all([
      sql<{ block_id: string; variant: string; kind: string; events: unknown }>`
        SELECT block_id, variant, kind, sum(events) AS events FROM analytics_hourly
         WHERE page_id = ${pageId} AND day BETWEEN ${range.from}::date AND ${range.to}::date
           AND kind IN ('block_impression', 'block_click') AND block_id <> ''
         GROUP BY block_id, variant, kind`.execute(this.db),
      this.blockVersion(pageId),
    ])
    type Counts = { impressions: number; clicks: number }
    const totals = new Map<string, Counts>()
    const perVariant = new Map<string, Map<string, Counts>>()
    const bump = (counts: Counts, kind: string, events: number) => {
      if (kind === 'block_impression') counts.impressions += events
      else counts.clicks += events
    }
    for (const row of rows.rows) {
      const events = num(row.events)
      const total = totals.get(row.block_id) ?? { impressions: 0, clicks: 0 }
      bump(total, row.kind, events)
      totals.set(row.block_id, total)
      if (row.variant) {
        const variants = perVariant.get(row.block_id) ?? new Map<string, Counts>()
        const counts = variants.get(row.variant) ?? { impressions: 0, clicks: 0 }
        bump(counts, row.kind, events)
        variants.set(row.variant, counts)
        perVariant.set(row.block_id, variants)
      }
    }
    const places = new Map<string, { index: number; type: string }>()
    layout?.blocks.forEach((block, index) =>
      places.set(trackId(block, index), { index, type: String(block.type) }),
    )
    const ids = new Set([...places.keys(), ...totals.keys()])
    const items: DashboardBlockRow[] = [...ids].map((blockId) => {
      const counts = totals.get(blockId) ?? { impressions: 0, clicks: 0 }
      const place = places.get(blockId)
      const parsed = /^(.+)-\d+$/.exec(blockId)
      return {
        blockId,
        blockType: place?.type ?? parsed?.[1] ?? null,
        index: place?.index ?? null,
        impressions: counts.impressions,
        clicks: counts.clicks,
        ctr: ratio(counts.clicks, counts.impressions),
        byVariant: [...(perVariant.get(blockId) ?? new Map<string, Counts>()).entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([variant, c]) => ({ variant, ...c, ctr: ratio(c.clicks, c.impressions) })),
      }
    })
    items.sort(
      (a, b) =>
        (a.index ?? Number.MAX_SAFE_INTEGER) - (b.index ?? Number.MAX_SAFE_INTEGER) ||
        b.impressions - a.impressions ||
        a.blockId.localeCompare(b.blockId),
    )
    return { pageId, from: range.from, to: range.to, version: layout?.version ?? null, items }
  }

  /** Distinct visitors per stage (view → … → paid), the conversion of each step and overall, paid orders. */
  async funnel(pageId: string, range: DayRange): Promise<DashboardFunnel> {
    await this.pageTitle(pageId)
    const [stages, paid] = await Promise.all([
      this.distinct(sql<{ stage: string; variant: string | null; g_variant: number; visitors: unknown }>`
        SELECT stage, variant, GROUPING(variant) AS g_variant, count(DISTINCT visitor COLLATE "C") AS visitors
          FROM analytics_visitors
         WHERE page_id = ${pageId} AND day BETWEEN ${range.from}::date AND ${range.to}::date
         GROUP BY GROUPING SETS ((stage), (stage, variant))`),
      sql<{ orders: unknown; amount: unknown }>`
        SELECT sum(events) AS orders, sum(amount_fen) AS amount FROM analytics_hourly
         WHERE page_id = ${pageId} AND day BETWEEN ${range.from}::date AND ${range.to}::date
           AND kind = 'order_paid'`.execute(this.db),
    ])
    const all = new Map<string, number>()
    const perVariant = new Map<string, Map<string, number>>()
    for (const row of stages.rows) {
      if (Number(row.g_variant) === 1) all.set(row.stage, num(row.visitors))
      else if (row.variant) {
        const counts = perVariant.get(row.variant) ?? new Map<string, number>()
        counts.set(row.stage, num(row.visitors))
        perVariant.set(row.variant, counts)
      }
    }
    const steps = funnelSteps(all)
    return {
      pageId,
      from: range.from,
      to: range.to,
      steps,
      overallRate: steps[steps.length - 1].overallRate,
      paidOrders: num(paid.rows[0]?.orders),
      premiumFen: num(paid.rows[0]?.amount),
      byVariant: [...perVariant.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([variant, counts]) => ({ variant, steps: funnelSteps(counts) })),
    }
  }

  /**
   * The page's campaigns (registered from its published versions, or named by its events): in the range, how
   * often people took part and won, by how many people, and the new users they brought; now, each prize's stock
   * left and what the prizes given so far cost.
   */
  async campaigns(pageId: string, range: DayRange): Promise<DashboardCampaigns> {
    await this.pageTitle(pageId)
    const campaigns = await sql<{
      id: string
      kind: string
      title: string
      starts_at: Date
      ends_at: Date
      definition: { prizes?: { id?: unknown; costFen?: unknown }[] }
    }>`
      SELECT id, kind, title, starts_at, ends_at, definition FROM campaigns
       WHERE page_id = ${pageId}
          OR id IN (SELECT campaign_id FROM analytics_hourly
                     WHERE page_id = ${pageId} AND day BETWEEN ${range.from}::date AND ${range.to}::date
                       AND campaign_id <> '')
       ORDER BY starts_at, id`.execute(this.db)
    const items = await Promise.all(
      campaigns.rows.map(async (c): Promise<DashboardCampaignRow> => {
        const [acts, prizes] = await Promise.all([
          this.campaignActs(c.id, c.kind, range),
          this.db
            .selectFrom('campaign_prizes')
            .select(['prize_id', 'name', 'reward', 'stock', 'awarded'])
            .where('campaign_id', '=', c.id)
            .orderBy('sort')
            .execute(),
        ])
        const costs = new Map<string, number>()
        for (const p of Array.isArray(c.definition.prizes) ? c.definition.prizes : [])
          if (typeof p.id === 'string' && Number.isInteger(p.costFen) && Number(p.costFen) >= 0)
            costs.set(p.id, Number(p.costFen))
        const rows: DashboardPrizeRow[] = prizes.map((p) => {
          const unit = p.reward.kind === 'nothing' ? 0 : (costs.get(p.prize_id) ?? null)
          return {
            prizeId: p.prize_id,
            name: p.name,
            rewardKind: p.reward.kind,
            stock: p.stock,
            awarded: p.awarded,
            left: p.stock === null ? null : Math.max(0, p.stock - p.awarded),
            unitCostFen: unit,
            costFen: unit === null ? null : unit * p.awarded,
          }
        })
        return {
          campaignId: c.id,
          title: c.title,
          kind: c.kind,
          startsAt: toIso(c.starts_at),
          endsAt: toIso(c.ends_at),
          ...acts,
          costFen: rows.reduce((sum, p) => sum + (p.costFen ?? 0), 0),
          costComplete: rows.every((p) => p.costFen !== null || p.awarded === 0),
          prizes: rows,
        }
      }),
    )
    return { pageId, from: range.from, to: range.to, items }
  }

  /**
   * What people did in a campaign in the range, from its own tables: lottery draws (a win is a prize other than
   * 谢谢参与), guess picks (a win is a reward for a correct pick), coupon and gift claims (each is a win) and form
   * entries. A new user is one whose first participation ever is in the range and whose account was created in
   * the 24 hours before it (signed up to take part: nothing records an invitation or a sign-up's page).
   */
  private async campaignActs(campaignId: string, kind: string, range: DayRange) {
    const entriesWin = kind === 'coupon' || kind === 'gift-claim'
    const { rows } = await sql<{
      participations: unknown
      participants: unknown
      wins: unknown
      winners: unknown
      new_users: unknown
    }>`
      WITH acts AS (
        SELECT d.user_id, d.created_at AS at, true AS took,
               (d.prize_id IS NOT NULL AND coalesce(p.reward ->> 'kind', 'nothing') <> 'nothing') AS won
          FROM campaign_draws d
          LEFT JOIN campaign_prizes p ON p.campaign_id = d.campaign_id AND p.prize_id = d.prize_id
         WHERE d.campaign_id = ${campaignId}
        UNION ALL
        SELECT user_id, created_at, true, false FROM campaign_guess_picks WHERE campaign_id = ${campaignId}
        UNION ALL
        SELECT user_id, created_at, false, true FROM campaign_guess_rewards WHERE campaign_id = ${campaignId}
        UNION ALL
        SELECT user_id, created_at, true, ${entriesWin}::boolean FROM campaign_entries WHERE campaign_id = ${campaignId}
      ),
      -- One pass: each user's acts in the range and first participation ever, then the counts over users.
      per_user AS (
        SELECT user_id,
               count(*) FILTER (WHERE took AND at >= ${range.start} AND at < ${range.end}) AS took_in,
               count(*) FILTER (WHERE won AND at >= ${range.start} AND at < ${range.end}) AS won_in,
               min(at) FILTER (WHERE took) AS first_at
          FROM acts GROUP BY user_id
      )
      SELECT coalesce(sum(p.took_in), 0) AS participations,
             count(*) FILTER (WHERE p.took_in > 0) AS participants,
             coalesce(sum(p.won_in), 0) AS wins,
             count(*) FILTER (WHERE p.won_in > 0) AS winners,
             count(u.id) AS new_users
        FROM per_user p
        LEFT JOIN users u ON u.id = p.user_id
              AND p.first_at >= ${range.start} AND p.first_at < ${range.end}
              AND u.created_at <= p.first_at AND u.created_at > p.first_at - interval '1 day'`.execute(
      this.db,
    )
    const row = rows[0]
    return {
      participations: num(row?.participations),
      participants: num(row?.participants),
      wins: num(row?.wins),
      winners: num(row?.winners),
      newUsers: num(row?.new_users),
    }
  }

  /** The same numbers as one CSV file (UTF-8 with a BOM for Excel, CRLF, cells escaped): no personal data. */
  async csv(
    pageId: string,
    range: DayRange,
    granularity: Granularity,
  ): Promise<{ filename: string; body: string }> {
    const [overview, blocks, funnel, campaigns] = await Promise.all([
      this.overview(pageId, range, granularity),
      this.blocks(pageId, range),
      this.funnel(pageId, range),
      this.campaigns(pageId, range),
    ])
    const rows = dashboardCsvRows(overview, blocks, funnel, campaigns, this.names.blockName)
    return {
      filename: `页面数据-${overview.title}-${range.from}至${range.to}.csv`,
      body: csvFile(rows),
    }
  }
}

function funnelSteps(counts: Map<string, number>): DashboardFunnelStep[] {
  const first = counts.get('view') ?? 0
  return FUNNEL_STAGES.map((stage, i) => {
    const visitors = counts.get(stage) ?? 0
    const before = i === 0 ? null : (counts.get(FUNNEL_STAGES[i - 1]) ?? 0)
    return {
      stage,
      visitors,
      stepRate: before === null ? null : ratio(visitors, before),
      overallRate: i === 0 ? null : ratio(visitors, first),
    }
  })
}

const PHASE_WORDS: Record<string, string> = { ...STATUS_WORDS, '': '未知' }
const CAMPAIGN_KINDS: Record<string, string> = {
  lottery: '抽奖',
  guess: '竞猜',
  coupon: '领券',
  form: '表单登记',
  'gift-claim': '领取赠险',
}
const yuan = (fen: number | null) => (fen === null ? '未填' : formatFen(fen))
const percent = (share: number) => formatRate(share)

/** The export's rows: one section per table of the dashboard, a blank row between sections. */
export function dashboardCsvRows(
  overview: DashboardOverview,
  blocks: DashboardBlocks,
  funnel: DashboardFunnel,
  campaigns: DashboardCampaigns,
  blockName: (type: string) => string | undefined = () => undefined,
): string[][] {
  const rows: string[][] = []
  const typeName = (type: string | null) => (type ? (blockName(type) ?? type) : '')
  const section = (title: string, header: string[], body: string[][]) => {
    rows.push([], [title], header, ...body)
  }
  rows.push(
    ['页面数据导出'],
    ['页面', `${overview.title}（${overview.pageId}）`],
    ['时间范围（北京时间）', `${overview.from} 至 ${overview.to}`],
  )
  section(
    '概览',
    ['指标', '数值'],
    [
      ['浏览量', String(overview.totals.views)],
      ['独立访客', String(overview.totals.visitors)],
      ['组件点击', String(overview.totals.clicks)],
      ['已支付订单', String(funnel.paidOrders)],
      ['保费合计（元）', formatFen(funnel.premiumFen)],
      ['浏览到承保转化率', formatRate(funnel.overallRate)],
    ],
  )
  section(
    overview.granularity === 'hour' ? '趋势（按小时）' : '趋势（按天）',
    ['时间', '浏览量', '独立访客'],
    overview.series.map((p) => [p.at, String(p.views), String(p.visitors)]),
  )
  const breakdown = (rows: DashboardBreakdown[], name: (key: string) => string) =>
    rows.map((r) => [name(r.key), String(r.views), percent(r.share)])
  section(
    '按阶段',
    ['阶段', '浏览量', '占比'],
    breakdown(overview.byPhase, (k) => PHASE_WORDS[k] ?? k),
  )
  section(
    '按版本',
    ['版本', '浏览量', '占比'],
    breakdown(overview.byVersion, (k) => `第 ${k} 版`),
  )
  section('按来源', ['来源', '浏览量', '占比'], breakdown(overview.bySource, sourceName))
  if (overview.byVariant.length)
    section(
      '按实验版本',
      ['实验', '版本', '浏览量', '独立访客', '占比'],
      overview.byVariant.map((v) => [
        v.experimentName,
        `${v.variant} ${v.label}`,
        String(v.views),
        String(v.visitors),
        percent(v.share),
      ]),
    )
  section(
    '组件',
    ['组件', '类型', '位置', '实验版本', '曝光', '点击', '点击率'],
    blocks.items.flatMap((b) => [
      [
        b.blockId,
        typeName(b.blockType),
        b.index === null ? '' : String(b.index + 1),
        '全部',
        String(b.impressions),
        String(b.clicks),
        formatRate(b.ctr),
      ],
      ...b.byVariant.map((v) => [
        b.blockId,
        typeName(b.blockType),
        b.index === null ? '' : String(b.index + 1),
        v.variant,
        String(v.impressions),
        String(v.clicks),
        formatRate(v.ctr),
      ]),
    ]),
  )
  section(
    '购买漏斗',
    ['步骤', '访客', '步骤转化率', '总转化率'],
    funnel.steps.map((s) => [
      STAGE_WORDS[s.stage as FunnelStageKey],
      String(s.visitors),
      formatRate(s.stepRate),
      formatRate(s.overallRate),
    ]),
  )
  if (campaigns.items.length) {
    section(
      '活动',
      ['活动', '类型', '参与次数', '参与人数', '中奖次数', '中奖人数', '带来新用户', '奖品成本（元）'],
      campaigns.items.map((c) => [
        `${c.title}（${c.campaignId}）`,
        CAMPAIGN_KINDS[c.kind] ?? c.kind,
        String(c.participations),
        String(c.participants),
        String(c.wins),
        String(c.winners),
        String(c.newUsers),
        c.costComplete ? formatFen(c.costFen) : `${formatFen(c.costFen)}（部分奖品未填成本）`,
      ]),
    )
    section(
      '奖品',
      ['活动', '奖品', '总库存', '已发出', '剩余', '单件成本（元）', '成本合计（元）'],
      campaigns.items.flatMap((c) =>
        c.prizes.map((p) => [
          c.campaignId,
          p.name,
          p.stock === null ? '不限' : String(p.stock),
          String(p.awarded),
          p.left === null ? '不限' : String(p.left),
          yuan(p.unitCostFen),
          yuan(p.costFen),
        ]),
      ),
    )
  }
  return rows
}
