import type { FastifyPluginAsync } from 'fastify'
import { userIdOf } from '../../platform/auth'
import { route } from '../../platform/route'

/** The shopping cart: every route needs the session and sees only the caller's items. */
export const cartRoutes: FastifyPluginAsync = async (app) => {
  const { cart } = app.services
  const tags = ['cart']

  route(app, {
    method: 'GET',
    url: '/api/cart',
    schema: {
      summary: '我的购物车（每次打开按明天生效重新试算，显示加入时与现在的保费）',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      response: 'cart/Cart',
    },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return cart.list(userIdOf(request))
    },
  })

  route(app, {
    method: 'POST',
    url: '/api/cart/items',
    schema: {
      summary: '加入购物车（服务端试算并保存保费；相同方案只保留一份）',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      body: 'cart/CartItemInput',
      response: 'cart/CartItem',
    },
    handler: async (request) => cart.add(userIdOf(request), request.body),
  })

  route(app, {
    method: 'DELETE',
    url: '/api/cart/items/:id',
    schema: {
      summary: '从购物车删除一个方案',
      tags,
      auth: true,
      params: 'cart/CartItemParams',
      querystring: 'common/EmptyQuery',
      response: 'common/Ok',
    },
    handler: async (request) => {
      await cart.remove(userIdOf(request), request.params.id)
      return { ok: true as const }
    },
  })

  route(app, {
    method: 'POST',
    url: '/api/cart/merge',
    schema: {
      summary: '登录后合并本机购物车（去重；已不可投保的方案不合并）',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      body: 'cart/CartMerge',
      response: 'cart/Cart',
    },
    handler: async (request) => cart.merge(userIdOf(request), request.body.items),
  })
}
