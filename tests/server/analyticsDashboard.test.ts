import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  DashboardBlocks,
  DashboardCampaigns,
  DashboardFunnel,
  DashboardOverview,
  DashboardPageList,
} from '../../src/types/generated/api/analyticsDashboard'
import type { Campaign } from '../../src/types/generated/page'
import { registerCampaign } from '../../server/modules/campaigns/registry'
import { runAnalyticsJob } from '../../server/modules/analytics/rollup'
import type { AnalyticsEventsTable } from '../../server/modules/analytics/tables'
import { createTestApp, type TestApp } from './helpers'
import { as, publishPage, staffLogin, validPage } from './studioHelpers'
import type { Insertable } from 'kysely'

// The studio's dashboards (docs/analytics.md#dashboards) on numbers a person would check by hand: raw events of
// four visitors over two days go through the analytics job, and the dashboards read its aggregates. A visitor
// who came on both days is one unique visitor; CTR is clicks over impressions; the funnel's rates are per step
// and overall; the CSV holds the same numbers; a range is checked; 编辑 and up may read, others may not.

const NOW = new Date('2026-11-22T04:00:00.000Z')
const PAGE = 'dash-test'
const D1 = '2026-11-20'
const D2 = '2026-11-21'
const RANGE = `from=${D1}&to=${D2}`
let t: TestApp
let editor: string
let seq = 0

type Event = Partial<Insertable<AnalyticsEventsTable>> & {
  kind: AnalyticsEventsTable['kind']
  visitor: string
  /** Beijing time, "2026-11-20 10:00". */
  at: string
}

const at = (beijing: string) => new Date(`${beijing.replace(' ', 'T')}:00+08:00`)

async function insertEvents(events: Event[]) {
  const days = new Set(events.map((e) => e.at.slice(0, 10)))
  await t.app.services.analyticsPartitions.ensure(days)
  await t.db.db
    .insertInto('analytics_events')
    .values(
      events.map(({ at: when, ...e }) => ({
        day: when.slice(0, 10),
        event_id: `ev-${++seq}`,
        occurred_at: at(when),
        received_at: new Date(at(when).getTime() + 1000),
        session: `s-${e.visitor}`,
        page_id: PAGE,
        page_version: 1,
        phase: 'live',
        source: 'direct',
        ip_prefix: '10.0.0.0/24',
        ...e,
      })),
    )
    .execute()
}

const rollUp = () =>
  runAnalyticsJob({
    database: { db: t.db.db, kind: t.db.kind },
    partitions: t.app.services.analyticsPartitions,
    now: NOW,
  })

const get = async <T>(url: string, cookie = editor) => {
  const res = await as(t.app, cookie, 'GET', url)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<T>()
}

