import type { FastifyPluginAsync } from 'fastify'
import { route } from '../../platform/route'

/** The FAQ: public, the same for everyone. */
export const helpRoutes: FastifyPluginAsync = async (app) => {
  const { help } = app.services
  const tags = ['help']

  route(app, {
    method: 'GET',
    url: '/api/help/faq',
    schema: {
      summary: '常见问题：按分类筛选，按关键词搜索问题与答案',
      tags,
      querystring: 'help/FaqQuery',
      response: 'help/FaqList',
    },
    handler: async (request) => help.list(request.query),
  })

  route(app, {
    method: 'GET',
    url: '/api/help/faq/:id',
    schema: {
      summary: '常见问题详情（答案为安全的元素树）及同分类的其他问题',
      tags,
      params: 'help/FaqParams',
      querystring: 'common/EmptyQuery',
      response: 'help/FaqQuestion',
    },
    handler: async (request) => help.question(request.params.id),
  })
}
