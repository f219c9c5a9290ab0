import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type {
  DashboardBlocks,
  DashboardCampaigns,
  DashboardFunnel,
  DashboardOverview,
  DashboardPageList,
} from '../../../../src/types/generated/api/analyticsDashboard'
import { drawHeat, HEAT_LAYER_ID } from '../../../../src/studio/analytics/heatOverlay'
import { lastDays } from '../../../../src/studio/analytics/range'
import { detail } from '../fixtures'
import { COMPLIANCE, EDITOR, renderStudio, stubStudioApi, studioError } from '../studioHarness'

// 数据分析 in the studio against a stubbed API: the pages list, a page's dashboard with its numbers, the range and
// step in the requests, 导出 CSV, the Chinese empty and error states, and the heat overlay drawn on a page's blocks.

const FROM = '2026-11-20'
const TO = '2026-11-21'
const RANGE = `?from=${FROM}&to=${TO}`

const pages: DashboardPageList = {
  from: FROM,
  to: TO,
  items: [
    { pageId: 'spring-sale', title: '春季保障节', live: true, views: 12345, visitors: 6789 },
    { pageId: 'old-page', title: 'old-page', live: false, views: 3, visitors: 2 },
  ],
}

const overview = (views = 5): DashboardOverview => ({
  pageId: 'spring-sale',
  title: '春季保障节',
  from: FROM,
  to: TO,
  granularity: 'day',
  totals: { views, visitors: views ? 4 : 0, clicks: views ? 2 : 0, paidOrders: views ? 1 : 0 },
  series: [
    { at: FROM, views: views ? 2 : 0, visitors: views ? 2 : 0 },
    { at: TO, views: views ? 3 : 0, visitors: views ? 3 : 0 },
  ],
  byPhase: views ? [{ key: 'live', views, share: 1 }] : [],
  byVersion: views ? [{ key: '3', views, share: 1 }] : [],
  bySource: views
    ? [
        { key: 'share', views: 2, share: 0.4 },
        { key: 'inviter', views: 3, share: 0.6 },
      ]
    : [],
  byVariant: views
    ? [
        {
          experimentId: 'exp-1',
          experimentName: '首屏实验',
          variant: 'B',
          label: '新标题',
          views: 2,
          visitors: 2,
          share: 0.4,
        },
      ]
    : [],
})

const blocks: DashboardBlocks = {
  pageId: 'spring-sale',
  from: FROM,
  to: TO,
  version: 3,
  items: [
    {
      blockId: 'top',
      blockType: 'hero',
      index: 0,
      impressions: 3,
      clicks: 2,
      ctr: 2 / 3,
      byVariant: [],
    },
    {
      blockId: 'markdown-1',
      blockType: 'markdown',
      index: 1,
      impressions: 0,
      clicks: 0,
      ctr: null,
      byVariant: [],
    },
  ],
}

const stage = (stage: string, visitors: number, stepRate: number | null, overallRate: number | null) => ({
  stage: stage as DashboardFunnel['steps'][number]['stage'],
  visitors,
  stepRate,
  overallRate,
})
const funnel: DashboardFunnel = {
  pageId: 'spring-sale',
  from: FROM,
  to: TO,
  steps: [
    stage('view', 4, null, null),
    stage('click', 2, 0.5, 0.5),
    stage('product', 1, 0.5, 0.25),
    stage('notice', 1, 1, 0.25),
    stage('info', 1, 1, 0.25),
    stage('pay', 1, 1, 0.25),
    stage('paid', 1, 1, 0.25),
  ],
  overallRate: 0.25,
  paidOrders: 1,
  premiumFen: 30_000,
  byVariant: [],
}

const campaigns: DashboardCampaigns = {
  pageId: 'spring-sale',
  from: FROM,
  to: TO,
  items: [
    {
      campaignId: 'spring-draw',
      title: '春季抽奖',
      kind: 'lottery',
      startsAt: '2026-11-01T00:00:00.000+08:00',
      endsAt: '2026-12-31T00:00:00.000+08:00',
      participations: 40,
      participants: 25,
      wins: 12,
      winners: 10,
      newUsers: 7,
      costFen: 7500,
      costComplete: false,
      prizes: [
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
          awarded: 9,
          left: 91,
          unitCostFen: null,
          costFen: null,
        },
      ],
    },
  ],
}

const dashboardApi = (over: Record<string, unknown> = {}) =>
  stubStudioApi({
    'GET /api/studio/analytics/pages': pages,
    'GET /api/studio/analytics/pages/:id/overview': overview(),
    'GET /api/studio/analytics/pages/:id/blocks': blocks,
    'GET /api/studio/analytics/pages/:id/funnel': funnel,
    'GET /api/studio/analytics/pages/:id/campaigns': campaigns,
    'GET /api/studio/pages/:id': detail({
      status: 'live',
      liveVersion: 3,
      live: { version: 3, kind: 'publish', publishAt: '2026-11-01T00:00:00.000+08:00', by: '发布负责人' },
    }),
    'GET /api/studio/pages/:id/versions/:version': { version: 3, config: detail().config },
    'POST /api/studio/preview/markdown': { markdown: {} },
    ...over,
  })