const lottery: Campaign & { prizes: (NonNullable<Campaign['prizes']>[number] & { costFen?: number })[] } = {
  kind: 'lottery',
  title: '看板抽奖',
  window: { startAt: '2026-11-01T00:00:00+08:00', endAt: '2027-01-31T00:00:00+08:00' },
  limits: { perUserTotal: 3 },
  prizes: [
    {
      id: 'cup',
      name: '保温杯',
      weight: 10,
      stock: 10,
      costFen: 2500,
      reward: { kind: 'physical', description: '保温杯' },
    },
    { id: 'pts', name: '5积分', weight: 50, stock: 100, reward: { kind: 'points', amount: 5 } },
    { id: 'thanks', name: '谢谢参与', weight: 40, reward: { kind: 'nothing' } },
  ],
}

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW, orderSweepMs: 0 })
  editor = await staffLogin(t.app, 'editor')
  const publisher = await staffLogin(t.app, 'publisher')
  await publishPage(
    t.app,
    publisher,
    PAGE,
    validPage('看板测试页', {
      blocks: [
        { type: 'title', id: 'hero', text: '看板测试页' },
        { type: 'markdown', source: '## 活动规则\n1. 每人每天一次' },
      ],
    }),
  )
  const staff = await t.db.db
    .selectFrom('staff_users')
    .select('id')
    .where('username', '=', 'publisher')
    .executeTakeFirstOrThrow()
  await t.db.db
    .insertInto('page_experiments')
    .values({
      id: 'exp-hero',
      page_id: PAGE,
      name: '首屏标题实验',
      status: 'running',
      variants: JSON.stringify([
        { key: 'A', version: 1, weight: 50, label: '原版' },
        { key: 'B', version: 1, weight: 50, label: '新标题' },
      ]),
      goal: JSON.stringify({ kind: 'click', blockId: 'hero' }),
      baseline_rate: 0.1,
      min_effect: 0.05,
      sample_per_variant: 1000,
      started_at: at('2026-11-19 00:00'),
      created_by: staff.id,
      created_at: at('2026-11-19 00:00'),
    })
    .execute()

  const A = { experiment_id: 'exp-hero', variant: 'A' }
  const B = { experiment_id: 'exp-hero', variant: 'B' }
  const touch = { ...A, block_id: 'hero' }
  await insertEvents([
    // v1 comes on both days: two views, one unique visitor.
    { kind: 'page_view', visitor: 'v1', at: `${D1} 10:00`, source: 'share', ...A },
    { kind: 'page_view', visitor: 'v1', at: `${D2} 09:00`, source: 'direct', ...A },
    // v2 sees the hero, taps it and buys.
    { kind: 'page_view', visitor: 'v2', at: `${D1} 10:30`, source: 'share', ...A },
    { kind: 'block_impression', visitor: 'v2', at: `${D1} 10:30`, block_id: 'hero', ...A },
    { kind: 'block_click', visitor: 'v2', at: `${D1} 10:31`, block_id: 'hero', ...A },
    { kind: 'funnel', visitor: 'v2', at: `${D1} 10:32`, step: 'product', product_id: 'p-1', ...touch },
    { kind: 'funnel', visitor: 'v2', at: `${D1} 10:33`, step: 'notice', product_id: 'p-1', ...touch },
    { kind: 'funnel', visitor: 'v2', at: `${D1} 10:35`, step: 'info', product_id: 'p-1', ...touch },
    { kind: 'funnel', visitor: 'v2', at: `${D1} 10:40`, step: 'pay', product_id: 'p-1', ...touch },
    {
      kind: 'order_paid',
      visitor: 'v2',
      at: `${D1} 10:41`,
      session: null,
      product_id: 'p-1',
      amount_fen: 30_000,
      ...touch,
    },
    // v3 sees both blocks and taps nothing; v4 sees the hero and taps it.
    { kind: 'page_view', visitor: 'v3', at: `${D2} 11:00`, source: 'push', ...B },
    { kind: 'block_impression', visitor: 'v3', at: `${D2} 11:00`, block_id: 'hero', ...B },
    { kind: 'block_impression', visitor: 'v3', at: `${D2} 11:01`, block_id: 'markdown-1', ...B },
    { kind: 'page_view', visitor: 'v4', at: `${D2} 20:00`, source: 'inviter', ...B },
    { kind: 'block_impression', visitor: 'v4', at: `${D2} 20:00`, block_id: 'hero', ...B },
    { kind: 'block_click', visitor: 'v4', at: `${D2} 20:01`, block_id: 'hero', ...B },
    // Another page's view is not this page's.
    { kind: 'page_view', visitor: 'v9', at: `${D2} 20:00`, page_id: 'other-page' },
  ])
  await rollUp()
}, 120_000)
afterAll(async () => t?.close())

