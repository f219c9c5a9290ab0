import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import type { TrailSearchQuery } from '../../../src/types/generated/api/trail'
import { maskPhone } from '../../../src/domain/phone'
import { userIdOf } from '../../platform/auth'
import { route } from '../../platform/route'
import { staffOf } from '../studio/guard'
import { renderTrailPdf } from './exportPdf'

/** The buyer's browser events (their own trail only), and compliance staff's search, replay data and export. */
export const trailRoutes: FastifyPluginAsync = async (app) => {
  const { trails, compliance, salesPageVersions, staffAudit, now } = app.services

  route(app, {
    method: 'POST',
    url: '/api/sales-trails',
    schema: {
      summary: '可回溯：打开本人此产品的销售过程记录（两小时内未下单的沿用）',
      tags: ['trail'],
      auth: true,
      querystring: 'common/EmptyQuery',
      body: 'trail/TrailOpen',
      response: 'trail/TrailOpened',
    },
    handler: async (request) => ({
      id: await trails.open(userIdOf(request), request.body.productId, request.body.productVersion),
    }),
  })

  route(app, {
    method: 'POST',
    url: '/api/sales-trails/:id/events',
    schema: {
      summary:
        '可回溯：浏览器批量上报进入/离开页面、打开/读完/关闭文件（只能记入本人的记录；同一事件编号只记一次）',
      tags: ['trail'],
      auth: true,
      params: 'trail/TrailParams',
      querystring: 'common/EmptyQuery',
      body: 'trail/TrailEvents',
    },
    handler: async (request, reply) => {
      await trails.browserEvents(
        userIdOf(request),
        request.params.id,
        request.body.events,
        request.body.sentAt,
      )
      return reply.code(204).send()
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/compliance/sales',
    schema: {
      summary: '合规：按保单号、订单号、手机号或时间查找销售过程记录（最新 50 条；手机号脱敏）',
      tags: ['compliance'],
      staff: 'compliance',
      querystring: 'trail/TrailSearchQuery',
      response: 'trail/TrailSearchResult',
    },
    handler: async (request) => {
      const items = await compliance.search(request.query)
      await staffAudit.record(staffOf(request), {
        action: 'trail_search',
        detail: `查找销售过程记录（${describe(request.query)}），${items.length} 条`,
      })
      return { items }
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/compliance/sales/:id',
    schema: {
      summary: '合规：一次销售的过程记录、哈希链校验与当时的页面版本（回放用）',
      tags: ['compliance'],
      staff: 'compliance',
      params: 'trail/TrailParams',
      querystring: 'common/EmptyQuery',
      response: 'trail/TrailDetail',
    },
    handler: async (request, reply) => {
      const detail = await compliance.detail(request.params.id)
      await staffAudit.record(staffOf(request), {
        action: 'trail_view',
        detail: `查看销售过程记录 ${detail.summary.policyNo ?? detail.summary.id}`,
      })
      reply.header('Cache-Control', 'private, no-store')
      return detail
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/compliance/sales/:id/phone',
    schema: {
      summary: '合规：查看买家的完整手机号（核查需要时；每次查看记入操作日志）',
      tags: ['compliance'],
      staff: 'compliance',
      params: 'trail/TrailParams',
      querystring: 'common/EmptyQuery',
      response: 'trail/TrailPhone',
    },
    handler: async (request, reply) => {
      const found = await compliance.phone(request.params.id)
      await staffAudit.record(staffOf(request), {
        action: 'trail_phone_view',
        detail: `查看销售过程记录 ${found.policyNo ?? request.params.id} 的完整手机号`,
      })
      reply.header('Cache-Control', 'private, no-store')
      return { phone: found.phone }
    },
  })

  // A sale as a file: the PDF (timeline, each page as shown, the chain check, the JSON inside) or the JSON alone.
  for (const format of ['pdf', 'json'] as const)
    route(app, {
      method: 'GET',
      url: `/api/studio/compliance/sales/:id/export.${format}`,
      schema: {
        summary:
          format === 'pdf'
            ? '合规：导出一次销售为 PDF（时间线、各步骤当时的页面、哈希链校验，内附 JSON 记录）'
            : '合规：导出一次销售的 JSON 记录与哈希链校验',
        tags: ['compliance'],
        staff: 'compliance',
        params: 'trail/TrailParams',
        querystring: 'common/EmptyQuery',
      },
      handler: async (request, reply) => {
        const staff = staffOf(request)
        const detail = await compliance.detail(request.params.id)
        const at = now().toISOString()
        const json = JSON.stringify({ exportedAt: at, exportedBy: staff.displayName, trail: detail }, null, 2)
        const bytes =
          format === 'pdf'
            ? await renderTrailPdf(detail, { at, by: staff.displayName, json })
            : Buffer.from(json, 'utf8')
        const name = detail.summary.policyNo ?? detail.summary.id
        await staffAudit.record(staff, {
          action: 'trail_export',
          detail: `导出销售过程记录 ${name}（${format.toUpperCase()}）`,
        })
        return download(reply, name, format, bytes)
      },
    })

  route(app, {
    method: 'GET',
    url: '/api/studio/catalog/products/:id/versions',
    schema: {
      summary: '产品页面与其各文件的版本及上下线时间',
      tags: ['compliance'],
      staff: 'staff',
      params: 'trail/ProductParams',
      querystring: 'common/EmptyQuery',
      response: 'trail/ProductVersions',
    },
    handler: async (request) => salesPageVersions.productVersions(request.params.id),
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/sales-page-versions/:id',
    schema: {
      summary: '一个销售页面版本的内容',
      tags: ['compliance'],
      staff: 'staff',
      params: 'trail/VersionParams',
      querystring: 'common/EmptyQuery',
      response: 'trail/SalesPageVersion',
    },
    handler: async (request) => salesPageVersions.get(request.params.id),
  })
}

/** The search as the audit log names it (a phone masked: the log is read by every staff member). */
function describe(query: TrailSearchQuery): string {
  const parts = [
    query.policyNo && `保单号 ${query.policyNo}`,
    query.orderNo && `订单号 ${query.orderNo}`,
    query.phone && `手机号 ${maskPhone(query.phone)}`,
    query.from && `自 ${query.from}`,
    query.to && `至 ${query.to}`,
  ].filter(Boolean)
  return parts.length ? parts.join('，') : '最新'
}

function download(reply: FastifyReply, name: string, kind: 'pdf' | 'json', bytes: Buffer) {
  const file = `销售过程-${name}.${kind}`
  return reply
    .header('Content-Type', kind === 'pdf' ? 'application/pdf' : 'application/json; charset=utf-8')
    .header('Content-Length', String(bytes.length))
    .header('Cache-Control', 'private, no-store')
    .header(
      'Content-Disposition',
      `attachment; filename="sales-trail-${name}.${kind}"; filename*=UTF-8''${encodeURIComponent(file)}`,
    )
    .send(bytes)
}
