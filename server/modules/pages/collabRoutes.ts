import type { FastifyPluginAsync } from 'fastify'
import { route } from '../../platform/route'
import { staffOf } from '../studio/guard'

/** The studio's shared work: reusable sections (/api/studio/sections) and who has a page open (presence). */
export const collabRoutes: FastifyPluginAsync = async (app) => {
  const { studioSections, studioPresence, staffGuard } = app.services
  const tags = ['studio']

  route(app, {
    method: 'GET',
    url: '/api/studio/sections',
    schema: {
      summary: '我的组合：保存过的区块组合（新的在前）',
      tags,
      staff: 'editor',
      querystring: 'common/EmptyQuery',
      response: 'studioCollab/SectionList',
    },
    handler: async () => studioSections.list(),
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/sections',
    schema: {
      summary: '保存为区块组合（名称不区分大小写唯一；记入审计日志）',
      tags,
      staff: 'editor',
      querystring: 'common/EmptyQuery',
      body: 'studioCollab/SectionInput',
      response: 'studioCollab/Section',
    },
    bodyLimit: 1024 * 1024,
    handler: async (request, reply) => {
      const section = await studioSections.create(request.body, staffOf(request))
      reply.code(201)
      return section
    },
  })

  route(app, {
    method: 'PATCH',
    url: '/api/studio/sections/:sectionId',
    schema: {
      summary: '重命名区块组合（名称不区分大小写唯一；记入审计日志）',
      tags,
      staff: 'editor',
      params: 'studioCollab/SectionParams',
      querystring: 'common/EmptyQuery',
      body: 'studioCollab/SectionRename',
      response: 'studioCollab/Section',
    },
    handler: async (request) =>
      studioSections.rename(request.params.sectionId, request.body, staffOf(request)),
  })

  route(app, {
    method: 'DELETE',
    url: '/api/studio/sections/:sectionId',
    schema: {
      summary: '删除区块组合（记入审计日志）',
      tags,
      staff: 'editor',
      params: 'studioCollab/SectionParams',
      querystring: 'common/EmptyQuery',
    },
    handler: async (request, reply) => {
      await studioSections.remove(request.params.sectionId, staffOf(request))
      return reply.code(204).send()
    },
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/pages/:id/presence',
    schema: {
      summary: '在线心跳（约每 15 秒一次）：返回此刻也打开了该页面的其他人；leaving 表示离开',
      tags,
      staff: 'editor',
      params: 'studioCollab/PresenceParams',
      querystring: 'common/EmptyQuery',
      body: 'studioCollab/PresenceInput',
      response: 'studioCollab/PresenceList',
    },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return studioPresence.beat(
        request.params.id,
        request.body.tab,
        request.body.leaving ?? false,
        staffOf(request),
      )
    },
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/pages/:id/presence/leave',
    schema: {
      summary:
        '关闭标签页时离开（navigator.sendBeacon）：不带安全校验头，凭最近一次心跳返回的一次性离开凭证和工作台登录',
      tags,
      params: 'studioCollab/PresenceParams',
      querystring: 'common/EmptyQuery',
      body: 'studioCollab/PresenceLeave',
    },
    handler: async (request, reply) => {
      // The session and role are checked as for every studio route; the one-time token stands in for the CSRF
      // header, which a beacon cannot send (presence.ts, leave).
      const staff = await staffGuard.authenticateBeacon(request, reply, 'editor')
      await studioPresence.leave(request.params.id, request.body.tab, request.body.leaveToken, staff)
      return reply.code(204).send()
    },
  })
}