describe('page overview', () => {
  it('counts views, and unique visitors once across days', async () => {
    const o = await get<DashboardOverview>(`/api/studio/analytics/pages/${PAGE}/overview?${RANGE}`)
    expect(o.title).toBe('看板测试页')
    expect(o.totals).toEqual({ views: 5, visitors: 4, clicks: 2, paidOrders: 1 })
    // Each day's visitors are that day's: 2 + 3 = 5 visitor-days, yet 4 people.
    expect(o.series).toEqual([
      { at: D1, views: 2, visitors: 2 },
      { at: D2, views: 3, visitors: 3 },
    ])
    expect(o.bySource.map((s) => [s.key, s.views])).toEqual([
      ['share', 2],
      ['direct', 1],
      ['inviter', 1],
      ['push', 1],
    ])
    expect(o.bySource[0].share).toBeCloseTo(0.4)
    expect(o.byPhase).toEqual([{ key: 'live', views: 5, share: 1 }])
    expect(o.byVersion).toEqual([{ key: '1', views: 5, share: 1 }])
    expect(o.byVariant).toEqual([
      {
        experimentId: 'exp-hero',
        experimentName: '首屏标题实验',
        variant: 'A',
        label: '原版',
        views: 3,
        visitors: 2,
        share: 0.6,
      },
      {
        experimentId: 'exp-hero',
        experimentName: '首屏标题实验',
        variant: 'B',
        label: '新标题',
        views: 2,
        visitors: 2,
        share: 0.4,
      },
    ])
  })

  it('has every hour of the range in the hourly series', async () => {
    const o = await get<DashboardOverview>(
      `/api/studio/analytics/pages/${PAGE}/overview?from=${D1}&to=${D1}&granularity=hour`,
    )
    expect(o.series).toHaveLength(24)
    expect(o.series[0]).toEqual({ at: `${D1} 00:00`, views: 0, visitors: 0 })
    expect(o.series[10]).toEqual({ at: `${D1} 10:00`, views: 2, visitors: 2 })
    expect(o.series.reduce((sum, p) => sum + p.views, 0)).toBe(2)
  })

  it('lists published pages with their views and visitors, most viewed first', async () => {
    const list = await get<DashboardPageList>(`/api/studio/analytics/pages?${RANGE}`)
    const rows = list.items.filter((p) => p.pageId === PAGE || p.pageId === 'other-page')
    expect(rows).toEqual([
      { pageId: PAGE, title: '看板测试页', live: true, views: 5, visitors: 4 },
      { pageId: 'other-page', title: 'other-page', live: false, views: 1, visitors: 1 },
    ])
  })

  it('names a folder config page by its title', async () => {
    await t.db.db
      .insertInto('analytics_hourly')
      .values({
        hour: at(`${D1} 08:00`),
        day: D1,
        page_id: 'springFestival',
        page_version: 0,
        phase: 'live',
        experiment_id: '',
        variant: '',
        kind: 'page_view',
        block_id: '',
        source: 'direct',
        step: '',
        campaign_id: '',
        events: 2,
        visitors: 1,
        wins: 0,
        amount_fen: 0,
      })
      .execute()
    const list = await get<DashboardPageList>(`/api/studio/analytics/pages?${RANGE}`)
    expect(list.items.find((p) => p.pageId === 'springFestival')).toEqual({
      pageId: 'springFestival',
      title: '春节保障节',
      live: false,
      views: 2,
      visitors: 0,
    })
    await t.db.db.deleteFrom('analytics_hourly').where('page_id', '=', 'springFestival').execute()
  })

  it('reads daily aggregates kept after the raw events are gone', async () => {
    const day = '2026-05-01'
    const hour = at(`${day} 09:00`)
    const row = {
      day,
      page_id: 'old-page',
      page_version: 2,
      phase: 'ended',
      experiment_id: '',
      variant: '',
      block_id: '',
      source: 'sms',
      step: '',
      campaign_id: '',
      wins: 0,
      amount_fen: 0,
    }
    await t.db.db
      .insertInto('analytics_hourly')
      .values([
        { ...row, hour, kind: 'page_view', events: 120, visitors: 100 },
        { ...row, hour, kind: 'block_impression', block_id: 'banner-0', events: 80, visitors: 80 },
        { ...row, hour, kind: 'block_click', block_id: 'banner-0', events: 20, visitors: 15 },
      ])
      .execute()
    await t.db.db
      .insertInto('analytics_visitors')
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          page_id: 'old-page',
          day,
          stage: 'view' as const,
          variant: '',
          visitor: `old-${i}`,
        })),
      )
      .execute()
    const o = await get<DashboardOverview>(
      `/api/studio/analytics/pages/old-page/overview?from=${day}&to=${day}`,
    )
    expect(o.totals).toMatchObject({ views: 120, visitors: 100 })
    expect(o.byPhase).toEqual([{ key: 'ended', views: 120, share: 1 }])
    const blocks = await get<DashboardBlocks>(
      `/api/studio/analytics/pages/old-page/blocks?from=${day}&to=${day}`,
    )
    expect(blocks.items).toEqual([
      {
        blockId: 'banner-0',
        blockType: 'banner',
        index: null,
        impressions: 80,
        clicks: 20,
        ctr: 0.25,
        byVariant: [],
      },
    ])
  })
})

