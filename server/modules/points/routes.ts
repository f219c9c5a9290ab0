import type { FastifyPluginAsync } from 'fastify'
import { userIdOf } from '../../platform/auth'
import { route } from '../../platform/route'

/** Daily sign-in and the caller's points: every route needs the session and sees only the caller's data. */
export const pointsRoutes: FastifyPluginAsync = async (app) => {
  const { points } = app.services
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
}
