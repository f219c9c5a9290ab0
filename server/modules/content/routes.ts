import type { FastifyPluginAsync } from 'fastify'
import { route } from '../../platform/route'

/** Articles and short videos: public, the same for everyone. */
export const contentRoutes: FastifyPluginAsync = async (app) => {
  const { content } = app.services
  const tags = ['content']

  route(app, {
    method: 'GET',
    url: '/api/content/categories',
    schema: {
      summary: '资讯分类（推荐在前）及每类内容数，保险知识专题',
      tags,
      querystring: 'common/EmptyQuery',
      response: 'content/CategoryList',
    },
    handler: async () => content.categories(),
  })

  route(app, {
    method: 'GET',
    url: '/api/content/articles',
    schema: {
      summary: '文章与短视频：按分类、类型筛选，最新在前，游标分页',
      tags,
      querystring: 'content/ArticleQuery',
      response: 'content/ArticlePage',
    },
    handler: async (request) => content.list(request.query),
  })

  route(app, {
    method: 'GET',
    url: '/api/content/articles/:id',
    schema: {
      summary: '文章或视频详情（正文为安全的元素树）及相关产品',
      tags,
      params: 'content/ArticleParams',
      querystring: 'common/EmptyQuery',
      response: 'content/ArticleDetail',
    },
    handler: async (request) => content.article(request.params.id),
  })
}
