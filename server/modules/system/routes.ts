import type { FastifyPluginAsync } from 'fastify'
import { apiSchema } from '../../platform/schemas'
import { toIso } from '../../platform/time'

const emptyQuery = apiSchema('common', 'EmptyQuery')

export const systemRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        summary: '健康检查（数据库类型与运行模式）',
        tags: ['system'],
        querystring: emptyQuery,
        response: { 200: apiSchema('common', 'Health') },
      },
    },
    async () => {
      await app.services.db.selectNoFrom((eb) => eb.val(1).as('one')).execute()
      return { status: 'ok' as const, db: app.services.dbKind, mode: app.services.mode }
    },
  )

  app.get(
    '/api/time',
    {
      schema: {
        summary: '服务器时间（页面按它判断活动排期）',
        tags: ['system'],
        querystring: emptyQuery,
        response: { 200: apiSchema('common', 'ServerTime') },
      },
    },
    async () => {
      const now = app.services.now()
      return { now: toIso(now), epochMs: now.getTime() }
    },
  )

  app.get(
    '/api/openapi.json',
    { schema: { summary: 'OpenAPI 3 文档', tags: ['system'], querystring: emptyQuery } },
    async () => app.services.openApi(),
  )
}
