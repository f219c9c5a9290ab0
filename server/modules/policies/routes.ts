import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { shanghaiDate } from '../../../src/domain/age'
import { validateCertificate, validatePersonName } from '../../../src/domain/certificate'
import { userIdOf } from '../../platform/auth'
import { ApiError } from '../../platform/errors'
import { route } from '../../platform/route'
import { epolicyPdf } from './epolicy'

/** Policies: my list and detail, signed no-login links for SMS, surrender in the cooling-off period. */
export const policyRoutes: FastifyPluginAsync = async (app) => {
  const { policies, catalog, policyLookup, renewals } = app.services
  const tags = ['policies']

  route(app, {
    method: 'GET',
    url: '/api/policies',
    schema: {
      summary: '我的保单（可按状态筛选）',
      tags,
      auth: true,
      querystring: 'policy/PolicyListQuery',
      response: 'policy/PolicyList',
    },
    handler: async (request) => ({ items: await policies.list(userIdOf(request), request.query.status) }),
  })

  route(app, {
    method: 'GET',
    url: '/api/renewals',
    schema: {
      summary: '续保：60天内到期的保单，按新生效日被保险人年龄重新计算的续保保费',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      response: 'renewal/RenewalList',
    },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return renewals.list(userIdOf(request))
    },
  })

  route(app, {
    method: 'PUT',
    url: '/api/policies/:id/auto-renew',
    schema: {
      summary: '开启或关闭自动续保（仅60天内到期的保单；演示环境不会真实扣费）',
      tags,
      auth: true,
      params: 'policy/IdParams',
      querystring: 'common/EmptyQuery',
      body: 'renewal/AutoRenewInput',
      response: 'renewal/Renewal',
    },
    handler: async (request) =>
      renewals.setAutoRenew(userIdOf(request), request.params.id, request.body.enabled),
  })

  // Registered before /:id so "shared" is never read as an id.
  route(app, {
    method: 'GET',
    url: '/api/policies/shared',
    schema: {
      summary: '凭签名链接查看保单（免登录，链接7天有效）',
      tags,
      querystring: 'policy/SharedPolicyQuery',
      response: 'policy/Policy',
    },
    handler: async (request) => policies.getShared(request.query.token),
  })

  route(app, {
    method: 'GET',
    url: '/api/policies/shared/epolicy.pdf',
    schema: {
      summary: '凭短信中的签名链接下载电子保单（PDF，免登录，链接7天有效）',
      tags,
      querystring: 'policy/SharedPolicyQuery',
    },
    handler: async (request, reply) =>
      sendPdf(reply, await epolicyPdf(app.services, await policies.getShared(request.query.token))),
  })

  route(app, {
    method: 'GET',
    url: '/api/policies/:id',
    schema: {
      summary: '电子保单详情',
      tags,
      auth: true,
      params: 'policy/IdParams',
      querystring: 'common/EmptyQuery',
      response: 'policy/Policy',
    },
    handler: async (request) => policies.get(userIdOf(request), request.params.id),
  })

  route(app, {
    method: 'GET',
    url: '/api/policies/:id/epolicy.pdf',
    schema: {
      summary: '下载电子保单（PDF，加盖保险公司电子印章；仅保单本人）',
      tags,
      auth: true,
      params: 'policy/IdParams',
      querystring: 'common/EmptyQuery',
    },
    handler: async (request, reply) =>
      sendPdf(
        reply,
        await epolicyPdf(app.services, await policies.get(userIdOf(request), request.params.id)),
      ),
  })

  route(app, {
    method: 'POST',
    url: '/api/policies/:id/text',
    schema: {
      summary: '发送保单及电子保单链接到投保人手机（每份保单每天最多3次）',
      tags,
      auth: true,
      params: 'policy/IdParams',
      response: 'policy/PolicyTextSent',
    },
    handler: async (request) => policies.textLink(userIdOf(request), request.params.id),
  })

  route(app, {
    method: 'POST',
    url: '/api/policies/:id/share-link',
    schema: {
      summary: '生成免登录查看链接（用于短信）',
      tags,
      auth: true,
      params: 'policy/IdParams',
      response: 'policy/PolicyShareLink',
    },
    handler: async (request) => policies.shareLink(userIdOf(request), request.params.id),
  })

  route(app, {
    method: 'POST',
    url: '/api/policies/:id/surrender',
    schema: {
      summary:
        '犹豫期内退保（须选择退保原因），全额退回原支付方式，扣回该保单的投保奖励积分；合作方保单在保险公司未及时确认时返回 202（退保处理中，后台重试至确认后退款），重复申请 409',
      tags,
      auth: true,
      params: 'policy/IdParams',
      body: 'policy/SurrenderInput',
      response: 'policy/Policy',
    },
    handler: async (request, reply) => {
      const policy = await policies.surrender(userIdOf(request), request.params.id, request.body.reason)
      // Asked of the partner insurer, not answered yet: accepted, the sweep finishes it (退保处理中).
      if (policy.surrenderRequest?.status === 'REQUESTED') reply.code(202)
      return policy
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/policies/:id/surrender-quote',
    schema: {
      summary: '退保前告知：退款金额、退回去向与预计到账时间、将扣回的积分、可选的退保原因',
      tags,
      auth: true,
      params: 'policy/IdParams',
      querystring: 'common/EmptyQuery',
      response: 'policy/SurrenderQuote',
    },
    handler: async (request) => policies.surrenderQuote(userIdOf(request), request.params.id),
  })

  route(app, {
    method: 'POST',
    url: '/api/policy-lookup/code',
    schema: {
      summary: '保单查询（免登录）：核对保单号、投保人姓名与证件号后4位，向投保人手机发送验证码',
      tags,
      querystring: 'common/EmptyQuery',
      body: 'lookup/LookupCodeRequest',
      response: 'lookup/LookupCodeResponse',
    },
    handler: async (request) => policyLookup.sendCode(request.body, request.ip),
  })

  route(app, {
    method: 'POST',
    url: '/api/policy-lookup',
    schema: {
      summary: '保单查询（免登录）：凭短信验证码查看脱敏的保单信息',
      tags,
      querystring: 'common/EmptyQuery',
      body: 'lookup/LookupRequest',
      response: 'lookup/LookedUpPolicy',
    },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return policyLookup.lookup(request.body.policyNo, request.body.code, request.ip)
    },
  })

  // Demo only (404 in production): a policy as a partner API product would issue it, for /policy/apiPolicyDetail.
  if (app.services.mode !== 'demo') return
  route(app, {
    method: 'POST',
    url: '/api/sandbox/partner-policies',
    schema: {
      summary: '演示：以合作方API产品身份为当前用户出具一张保单（仅演示模式）',
      tags: ['sandbox'],
      auth: true,
      body: 'policy/PartnerPolicyDemo',
      response: 'policy/Policy',
    },
    handler: async (request) => {
      const userId = userIdOf(request)
      const product = await catalog.product(request.body.productId)
      const name = validatePersonName(request.body.holder.name)
      if (!name.ok)
        throw new ApiError(400, 'INVALID_INPUT', name.reason, [
          { field: 'holder.name', message: name.reason },
        ])
      const cert = validateCertificate(
        'ID_CARD',
        request.body.holder.certNo,
        shanghaiDate(app.services.now().getTime()),
      )
      if (!cert.ok || !cert.birthDate || !cert.gender)
        throw new ApiError(400, 'INVALID_INPUT', cert.ok ? '身份证号不正确' : cert.reason, [
          { field: 'holder.certNo', message: cert.ok ? '身份证号不正确' : cert.reason },
        ])
      const holder = {
        name: name.name,
        certType: 'ID_CARD',
        certNo: cert.number,
        certTime: 1 as const,
        certStartDate: '',
        certEndDate: '',
        gender: cert.gender,
        birthday: cert.birthDate,
      }
      return policies.issuePartnerDemo(userId, product, holder)
    },
  })
}

/** A PDF shown in the browser's viewer, saved under the policy number (电子保单-<no>.pdf). */
function sendPdf(reply: FastifyReply, { policyNo, pdf }: { policyNo: string; pdf: Buffer }) {
  const name = `电子保单-${policyNo}.pdf`
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Length', String(pdf.length))
    .header('Cache-Control', 'private, no-store')
    .header(
      'Content-Disposition',
      `inline; filename="epolicy-${policyNo}.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .send(pdf)
}