describe('blocks', () => {
  it('gives impressions, clicks and CTR per block, also per variant, in the live version’s order', async () => {
    const b = await get<DashboardBlocks>(`/api/studio/analytics/pages/${PAGE}/blocks?${RANGE}`)
    expect(b.version).toBe(1)
    expect(b.items).toEqual([
      {
        blockId: 'hero',
        blockType: 'title',
        index: 0,
        impressions: 3,
        clicks: 2,
        ctr: 2 / 3,
        byVariant: [
          { variant: 'A', impressions: 1, clicks: 1, ctr: 1 },
          { variant: 'B', impressions: 2, clicks: 1, ctr: 0.5 },
        ],
      },
      {
        blockId: 'markdown-1',
        blockType: 'markdown',
        index: 1,
        impressions: 1,
        clicks: 0,
        ctr: 0,
        byVariant: [{ variant: 'B', impressions: 1, clicks: 0, ctr: 0 }],
      },
    ])
  })
})

describe('funnel', () => {
  it('counts distinct visitors per stage, with the conversion of each step and overall', async () => {
    const f = await get<DashboardFunnel>(`/api/studio/analytics/pages/${PAGE}/funnel?${RANGE}`)
    expect(f.steps.map((s) => [s.stage, s.visitors, s.stepRate, s.overallRate])).toEqual([
      ['view', 4, null, null],
      ['click', 2, 0.5, 0.5],
      ['product', 1, 0.5, 0.25],
      ['notice', 1, 1, 0.25],
      ['info', 1, 1, 0.25],
      ['pay', 1, 1, 0.25],
      ['paid', 1, 1, 0.25],
    ])
    expect(f.overallRate).toBe(0.25)
    expect(f.paidOrders).toBe(1)
    expect(f.premiumFen).toBe(30_000)
    expect(f.byVariant.map((v) => [v.variant, v.steps.map((s) => s.visitors)])).toEqual([
      ['A', [2, 1, 1, 1, 1, 1, 1]],
      ['B', [2, 1, 0, 0, 0, 0, 0]],
    ])
  })

  it('rolls the same events up again without counting them twice', async () => {
    await t.db.db
      .updateTable('analytics_events')
      .set({ received_at: at('2026-11-22 11:00') })
      .execute()
    await rollUp()
    const f = await get<DashboardFunnel>(`/api/studio/analytics/pages/${PAGE}/funnel?${RANGE}`)
    expect(f.steps.map((s) => s.visitors)).toEqual([4, 2, 1, 1, 1, 1, 1])
    const o = await get<DashboardOverview>(`/api/studio/analytics/pages/${PAGE}/overview?${RANGE}`)
    expect(o.totals.views).toBe(5)
  })
})

