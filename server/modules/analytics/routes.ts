import type { FastifyPluginAsync } from 'fastify'
import { ApiError } from '../../platform/errors'
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../platform/jsonDepth'
import { route } from '../../platform/route'
import { MAX_BATCH_BYTES } from './ingest'
import { ensureVisitor, ipPrefix, optedOut } from './visitor'

const strictUtf8 = new TextDecoder('utf-8', { fatal: true })
const bodyProblem = (message: string) => [{ field: '请求体', message }]

/** The ingest of the browsers' event batches (docs/analytics.md#ingest). */
export const analyticsRoutes: FastifyPluginAsync = async (app) => {
  const { analyticsIngest, secureCookies } = app.services

  // navigator.sendBeacon sends a string as text/plain: here (and only in this plugin) such a body is read as JSON,
  // with the API's rules (UTF-8, nesting). A foreign page's form could post text/plain, but the Origin check
  // (platform/security.ts) refuses every cross-site write before it is read.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    const charset = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(request.headers['content-type'] ?? '')?.[1]
    if (charset && !/^utf-?8$/i.test(charset)) {
      done(new ApiError(415, 'UNSUPPORTED_CHARSET', '请求内容的字符集不受支持，请使用 UTF-8'), undefined)
      return
    }
    let text: string
    try {
      text = strictUtf8.decode(body)
    } catch {
      done(
        new ApiError(
          400,
          'INVALID_ENCODING',
          '请求内容不是合法的 UTF-8 编码',
          bodyProblem('不是合法的 UTF-8'),
        ),
        undefined,
      )
      return
    }
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(
        new ApiError(
          400,
          'JSON_TOO_DEEP',
          `数据嵌套过深（最多 ${MAX_JSON_DEPTH} 层）`,
          bodyProblem('嵌套过深'),
        ),
        undefined,
      )
      return
    }
    parseJson(request, text, done)
  })

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