describe('数据分析', () => {
  it('lists pages with views and visitors and opens a page’s dashboard with the same range', async () => {
    const api = dashboardApi()
    const { router } = renderStudio(`/analytics${RANGE}`, EDITOR)
    const table = await screen.findByRole('table')
    expect(await within(table).findByText('12,345')).toBeInTheDocument()
    expect(within(table).getByText('6,789')).toBeInTheDocument()
    expect(within(table).getByText('已发布')).toBeInTheDocument()
    expect(api.callsTo('GET', '/api/studio/analytics/pages')[0].query.toString()).toBe(
      `from=${FROM}&to=${TO}`,
    )
    expect(within(screen.getByRole('menu', { name: '主菜单' })).getByText('数据分析')).toBeInTheDocument()
    fireEvent.click(within(table).getByRole('link', { name: '春季保障节' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/analytics/spring-sale'))
    expect(router.state.location.search).toBe(RANGE)
  })

  it('asks for the last 7 Beijing days when the address names no range', async () => {
    const api = dashboardApi()
    renderStudio('/analytics', EDITOR)
    await screen.findByText('12,345')
    const { from, to } = lastDays(7)
    expect(api.callsTo('GET', '/api/studio/analytics/pages')[0].query.toString()).toBe(
      `from=${from}&to=${to}`,
    )
  })

  it('shows a page’s totals, breakdowns, blocks’ CTR, funnel and campaigns', async () => {
    dashboardApi()
    renderStudio(`/analytics/spring-sale${RANGE}`, EDITOR)
    expect(await screen.findByRole('heading', { name: '春季保障节' })).toBeInTheDocument()
    const card = (title: string) =>
      screen
        .getAllByText(title, { selector: '.ant-statistic-title' })[0]
        .closest('.ant-statistic') as HTMLElement
    await waitFor(() => expect(card('浏览量')).toHaveTextContent('5'))
    expect(card('独立访客')).toHaveTextContent('4')
    await waitFor(() => expect(card('保费合计')).toHaveTextContent('¥300'))
    expect(card('浏览→承保转化率')).toHaveTextContent('25.0%')

    const sources = screen.getByRole('table', { name: '按来源' })
    expect(within(sources).getByText('邀请码')).toBeInTheDocument()
    expect(within(sources).getByText('60.0%')).toBeInTheDocument()
    expect(within(screen.getByRole('table', { name: '按阶段' })).getByText('进行中')).toBeInTheDocument()
    expect(within(screen.getByRole('table', { name: '按版本' })).getByText('第 3 版')).toBeInTheDocument()
    expect(within(screen.getByRole('table', { name: '按实验版本' })).getByText('新标题')).toBeInTheDocument()

    const blockTable = await screen.findByRole('table', { name: '组件数据' })
    const hero = within(blockTable).getByText('top').closest('tr') as HTMLElement
    expect(hero).toHaveTextContent('66.7%')
    const unseen = within(blockTable).getByText('markdown-1').closest('tr') as HTMLElement
    expect(unseen).toHaveTextContent('—')

    const steps = await screen.findByRole('table', { name: '购买漏斗' })
    const click = within(steps).getByText('点击组件').closest('tr') as HTMLElement
    expect(click).toHaveTextContent('50.0%')
    expect(within(steps).getByText('承保（已支付）').closest('tr')).toHaveTextContent('25.0%')
    expect(screen.getByText(/已支付订单 1 笔，保费合计 ¥300/)).toBeInTheDocument()

    const draw = await screen.findByTestId('campaign-spring-draw')
    const stat = (title: string) => within(draw).getByText(title).closest('.ant-statistic') as HTMLElement
    expect(stat('抽奖次数')).toHaveTextContent('40')
    expect(stat('中奖人数')).toHaveTextContent('10')
    expect(stat('带来新用户')).toHaveTextContent('7')
    expect(stat('奖品成本（累计，部分未填）')).toHaveTextContent('¥75')
    const prizes = within(draw).getByRole('table', { name: '奖品库存与成本' })
    expect(within(prizes).getByText('保温杯').closest('tr')).toHaveTextContent('7')
    expect(within(prizes).getByText('未填')).toBeInTheDocument()
    expect(screen.getByTestId('heat-preview')).toBeInTheDocument()
    // The chart's chunk (ECharts) came after the numbers, and drew its SVG.
    const chart = await screen.findByRole(
      'img',
      { name: '浏览量与独立访客趋势（按天）' },
      { timeout: 15_000 },
    )
    await waitFor(() => expect(chart.querySelector('svg')).not.toBeNull(), { timeout: 5000 })
    expect(screen.getByRole('switch', { name: '点击热力' })).toBeChecked()
  })

  it('asks again by the hour, and exports the CSV of the range', async () => {
    const api = dashboardApi({
      'GET /api/studio/analytics/pages/:id/export.csv': { csv: true },
    })
    const createObjectURL = vi.fn(() => 'blob:csv')
    vi.stubGlobal(
      'URL',
      class extends URL {
        static createObjectURL = createObjectURL
        static revokeObjectURL = vi.fn()
      },
    )
    // The saved file's link is clicked, not followed (jsdom does not navigate).
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const { router } = renderStudio(`/analytics/spring-sale${RANGE}`, EDITOR)
    await screen.findByRole('heading', { name: '春季保障节' })
    fireEvent.click(screen.getByText('按小时'))
    await waitFor(() => expect(router.state.location.search).toBe(`${RANGE}&step=hour`))
    await waitFor(() =>
      expect(
        api.callsTo('GET', '/api/studio/analytics/pages/spring-sale/overview').map((c) => c.query.toString()),
      ).toContain(`from=${FROM}&to=${TO}&granularity=hour`),
    )
    fireEvent.click(screen.getByRole('button', { name: '导出 CSV' }))
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/studio/analytics/pages/spring-sale/export.csv')).toHaveLength(1),
    )
    const call = api.callsTo('GET', '/api/studio/analytics/pages/spring-sale/export.csv')[0]
    expect(call.query.toString()).toBe(`from=${FROM}&to=${TO}&granularity=hour`)
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled())
  })

  it('says so in Chinese when there is nothing, or when the server fails', async () => {
    dashboardApi({
      'GET /api/studio/analytics/pages/:id/overview': overview(0),
      'GET /api/studio/analytics/pages/:id/campaigns': { ...campaigns, items: [] },
      'GET /api/studio/analytics/pages/:id/blocks': studioError(
        500,
        'INTERNAL',
        '服务暂时不可用，请稍后重试',
      ),
    })
    renderStudio(`/analytics/spring-sale${RANGE}`, EDITOR)
    expect(await screen.findByText('所选时间内没有浏览')).toBeInTheDocument()
    expect(await screen.findByText('此页面没有活动')).toBeInTheDocument()
    expect(await screen.findByText('服务暂时不可用，请稍后重试')).toBeInTheDocument()
  })

  it('shows a page nobody knows as such', async () => {
    dashboardApi({
      'GET /api/studio/analytics/pages/:id/overview': studioError(404, 'NOT_FOUND', '页面不存在'),
    })
    renderStudio(`/analytics/nothing${RANGE}`, EDITOR)
    expect(await screen.findByText('没有这个页面的数据')).toBeInTheDocument()
  })

  it('is not for 合规', async () => {
    dashboardApi()
    renderStudio('/analytics', COMPLIANCE)
    expect(await screen.findByText('无权限')).toBeInTheDocument()
  })
})

describe('点击热力', () => {
  it('tints each top-level block by its CTR, with the percentage on it, and removes itself', () => {
    document.body.innerHTML = `
      <div id="root">
        <section data-track-id="top">首屏</section>
        <section data-track-id="markdown-1">规则</section>
        <section>嵌套之外</section>
      </div>`
    const rects: Record<string, DOMRect> = {
      top: new DOMRect(0, 0, 390, 300),
      'markdown-1': new DOMRect(0, 300, 390, 200),
    }
    for (const section of document.querySelectorAll<HTMLElement>('[data-track-id]'))
      section.getBoundingClientRect = () => rects[section.dataset.trackId ?? '']
    const remove = drawHeat(
      document,
      new Map([
        ['top', { impressions: 3, clicks: 2, ctr: 2 / 3 }],
        ['markdown-1', { impressions: 0, clicks: 0, ctr: null }],
      ]),
    )
    const layer = document.getElementById(HEAT_LAYER_ID) as HTMLElement
    const boxes = [...layer.querySelectorAll<HTMLElement>('[data-heat-for]')]
    expect(boxes.map((b) => [b.dataset.heatFor, b.textContent])).toEqual([
      ['top', '点击率 66.7% · 曝光 3 · 点击 2'],
      ['markdown-1', '无曝光数据'],
    ])
    expect(boxes[0].style.top).toBe('0px')
    expect(boxes[1].style.top).toBe('300px')
    expect(boxes[1].style.height).toBe('200px')
    // The hottest block of the page is red.
    expect(boxes[0].style.background).toBe('rgba(236, 19, 19, 0.4)')
    expect(layer.style.pointerEvents).toBe('none')
    remove()
    expect(document.getElementById(HEAT_LAYER_ID)).toBeNull()
    document.body.innerHTML = ''
  })
})
