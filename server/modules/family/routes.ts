import type { FastifyPluginAsync } from 'fastify'
import type { FamilyMemberInput, FamilyMemberParams } from '../../../src/types/generated/api/family'
import { userIdOf } from '../../platform/auth'
import { apiSchema } from '../../platform/schemas'

const schema = (name: string) => apiSchema('family', name)
const emptyQuery = apiSchema('common', 'EmptyQuery')
const ok = apiSchema('common', 'Ok')

/** The caller's family members (/familyManage, /insured); every route needs the session and sees only the caller's data. */
export const familyRoutes: FastifyPluginAsync = async (app) => {
  const { family } = app.services
  const tags = ['family']

  app.get(
    '/api/family-members',
    {
      schema: {
        summary: '我的家庭成员',
        tags,
        auth: true,
        querystring: emptyQuery,
        response: { 200: schema('FamilyMemberList') },
      },
    },
    async (request) => family.list(userIdOf(request)),
  )

  app.post<{ Body: FamilyMemberInput }>(
    '/api/family-members',
    {
      schema: {
        summary: '添加家庭成员（每人最多20位，同一证件不可重复）',
        tags,
        auth: true,
        querystring: emptyQuery,
        body: schema('FamilyMemberInput'),
        response: { 200: schema('FamilyMember') },
      },
    },
    async (request) => family.create(userIdOf(request), request.body),
  )

  app.get<{ Params: FamilyMemberParams }>(
    '/api/family-members/:id',
    {
      schema: {
        summary: '家庭成员详情',
        tags,
        auth: true,
        params: schema('FamilyMemberParams'),
        querystring: emptyQuery,
        response: { 200: schema('FamilyMember') },
      },
    },
    async (request) => family.get(userIdOf(request), request.params.id),
  )

  app.put<{ Params: FamilyMemberParams; Body: FamilyMemberInput }>(
    '/api/family-members/:id',
    {
      schema: {
        summary: '修改家庭成员（整体替换）',
        tags,
        auth: true,
        params: schema('FamilyMemberParams'),
        querystring: emptyQuery,
        body: schema('FamilyMemberInput'),
        response: { 200: schema('FamilyMember') },
      },
    },
    async (request) => family.update(userIdOf(request), request.params.id, request.body),
  )

  app.delete<{ Params: FamilyMemberParams }>(
    '/api/family-members/:id',
    {
      schema: {
        summary: '删除家庭成员',
        tags,
        auth: true,
        params: schema('FamilyMemberParams'),
        querystring: emptyQuery,
        response: { 200: ok },
      },
    },
    async (request) => {
      await family.remove(userIdOf(request), request.params.id)
      return { ok: true as const }
    },
  )
}
