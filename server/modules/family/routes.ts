import type { FastifyPluginAsync } from 'fastify'
import { userIdOf } from '../../platform/auth'
import { route } from '../../platform/route'

/** The caller's family members (/familyManage, /insured); every route needs the session and sees only the caller's data. */
export const familyRoutes: FastifyPluginAsync = async (app) => {
  const { family } = app.services
  const tags = ['family']

  route(app, {
    method: 'GET',
    url: '/api/family-members',
    schema: {
      summary: '我的家庭成员',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      response: 'family/FamilyMemberList',
    },
    handler: async (request) => family.list(userIdOf(request)),
  })

  route(app, {
    method: 'POST',
    url: '/api/family-members',
    schema: {
      summary: '添加家庭成员（每人最多20位，同一证件不可重复）',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      body: 'family/FamilyMemberInput',
      response: 'family/FamilyMember',
    },
    handler: async (request) => family.create(userIdOf(request), request.body),
  })

  route(app, {
    method: 'GET',
    url: '/api/family-members/:id',
    schema: {
      summary: '家庭成员详情',
      tags,
      auth: true,
      params: 'family/FamilyMemberParams',
      querystring: 'common/EmptyQuery',
      response: 'family/FamilyMember',
    },
    handler: async (request) => family.get(userIdOf(request), request.params.id),
  })

  route(app, {
    method: 'PUT',
    url: '/api/family-members/:id',
    schema: {
      summary: '修改家庭成员（整体替换）',
      tags,
      auth: true,
      params: 'family/FamilyMemberParams',
      querystring: 'common/EmptyQuery',
      body: 'family/FamilyMemberInput',
      response: 'family/FamilyMember',
    },
    handler: async (request) => family.update(userIdOf(request), request.params.id, request.body),
  })

  route(app, {
    method: 'DELETE',
    url: '/api/family-members/:id',
    schema: {
      summary: '删除家庭成员',
      tags,
      auth: true,
      params: 'family/FamilyMemberParams',
      querystring: 'common/EmptyQuery',
      response: 'common/Ok',
    },
    handler: async (request) => {
      await family.remove(userIdOf(request), request.params.id)
      return { ok: true as const }
    },
  })
}
