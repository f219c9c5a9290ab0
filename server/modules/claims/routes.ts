import type { FastifyPluginAsync } from 'fastify'
import { userIdOf } from '../../platform/auth'
import { idempotent } from '../../platform/idempotency'
import { route } from '../../platform/route'
import { sendMedia } from '../media/send'
import { claimDeskRoutes } from './deskRoutes'

/**
 * Claims: every route needs the session; a user sees the claims they filed or that are on their policies. The
 * desk's routes (理赔受理) are in deskRoutes.ts.
 */
export const claimRoutes: FastifyPluginAsync = async (app) => {
  const { claims } = app.services
  const tags = ['claims']

  route(app, {
    method: 'GET',
    url: '/api/claims/policies',
    schema: {
      summary: '可申请理赔的保单（本人投保或本人为被保险人），及每种理赔类型所需材料',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      response: 'claim/ClaimablePolicyList',
    },
    handler: async (request) => claims.claimable(userIdOf(request)),
  })

  route(app, {
    method: 'POST',
    url: '/api/claims',
    schema: {
      summary:
        '提交理赔申请（出险日期须在保障期间内且已过等待期；收款人须为被保险人或投保人；材料按类型齐全）；支持 Idempotency-Key',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      body: 'claim/ClaimInput',
      response: 'claim/Claim',
    },
    preHandler: idempotent,
    handler: async (request) => claims.file(userIdOf(request), request.body),
  })

  route(app, {
    method: 'GET',
    url: '/api/claims',
    schema: {
      summary: '我的理赔（处理中 / 已结束）',
      tags,
      auth: true,
      querystring: 'claim/ClaimQuery',
      response: 'claim/ClaimList',
    },
    handler: async (request) => claims.list(userIdOf(request), request.query.status),
  })

  route(app, {
    method: 'GET',
    url: '/api/claims/:id',
    schema: {
      summary: '理赔详情：进度、材料、结论与赔付金额',
      tags,
      auth: true,
      params: 'claim/ClaimParams',
      querystring: 'common/EmptyQuery',
      response: 'claim/Claim',
    },
    handler: async (request) => claims.get(userIdOf(request), request.params.id),
  })

  route(app, {
    method: 'GET',
    url: '/api/claims/:id/documents/:mediaId',
    schema: {
      summary: '读取理赔材料图片（理赔可见者均可查看，例如投保人查看被保险人上传的材料）',
      tags,
      auth: true,
      params: 'claim/DocumentParams',
      querystring: 'common/EmptyQuery',
    },
    handler: async (request, reply) =>
      sendMedia(reply, await claims.document(userIdOf(request), request.params.id, request.params.mediaId)),
  })

  route(app, {
    method: 'POST',
    url: '/api/claims/:id/documents',
    schema: {
      summary: '补充理赔材料（仅在待补充材料时）',
      tags,
      auth: true,
      params: 'claim/ClaimParams',
      querystring: 'common/EmptyQuery',
      body: 'claim/SupplementInput',
      response: 'claim/Claim',
    },
    handler: async (request) =>
      claims.supplement(userIdOf(request), request.params.id, request.body.documents),
  })

  route(app, {
    method: 'POST',
    url: '/api/claims/:id/withdraw',
    schema: {
      summary: '撤回理赔申请（作出结论前）',
      tags,
      auth: true,
      params: 'claim/ClaimParams',
      querystring: 'common/EmptyQuery',
      response: 'claim/Claim',
    },
    handler: async (request) => claims.withdraw(userIdOf(request), request.params.id),
  })

  claimDeskRoutes(app)
}
