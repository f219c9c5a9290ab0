import type { FastifyPluginAsync } from 'fastify'
import type {
  ArticleParams,
  ArticleQuery,
  ProductParams,
  ProductQuery,
} from '../../../src/types/generated/api/catalog'
import { apiSchema } from '../../platform/schemas'

const emptyQuery = apiSchema('common', 'EmptyQuery')

export const catalogRoutes: FastifyPluginAsync = async (app) => {
  const { catalog } = app.services

  app.get(
    '/api/categories',
    {
      schema: {
        summary: '保险分类（含产品数）',
        tags: ['catalog'],
        querystring: emptyQuery,
        response: { 200: apiSchema('catalog', 'CategoryList') },
      },
    },
    async () => ({ items: await catalog.categories() }),
  )

  app.get(
    '/api/insurers',
    {
      schema: {
        summary: '保险公司',
        tags: ['catalog'],
        querystring: emptyQuery,
        response: { 200: apiSchema('catalog', 'InsurerList') },
      },
    },
    async () => ({ items: await catalog.insurers() }),
  )

  app.get<{ Querystring: ProductQuery }>(
    '/api/products',
    {
      schema: {
        summary: '产品列表：按分类、保险公司、关键词、标签筛选，按销量/价格/评分排序，游标分页',
        tags: ['catalog'],
        querystring: apiSchema('catalog', 'ProductQuery'),
        response: { 200: apiSchema('catalog', 'ProductPage') },
      },
    },
    async (request) => catalog.products(request.query),
  )

  app.get<{ Params: ProductParams }>(
    '/api/products/:id',
    {
      schema: {
        summary: '产品详情：计划、保障、费率表、条款、投保须知、健康告知',
        tags: ['catalog'],
        params: apiSchema('catalog', 'ProductParams'),
        querystring: emptyQuery,
        response: { 200: apiSchema('catalog', 'ProductDetail') },
      },
    },
    async (request) => catalog.product(request.params.id),
  )

  app.get<{ Querystring: ArticleQuery }>(
    '/api/articles',
    {
      schema: {
        summary: '资讯文章列表',
        tags: ['content'],
        querystring: apiSchema('catalog', 'ArticleQuery'),
        response: { 200: apiSchema('catalog', 'ArticlePage') },
      },
    },
    async (request) => catalog.articles(request.query),
  )

  app.get<{ Params: ArticleParams }>(
    '/api/articles/:id',
    {
      schema: {
        summary: '资讯文章详情',
        tags: ['content'],
        params: apiSchema('catalog', 'ArticleParams'),
        querystring: emptyQuery,
        response: { 200: apiSchema('catalog', 'Article') },
      },
    },
    async (request) => catalog.article(request.params.id),
  )

  app.get(
    '/api/faqs',
    {
      schema: {
        summary: '常见问题',
        tags: ['content'],
        querystring: emptyQuery,
        response: { 200: apiSchema('catalog', 'FaqList') },
      },
    },
    async () => ({ items: await catalog.faqs() }),
  )
}
