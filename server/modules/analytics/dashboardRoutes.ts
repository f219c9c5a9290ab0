import type { FastifyPluginAsync } from 'fastify'
import { folderPageTrackId } from '../../../src/page-config/trackId'
import { blockNameOf } from '../../../src/page-config/fieldLabels'
import { readSchemaFiles } from '../../../src/page-config/schemaSet'
import { REPO_ROOT } from '../../platform/repoRoot'
import { route } from '../../platform/route'
import { AnalyticsDashboard, readRange } from './dashboard'

/** A file name of the export: the page's title without what a file system refuses. */
const safeName = (name: string) => name.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_').slice(0, 120)

/**
 * The studio's analytics dashboards (编辑 and up; read-only GETs, so no CSRF beyond the guard's): the pages list,
 * a page's overview, blocks, funnel and campaigns for a range of Beijing days, and all of it as CSV. The export
 * holds counts only (no personal data), so it is not written in the audit log.
 */
export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  const { db, now, pages } = app.services
  // Folder config pages are counted under their route (src/page-config/trackId.ts): their titles from the files.
  const folderTitles = new Map<string, string>()
  for (const folder of pages.folders.list) {
    const id = folderPageTrackId(folder.route)
    if (id) folderTitles.set(id, folder.title)
  }
  // Block types' Chinese names (标题, 按钮) from their schemas' descriptions, as the studio names them.
  const blockNames = new Map(
    readSchemaFiles(REPO_ROOT)
      .filter((file) => file.path.startsWith('src/blocks/'))
      .map((file) => {
        const type = file.path.split('/')[2]
        return [type, blockNameOf(file.schema.description, type)] as const
      }),
  )
  const dashboard = new AnalyticsDashboard(db, now, {
    folderTitle: (id) => folderTitles.get(id),
    blockName: (type) => blockNames.get(type),
  })
  const tags = ['studio']
  const base = '/api/studio/analytics/pages'

  route(app, {
    method: 'GET',
    url: base,
    schema: {
      summary: '数据分析：已发布的页面与范围内有浏览的页面（浏览量、独立访客）',
      tags,
      staff: 'editor',
      querystring: 'analyticsDashboard/DashboardRangeQuery',
      response: 'analyticsDashboard/DashboardPageList',
    },
    handler: async (request) => dashboard.pages(readRange(request.query)),
  })

  route(app, {
    method: 'GET',
    url: `${base}/:pageId/overview`,
    schema: {
      summary: '页面概览：浏览量、独立访客、按小时或按天的趋势，按阶段、版本、来源与实验版本的分布',
      tags,
      staff: 'editor',
      params: 'analyticsDashboard/DashboardPageParams',
      querystring: 'analyticsDashboard/DashboardSeriesQuery',
      response: 'analyticsDashboard/DashboardOverview',
    },
    handler: async (request) =>
      dashboard.overview(request.params.pageId, readRange(request.query), request.query.granularity ?? 'day'),
  })

  route(app, {
    method: 'GET',
    url: `${base}/:pageId/blocks`,
    schema: {
      summary: '组件数据：每个组件的曝光、点击与点击率（也按实验版本）',
      tags,
      staff: 'editor',
      params: 'analyticsDashboard/DashboardPageParams',
      querystring: 'analyticsDashboard/DashboardRangeQuery',
      response: 'analyticsDashboard/DashboardBlocks',
    },
    handler: async (request) => dashboard.blocks(request.params.pageId, readRange(request.query)),
  })

  route(app, {
    method: 'GET',
    url: `${base}/:pageId/funnel`,
    schema: {
      summary: '购买漏斗：浏览 → 点击 → 产品页 → 投保须知 → 填写信息 → 支付 → 承保，各步访客与转化率',
      tags,
      staff: 'editor',
      params: 'analyticsDashboard/DashboardPageParams',
      querystring: 'analyticsDashboard/DashboardRangeQuery',
      response: 'analyticsDashboard/DashboardFunnel',
    },
    handler: async (request) => dashboard.funnel(request.params.pageId, readRange(request.query)),
  })

  route(app, {
    method: 'GET',
    url: `${base}/:pageId/campaigns`,
    schema: {
      summary: '页面的活动：参与与中奖次数和人数、带来的新用户、奖品库存与成本',
      tags,
      staff: 'editor',
      params: 'analyticsDashboard/DashboardPageParams',
      querystring: 'analyticsDashboard/DashboardRangeQuery',
      response: 'analyticsDashboard/DashboardCampaigns',
    },
    handler: async (request) => dashboard.campaigns(request.params.pageId, readRange(request.query)),
  })

  route(app, {
    method: 'GET',
    url: `${base}/:pageId/export.csv`,
    schema: {
      summary: '导出页面数据 CSV（UTF-8 带 BOM；只有统计数字，不含个人信息）',
      tags,
      staff: 'editor',
      params: 'analyticsDashboard/DashboardPageParams',
      querystring: 'analyticsDashboard/DashboardSeriesQuery',
    },
    handler: async (request, reply) => {
      const { pageId } = request.params
      const range = readRange(request.query)
      const file = await dashboard.csv(pageId, range, request.query.granularity ?? 'day')
      const ascii = `analytics-${pageId}-${range.from}-${range.to}.csv`
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safeName(file.filename))}`,
        )
        .header('cache-control', 'no-store')
        .send(file.body)
    },
  })
}
