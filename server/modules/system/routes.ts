import type { FastifyPluginAsync } from 'fastify'
import { route } from '../../platform/route'
import { toIso } from '../../platform/time'

export const systemRoutes: FastifyPluginAsync = async (app) => {
  route(app, {
    method: 'GET',
    url: '/api/health',
    schema: {
      summary: '健康检查（数据库类型与运行模式）',
      tags: ['system'],
      querystring: 'common/EmptyQuery',
      response: 'common/Health',
    },
    handler: async () => {
      await app.services.db.selectNoFrom((eb) => eb.val(1).as('one')).execute()
      return { status: 'ok' as const, db: app.services.dbKind, mode: app.services.mode }
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/time',
    schema: {
      summary: '服务器时间（页面按它判断活动排期）',
      tags: ['system'],
      querystring: 'common/EmptyQuery',
      response: 'common/ServerTime',
    },
    handler: async () => {
      const now = app.services.now()
      return { now: toIso(now), epochMs: now.getTime() }
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/openapi.json',
    schema: {
      summary: 'OpenAPI 3 文档',
      tags: ['system'],
      querystring: 'common/EmptyQuery',
    },
    handler: async () => app.services.openApi(),
  })
}
