import type { FastifyInstance } from 'fastify'
import { route } from '../../platform/route'
import { sendMedia } from '../media/send'
import { staffOf } from '../studio/guard'

/** 客服 (and 管理员): 理赔受理 under /api/studio/cases (role and CSRF checked by the staff guard). */
export function claimDeskRoutes(app: FastifyInstance): void {
  const { claimDesk } = app.services
  const tags = ['desk']

  route(app, {
    method: 'GET',
    url: '/api/studio/cases/claims',
    schema: {
      summary: '客服：理赔列表（最新 100 条，可按状态筛选；姓名脱敏）',
      tags,
      staff: 'agent',
      querystring: 'claim/DeskClaimQuery',
      response: 'claim/DeskClaimList',
    },
    handler: async (request) => claimDesk.list(request.query),
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/cases/claims/:id',
    schema: {
      summary: '客服：理赔详情（材料、进度、结论；每次查看记入操作日志）',
      tags,
      staff: 'agent',
      params: 'claim/ClaimParams',
      querystring: 'common/EmptyQuery',
      response: 'claim/DeskClaim',
    },
    handler: async (request) => claimDesk.open(staffOf(request), request.params.id),
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/cases/claims/:id/documents/:mediaId',
    schema: {
      summary: '客服：理赔材料图片',
      tags,
      staff: 'agent',
      params: 'claim/DocumentParams',
      querystring: 'common/EmptyQuery',
    },
    handler: async (request, reply) =>
      sendMedia(reply, await claimDesk.document(request.params.id, request.params.mediaId)),
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/cases/claims/:id/accept',
    schema: {
      summary: '客服：受理理赔（已提交 → 审核中；用户收到消息）',
      tags,
      staff: 'agent',
      params: 'claim/ClaimParams',
      querystring: 'common/EmptyQuery',
      response: 'claim/DeskClaim',
    },
    handler: async (request) => claimDesk.accept(staffOf(request), request.params.id),
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/cases/claims/:id/supplement',
    schema: {
      summary: '客服：要求补充材料（写明原因和所需材料；用户收到消息后上传）',
      tags,
      staff: 'agent',
      params: 'claim/ClaimParams',
      querystring: 'common/EmptyQuery',
      body: 'claim/DeskSupplementInput',
      response: 'claim/DeskClaim',
    },
    handler: async (request) =>
      claimDesk.requestSupplement(staffOf(request), request.params.id, request.body),
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/cases/claims/:id/decision',
    schema: {
      summary: '客服：记录保险公司的审核结论（赔付金额或拒赔原因；用户收到消息）',
      tags,
      staff: 'agent',
      params: 'claim/ClaimParams',
      querystring: 'common/EmptyQuery',
      body: 'claim/DeskDecisionInput',
      response: 'claim/DeskClaim',
    },
    handler: async (request) => claimDesk.decide(staffOf(request), request.params.id, request.body),
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/cases/claims/:id/payment',
    schema: {
      summary: '客服：记录赔款已支付（支付流水号；用户收到消息）',
      tags,
      staff: 'agent',
      params: 'claim/ClaimParams',
      querystring: 'common/EmptyQuery',
      body: 'claim/DeskPaymentInput',
      response: 'claim/DeskClaim',
    },
    handler: async (request) => claimDesk.pay(staffOf(request), request.params.id, request.body.reference),
  })
}
