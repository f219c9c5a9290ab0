import type { FastifyPluginAsync } from 'fastify'
import { route } from '../../platform/route'

export const catalogRoutes: FastifyPluginAsync = async (app) => {
  const { catalog, disclosure } = app.services

  route(app, {
    method: 'GET',
    url: '/api/categories',
    schema: {
      summary: '保险分类（含产品数）',
      tags: ['catalog'],
      querystring: 'common/EmptyQuery',
      response: 'catalog/CategoryList',
    },
    handler: async () => ({ items: await catalog.categories() }),
  })

  route(app, {
    method: 'GET',
    url: '/api/insurers',
    schema: {
      summary: '保险公司',
      tags: ['catalog'],
      querystring: 'common/EmptyQuery',
      response: 'catalog/InsurerList',
    },
    handler: async () => ({ items: await catalog.insurers() }),
  })

  route(app, {
    method: 'GET',
    url: '/api/disclosure',
    schema: {
      summary: '服务与披露：平台（保险中介）与承保保险公司的名称、许可证、客服与投诉渠道、偿付能力与服务评价',
      tags: ['catalog'],
      querystring: 'disclosure/DisclosureQuery',
      response: 'disclosure/Disclosure',
    },
    handler: async (request) => disclosure.forProduct(request.query.productId),
  })

  route(app, {
    method: 'GET',
    url: '/api/products',
    schema: {
      summary: '产品列表：按分类、保险公司、关键词、标签筛选，按销量/价格/评分排序，游标分页',
      tags: ['catalog'],
      querystring: 'catalog/ProductQuery',
      response: 'catalog/ProductPage',
    },
    handler: async (request) => catalog.products(request.query),
  })

  route(app, {
    method: 'GET',
    url: '/api/products/:id',
    schema: {
      summary: '产品详情：计划、保障、费率表、条款、投保须知、健康告知',
      tags: ['catalog'],
      params: 'catalog/ProductParams',
      querystring: 'common/EmptyQuery',
      response: 'catalog/ProductDetail',
    },
    handler: async (request) => catalog.product(request.params.id),
  })

  route(app, {
    method: 'GET',
    url: '/api/faqs',
    schema: {
      summary: '常见问题',
      tags: ['content'],
      querystring: 'common/EmptyQuery',
      response: 'catalog/FaqList',
    },
    handler: async () => ({ items: await catalog.faqs() }),
  })
}