describe('campaigns of the page', () => {
  it('gives draws, winners, new users, stock left and the cost of prizes given', async () => {
    await registerCampaign(
      t.db.db,
      { id: 'dash-draw', file: `studio:${PAGE}`, campaign: lottery, page: { id: PAGE, version: 1 } },
      NOW,
    )
    // Three users: u-new signed up ten minutes before drawing, u-old a year earlier, u-late after the range.
    const users = [
      ['u-new', '13900000001', at(`${D1} 09:50`)],
      ['u-old', '13900000002', at('2025-11-01 09:00')],
      ['u-late', '13900000003', at('2026-11-22 08:00')],
    ] as const
    for (const [id, phone, created] of users)
      await sql`INSERT INTO users (id, phone, nickname, created_at, updated_at)
                VALUES (${id}, ${phone}, ${id}, ${created}, ${created})`.execute(t.db.db)
    const draws = [
      ['d1', 'u-new', 1, 'cup', `${D1} 10:00`],
      ['d2', 'u-new', 2, 'thanks', `${D1} 10:01`],
      ['d3', 'u-old', 1, 'pts', `${D2} 12:00`],
      ['d4', 'u-old', 2, 'cup', `${D2} 12:01`],
      ['d5', 'u-late', 1, 'cup', '2026-11-22 08:05'],
    ] as const
    for (const [id, user, n, prize, when] of draws)
      await sql`INSERT INTO campaign_draws (id, campaign_id, user_id, seq, prize_id, available, created_at)
                VALUES (${id}, 'dash-draw', ${user}, ${n}, ${prize}, '[]'::jsonb, ${at(when)})`.execute(
        t.db.db,
      )
    await sql`UPDATE campaign_prizes SET awarded = CASE prize_id WHEN 'cup' THEN 3 WHEN 'pts' THEN 1 ELSE 1 END
               WHERE campaign_id = 'dash-draw'`.execute(t.db.db)

    const c = await get<DashboardCampaigns>(`/api/studio/analytics/pages/${PAGE}/campaigns?${RANGE}`)
    expect(c.items).toHaveLength(1)
    const [row] = c.items
    expect(row).toMatchObject({
      campaignId: 'dash-draw',
      title: '看板抽奖',
      kind: 'lottery',
      participations: 4,
      participants: 2,
      // 谢谢参与 is no win.
      wins: 3,
      winners: 2,
      newUsers: 1,
      // 3 cups at 25 yuan; the points prize has no cost written.
      costFen: 7500,
      costComplete: false,
    })
    expect(row.prizes).toEqual([
      {
        prizeId: 'cup',
        name: '保温杯',
        rewardKind: 'physical',
        stock: 10,
        awarded: 3,
        left: 7,
        unitCostFen: 2500,
        costFen: 7500,
      },
      {
        prizeId: 'pts',
        name: '5积分',
        rewardKind: 'points',
        stock: 100,
        awarded: 1,
        left: 99,
        unitCostFen: null,
        costFen: null,
      },
      {
        prizeId: 'thanks',
        name: '谢谢参与',
        rewardKind: 'nothing',
        stock: null,
        awarded: 1,
        left: null,
        unitCostFen: 0,
        costFen: 0,
      },
    ])
  })
})

/** The cells of a CSV file (quoted cells, "" for a quote, CRLF rows). */
function parseCsv(text: string): string[][] {
  return text
    .replace(/\r\n$/, '')
    .split('\r\n')
    .map((line) => (line ? [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1].replace(/""/g, '"')) : []))
}

