import type { FastifyPluginAsync } from 'fastify'
import { strictJsonParser } from '../../platform/inputEncoding'
import { route } from '../../platform/route'
import { MAX_BATCH_BYTES } from './ingest'
import { ensureVisitor, ipPrefix, optedOut } from './visitor'

/** The ingest of the browsers' event batches (docs/analytics.md#ingest). */
export const analyticsRoutes: FastifyPluginAsync = async (app) => {
  const { analyticsIngest, secureCookies } = app.services

  // navigator.sendBeacon sends a string as text/plain: here (and only in this plugin) such a body is read as JSON,
  // with the API's rules (UTF-8, nesting). A foreign page's form could post text/plain, but the Origin check
  // (platform/security.ts) refuses every cross-site write before it is read.
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, strictJsonParser(app))

  route(app, {
    method: 'POST',
    url: '/api/analytics/events',
    bodyLimit: MAX_BATCH_BYTES,
    schema: {
      summary:
        '统计：浏览器批量上报页面浏览、组件曝光与点击、投保漏斗步骤（sendBeacon，JSON 或 text/plain；每批至多 50 条、32 KB；按访客与网段限频；同一事件编号只记一次；已关闭统计的访客不记录）',
      tags: ['analytics'],
      querystring: 'common/EmptyQuery',
      body: 'analytics/AnalyticsBatch',
    },
    handler: async (request, reply) => {
      // Opted out (the switch, DNT, GPC): nothing is kept and no id is given.
      if (optedOut(request)) return reply.code(204).send()
      const visitor = ensureVisitor(request, reply, secureCookies)
      if (visitor) await analyticsIngest.accept(request.body, visitor, ipPrefix(request.ip))
      return reply.code(204).send()
    },
  })
}
