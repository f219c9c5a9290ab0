import type { FastifyPluginAsync } from 'fastify'
import { route } from '../../platform/route'
import { staffOf } from '../studio/guard'

export const catalogRoutes: FastifyPluginAsync = async (app) => {
  const { catalog, catalogEdits, disclosure } = app.services

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
    handler: async (request) => {
      const detail = await catalog.product(request.params.id)
      // 可回溯: which version of the product page this is, so the buyer's trail can name what it showed.
      const version = await app.services.salesPageVersions.product(detail)
      return { ...detail, pageVersion: version.version }
    },
  })

  route(app, {
    method: 'PUT',
    url: '/api/studio/catalog/products/:id/notice',
    schema: {
      summary: '修改产品的投保须知（发布员；记入操作日志，产品页面与该文件各生成新版本）',
      tags: ['compliance'],
      staff: 'publisher',
      params: 'trail/ProductParams',
      querystring: 'common/EmptyQuery',
      body: 'trail/NoticeInput',
      response: 'trail/ProductVersions',
    },
    handler: async (request) => {
      await catalogEdits.setNotice(staffOf(request), request.params.id, request.body)
      return app.services.salesPageVersions.productVersions(request.params.id)
    },
  })

  route(app, {
    method: 'PUT',
    url: '/api/studio/catalog/products/:id/premium-rates',
    schema: {
      summary: '替换产品一个保障计划的费率表（发布员；记入操作日志，产品页面生成新版本）',
      tags: ['compliance'],
      staff: 'publisher',
      params: 'trail/ProductParams',
      querystring: 'common/EmptyQuery',
      body: 'trail/PremiumRatesInput',
      response: 'trail/ProductVersions',
    },
    handler: async (request) => {
      await catalogEdits.setPremiumRates(staffOf(request), request.params.id, request.body)
      return app.services.salesPageVersions.productVersions(request.params.id)
    },
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