describe('CSV export', () => {
  it('holds the dashboard’s numbers, as UTF-8 with a BOM and a Chinese file name', async () => {
    const res = await as(t.app, editor, 'GET', `/api/studio/analytics/pages/${PAGE}/export.csv?${RANGE}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-store')
    const disposition = String(res.headers['content-disposition'])
    expect(disposition).toContain(`filename="analytics-${PAGE}-${D1}-${D2}.csv"`)
    const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? ''
    expect(decodeURIComponent(encoded)).toBe(`页面数据-看板测试页-${D1}至${D2}.csv`)
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const rows = parseCsv(res.body.replace(/^\uFEFF/, ''))
    const after = (title: string) => rows.slice(rows.findIndex((r) => r[0] === title) + 1)
    expect(rows[1]).toEqual(['页面', `看板测试页（${PAGE}）`])
    expect(after('概览').slice(0, 7)).toEqual([
      ['指标', '数值'],
      ['浏览量', '5'],
      ['独立访客', '4'],
      ['组件点击', '2'],
      ['已支付订单', '1'],
      ['保费合计（元）', '300'],
      ['浏览到承保转化率', '25.0%'],
    ])
    expect(after('趋势（按天）').slice(0, 3)).toEqual([
      ['时间', '浏览量', '独立访客'],
      [D1, '2', '2'],
      [D2, '3', '3'],
    ])
    expect(after('按来源')[1]).toEqual(['分享', '2', '40.0%'])
    expect(after('组件').slice(0, 2)).toEqual([
      ['组件', '类型', '位置', '实验版本', '曝光', '点击', '点击率'],
      ['hero', '标题', '1', '全部', '3', '2', '66.7%'],
    ])
    expect(after('购买漏斗').slice(0, 3)).toEqual([
      ['步骤', '访客', '步骤转化率', '总转化率'],
      ['浏览页面', '4', '—', '—'],
      ['点击组件', '2', '50.0%', '50.0%'],
    ])
    expect(after('活动')[1]).toEqual([
      '看板抽奖（dash-draw）',
      '抽奖',
      '4',
      '2',
      '3',
      '2',
      '1',
      '75（部分奖品未填成本）',
    ])
  })

  it('escapes cells a spreadsheet would run as a formula', async () => {
    await t.db.db
      .updateTable('studio_pages')
      .set({ title: '=HYPERLINK("x")' })
      .where('id', '=', PAGE)
      .execute()
    try {
      const res = await as(t.app, editor, 'GET', `/api/studio/analytics/pages/${PAGE}/export.csv?${RANGE}`)
      expect(res.body).toContain(`"'=HYPERLINK(""x"")（${PAGE}）"`)
      // The file name keeps no quote.
      expect(decodeURIComponent(String(res.headers['content-disposition']).split("''")[1])).not.toContain('"')
    } finally {
      await t.db.db.updateTable('studio_pages').set({ title: '看板测试页' }).where('id', '=', PAGE).execute()
    }
  })
})

describe('ranges and access', () => {
  const overview = (query: string) =>
    as(t.app, editor, 'GET', `/api/studio/analytics/pages/${PAGE}/overview?${query}`)
  const problem = async (query: string) => {
    const res = await overview(query)
    expect(res.statusCode, res.body).toBe(400)
    return res.json<{ error: { message: string; details: { field: string; message: string }[] } }>().error
  }

  it('refuses a range that ends before it starts, or longer than 92 days, naming the field', async () => {
    expect(await problem('from=2026-11-21&to=2026-11-20')).toMatchObject({
      message: '结束日期（to）不能早于开始日期（from）',
      details: [{ field: 'to' }],
    })
    const long = await problem('from=2026-08-01&to=2026-11-01')
    expect(long.details[0].field).toBe('to')
    expect(long.message).toContain('92 天')
    expect((await overview('from=2026-08-02&to=2026-11-01')).statusCode).toBe(200)
    expect(await problem('from=2026-02-30&to=2026-03-01')).toMatchObject({ details: [{ field: 'from' }] })
    expect((await problem('from=20261101&to=2026-11-02')).details[0]).toEqual({
      field: 'from',
      message: '开始日期（from）格式不正确',
    })
    expect((await problem('from=2026-11-01')).details[0]).toEqual({
      field: 'to',
      message: '缺少必填项：结束日期（to）',
    })
    expect((await problem(`${RANGE}&granularity=week`)).details[0].field).toBe('granularity')
  })

  it('answers 404 for a page nobody knows', async () => {
    const res = await as(t.app, editor, 'GET', `/api/studio/analytics/pages/no-such-page/funnel?${RANGE}`)
    expect(res.statusCode).toBe(404)
  })

  it('lets 编辑 and up read, not 合规 or 客服 or nobody', async () => {
    for (const role of ['publisher', 'admin'] as const)
      expect(
        (await as(t.app, await staffLogin(t.app, role), 'GET', `/api/studio/analytics/pages?${RANGE}`))
          .statusCode,
      ).toBe(200)
    for (const role of ['compliance', 'agent'] as const)
      expect(
        (await as(t.app, await staffLogin(t.app, role), 'GET', `/api/studio/analytics/pages?${RANGE}`))
          .statusCode,
      ).toBe(403)
    expect((await as(t.app, null, 'GET', `/api/studio/analytics/pages?${RANGE}`)).statusCode).toBe(401)
  })
})
