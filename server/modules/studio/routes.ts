import type { FastifyPluginAsync } from 'fastify'
import { compileMarkdown } from '../../../src/page-config/markdown'
import type { MarkdownTrees } from '../../../src/page-config/markdownTree'
import { route } from '../../platform/route'
import { staffOf, studioToken } from './guard'

/** The studio's sessions, staff accounts (admin), audit log and markdown compiler for the live preview. */
export const studioRoutes: FastifyPluginAsync = async (app) => {
  const { staff, staffAudit, staffGuard } = app.services
  const tags = ['studio']

  route(app, {
    method: 'POST',
    url: '/api/studio/session',
    schema: {
      summary:
        '运营工作台登录（同一用户名自同一地址输错 5 次后，每次须等待 1 秒起、逐次加倍、最长 15 分钟，其间为 429；不锁定账号）',
      tags,
      querystring: 'common/EmptyQuery',
      body: 'studio/LoginInput',
      response: 'studio/StaffSession',
    },
    handler: async (request, reply) => {
      const { staff: who, token } = await staff.login(
        request.body.username,
        request.body.password,
        request.ip,
      )
      staffGuard.startSession(reply, token)
      return { staff: who }
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/session',
    schema: {
      summary: '当前登录的工作台账号',
      tags,
      staff: 'staff',
      querystring: 'common/EmptyQuery',
      response: 'studio/StaffSession',
    },
    handler: async (request) => ({ staff: staffOf(request) }),
  })

  route(app, {
    method: 'DELETE',
    url: '/api/studio/session',
    schema: { summary: '退出运营工作台', tags, staff: 'staff', querystring: 'common/EmptyQuery' },
    handler: async (request, reply) => {
      const token = studioToken(request)
      if (token) await staff.logout(token, staffOf(request))
      staffGuard.endSession(reply)
      return reply.code(204).send()
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/staff',
    schema: {
      summary: '工作台账号列表（管理员）',
      tags,
      staff: 'admin',
      querystring: 'common/EmptyQuery',
      response: 'studio/StaffList',
    },
    handler: async () => ({ staff: await staff.list() }),
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/staff',
    schema: {
      summary: '新建工作台账号（管理员）',
      tags,
      staff: 'admin',
      querystring: 'common/EmptyQuery',
      body: 'studio/StaffInput',
      response: 'studio/StaffAccount',
    },
    handler: async (request, reply) => {
      const account = await staff.create(request.body, staffOf(request))
      reply.code(201)
      return account
    },
  })

  route(app, {
    method: 'PATCH',
    url: '/api/studio/staff/:id',
    schema: {
      summary: '修改工作台账号：角色、停用、重设密码（管理员）',
      tags,
      staff: 'admin',
      params: 'studio/StaffParams',
      querystring: 'common/EmptyQuery',
      body: 'studio/StaffPatch',
      response: 'studio/StaffAccount',
    },
    handler: async (request) => staff.update(request.params.id, request.body, staffOf(request)),
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/audit',
    schema: {
      summary: '操作日志（登录、保存、发布、回滚、下线、账号变更），新的在前',
      tags,
      staff: 'editor',
      querystring: 'studio/AuditQuery',
      response: 'studio/AuditList',
    },
    handler: async (request) => ({
      entries: await staffAudit.list(request.query.page, request.query.limit ?? 100),
    }),
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/preview/markdown',
    schema: {
      summary: '把 Markdown 编译为元素树（工作台实时预览用，浏览器不带 Markdown 解析器）',
      tags,
      staff: 'editor',
      querystring: 'common/EmptyQuery',
      body: 'studio/MarkdownInput',
      response: 'studio/MarkdownAnswer',
    },
    handler: async (request) => {
      const markdown: MarkdownTrees = {}
      for (const source of request.body.sources) markdown[source] ??= compileMarkdown(source)
      return { markdown }
    },
  })
}
