import type { FastifyPluginAsync } from 'fastify'
import { userIdOf } from '../../platform/auth'
import { idempotent } from '../../platform/idempotency'
import { route } from '../../platform/route'

/** Daily sign-in and the caller's points: every route needs the session and sees only the caller's data. */
export const pointsRoutes: FastifyPluginAsync = async (app) => {
  const { points, gifts } = app.services
  const tags = ['points']

  route(app, {
    method: 'GET',
    url: '/api/sign-in',
    schema: {
      summary: '签到日历与连续签到（亚洲/上海日历日）',
      tags,
      auth: true,
      querystring: 'points/SignInQuery',
      response: 'points/SignInStatus',
    },
    handler: async (request) => points.status(userIdOf(request), request.query.month),
  })

  route(app, {
    method: 'POST',
    url: '/api/sign-in',
    schema: {
      summary: '今日签到（每天一次，连续签到按7天周期奖励积分，第7天额外奖励）',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      response: 'points/SignInResult',
    },
    handler: async (request) => points.signIn(userIdOf(request)),
  })

  route(app, {
    method: 'GET',
    url: '/api/points',
    schema: {
      summary: '积分与金豆余额，本月获得与支出',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      response: 'points/PointsSummary',
    },
    handler: async (request) => points.summary(userIdOf(request)),
  })

  route(app, {
    method: 'GET',
    url: '/api/points/ledger',
    schema: {
      summary: '积分明细（分页，最新在前）',
      tags,
      auth: true,
      querystring: 'points/LedgerQuery',
      response: 'points/LedgerPage',
    },
    handler: async (request) => points.ledger(userIdOf(request), request.query),
  })

  route(app, {
    method: 'GET',
    url: '/api/gifts',
    schema: {
      summary: '积分商城：可兑换的礼品',
      tags,
      querystring: 'common/EmptyQuery',
      response: 'gift/GiftList',
    },
    handler: async () => gifts.list(),
  })

  route(app, {
    method: 'GET',
    url: '/api/gifts/by-name/:name',
    schema: {
      summary: '礼品详情（按名称，/signIn/giftDetail/{goodsName}）',
      tags,
      params: 'gift/GiftNameParams',
      querystring: 'common/EmptyQuery',
      response: 'gift/Gift',
    },
    handler: async (request) => gifts.byName(request.params.name),
  })

  route(app, {
    method: 'POST',
    url: '/api/gifts/:id/exchange',
    schema: {
      summary:
        '兑换礼品（冻结积分、占用库存；虚拟礼品立即发放兑换码，实物礼品待填写地址）；支持 Idempotency-Key',
      tags,
      auth: true,
      params: 'gift/GiftIdParams',
      querystring: 'common/EmptyQuery',
      response: 'gift/Exchange',
    },
    preHandler: idempotent,
    handler: async (request) => gifts.exchange(userIdOf(request), request.params.id),
  })

  route(app, {
    method: 'GET',
    url: '/api/exchanges',
    schema: {
      summary: '我的兑换记录',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      response: 'gift/ExchangeList',
    },
    handler: async (request) => gifts.mine(userIdOf(request)),
  })

  route(app, {
    method: 'GET',
    url: '/api/exchanges/:id',
    schema: {
      summary: '兑换详情',
      tags,
      auth: true,
      params: 'gift/ExchangeParams',
      querystring: 'common/EmptyQuery',
      response: 'gift/Exchange',
    },
    handler: async (request) => gifts.get(userIdOf(request), request.params.id),
  })

  route(app, {
    method: 'POST',
    url: '/api/exchanges/:id/address',
    schema: {
      summary: '填写实物礼品的收货地址（确认后扣除冻结积分并发货）',
      tags,
      auth: true,
      params: 'gift/ExchangeParams',
      querystring: 'common/EmptyQuery',
      body: 'gift/AddressInput',
      response: 'gift/Exchange',
    },
    handler: async (request) => gifts.ship(userIdOf(request), request.params.id, request.body),
  })

  route(app, {
    method: 'POST',
    url: '/api/exchanges/:id/cancel',
    schema: {
      summary: '取消待填写地址的兑换（退回冻结积分与库存）',
      tags,
      auth: true,
      params: 'gift/ExchangeParams',
      querystring: 'common/EmptyQuery',
      response: 'gift/Exchange',
    },
    handler: async (request) => gifts.cancel(userIdOf(request), request.params.id),
  })
}
