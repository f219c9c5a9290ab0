import type { FastifyPluginAsync } from 'fastify'
import { clearSessionCookie, userIdOf } from '../../platform/auth'
import { route } from '../../platform/route'

/** The member area: level, rules, the agreements signed, consent withdrawal and account deletion. */
export const memberRoutes: FastifyPluginAsync = async (app) => {
  const { member, secureCookies } = app.services
  const tags = ['member']

  route(app, {
    method: 'GET',
    url: '/api/member',
    schema: {
      summary: '我的会员等级与成长值（近365天获得的积分）',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      response: 'member/MemberStatus',
    },
    handler: async (request) => member.status(userIdOf(request)),
  })

  route(app, {
    method: 'GET',
    url: '/api/member/rules',
    schema: {
      summary: '会员规则：等级、成长值、签到与积分规则（服务端配置）',
      tags,
      querystring: 'common/EmptyQuery',
      response: 'member/MemberRules',
    },
    handler: async () => member.rules(),
  })

  route(app, {
    method: 'GET',
    url: '/api/me/agreements',
    schema: {
      summary: '我签署的登录协议（版本与时间）',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      response: 'member/AgreementList',
    },
    handler: async (request) => member.agreements(userIdOf(request)),
  })

  route(app, {
    method: 'POST',
    url: '/api/me/consent-withdrawal',
    schema: {
      summary: '撤回对登录协议的同意（结束全部会话，下次登录需重新同意）',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      response: 'common/Ok',
    },
    handler: async (request, reply) => {
      await member.withdrawConsent(userIdOf(request))
      clearSessionCookie(reply, secureCookies)
      return { ok: true as const }
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/me/account',
    schema: {
      summary: '账户状态（是否在注销冷静期）',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      response: 'member/AccountStatus',
    },
    handler: async (request) => member.account(userIdOf(request)),
  })

  route(app, {
    method: 'POST',
    url: '/api/me/deletion',
    schema: {
      summary: '申请注销账户（15天冷静期后执行，期间可撤销）',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      response: 'member/AccountStatus',
    },
    handler: async (request) => member.requestDeletion(userIdOf(request)),
  })

  route(app, {
    method: 'DELETE',
    url: '/api/me/deletion',
    schema: {
      summary: '撤销注销申请',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      response: 'member/AccountStatus',
    },
    handler: async (request) => member.cancelDeletion(userIdOf(request)),
  })
}
