import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import fastifyMultipart from '@fastify/multipart'
import { ApiError, notFound } from '../../platform/errors'
import { etagMatches, sharedCacheControl } from '../../platform/renderCache'
import { route } from '../../platform/route'
import { markReadsVisitor } from '../../platform/sameForEveryone'
import { staffOf } from '../studio/guard'

/** A page config's draft may be large (a 200-block page); everything else keeps the server's 1 MiB. */
const CONFIG_BODY_LIMIT = 2 * 1024 * 1024

/** The revision an If-Match header names ("3", W/"3" or 3); 428 without one. */
function ifMatchRevision(header: string | undefined): number {
  const match = header ? /^(?:W\/)?"?(\d{1,9})"?$/.exec(header.trim()) : null
  if (!match)
    throw new ApiError(428, 'DRAFT_REVISION_REQUIRED', '保存草稿须带上所编辑的修订号（If-Match）', [
      { field: 'If-Match', message: '缺少修订号' },
    ])
  return Number(match[1])
}

const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store')

/** Published pages for consumers (/api/pages) and the studio's pages API (/api/studio/pages…). */
export const pageRoutes: FastifyPluginAsync = async (app) => {
  const { pages, studioMedia, renderCache, now, experiments } = app.services
  const tags = ['pages']
  const studio = ['studio']

  // ---- consumers ----

  route(app, {
    method: 'GET',
    url: '/api/pages/:id',
    schema: {
      summary: '已发布页面（按服务器时间的线上版本；已下线时给出跳转地址）。带 ETag，短时缓存',
      tags,
      params: 'page/PageParams',
      querystring: 'common/EmptyQuery',
      response: 'page/PageAnswer',
    },
    handler: async (request, reply) => {
      const { id } = request.params
      // Under an A/B test, the visitor's variant (their aid cookie; a render's own request names it).
      const test = await experiments.forPage(request, reply, id)
      // The same for everyone (of a variant): kept while no publication or test changes it (renderCache.ts),
      // not read per visitor.
      const key = test ? `GET /api/pages/${id}#${test.experimentId}:${test.variant}` : `GET /api/pages/${id}`
      const kept = await renderCache.get(key, async () => {
        const page = await pages.live(id, test ?? undefined)
        // A variant's answer names its test: a revalidation after another test started is not a 304.
        const tested =
          'experiment' in page && page.experiment ? `-${page.experiment.id}-${page.experiment.variant}` : ''
        const etag = 'version' in page ? `"${page.id}-${page.version}${tested}"` : `"${page.id}-offline"`
        return { body: JSON.stringify(page), etag }
      })
      if (!kept) throw new Error('a published page is always kept')
      reply.header('ETag', kept.etag)
      if (test) {
        // Whose variant it is depends on the cookie; a Set-Cookie (or a visitor without one) is never kept by a
        // shared cache.
        markReadsVisitor(request)
        reply
          .header('Vary', 'Cookie')
          .header(
            'Cache-Control',
            test.shared ? sharedCacheControl(kept, now().getTime()) : 'private, no-cache',
          )
      } else reply.header('Cache-Control', sharedCacheControl(kept, now().getTime()))
      if (etagMatches(request.headers['if-none-match'], kept.etag)) return reply.code(304).send()
      return reply.type('application/json; charset=utf-8').send(kept.body)
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/pages/:id/preview',
    schema: {
      summary: '草稿预览（凭工作台生成的签名预览链接，24 小时有效）',
      tags,
      params: 'page/PageParams',
      querystring: 'page/PreviewQuery',
      response: 'page/PreviewPage',
    },
    handler: async (request, reply) => {
      noStore(reply)
      return pages.preview(request.params.id, request.query.token)
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/pages/media/:file',
    schema: {
      summary: '工作台上传的页面图片（公开）',
      tags,
      params: 'page/MediaParams',
      querystring: 'common/EmptyQuery',
    },
    handler: async (request, reply) => {
      const found = await studioMedia.open(request.params.file)
      if (!found) throw notFound('图片')
      return reply
        .header('Content-Type', found.contentType)
        .header('Content-Length', String(found.bytes))
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(found.body)
    },
  })

  // ---- the studio ----

  route(app, {
    method: 'GET',
    url: '/api/studio/pages',
    schema: {
      summary: '页面列表（状态按服务器时间）与仓库中的页面配置（只读模板）',
      tags: studio,
      staff: 'editor',
      querystring: 'studio/PageQuery',
      response: 'studio/PageList',
    },
    handler: async (request) => {
      const q = request.query.q?.trim().toLowerCase()
      const folders = pages.folders.list.filter(
        (f) => !q || f.file.toLowerCase().includes(q) || f.title.toLowerCase().includes(q),
      )
      return { pages: await pages.list(request.query.q), folders }
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/templates/config',
    schema: {
      summary: '仓库中页面配置的内容（只读，可复制为新页面）',
      tags: studio,
      staff: 'editor',
      querystring: 'studio/TemplateQuery',
      response: 'studio/TemplateConfig',
    },
    handler: async (request) => {
      const config = pages.folders.config(request.query.file)
      if (!config)
        throw new ApiError(404, 'TEMPLATE_NOT_FOUND', `模板 ${request.query.file} 不存在`, [
          { field: 'file', message: '不存在' },
        ])
      return { file: request.query.file, config }
    },
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/pages',
    schema: {
      summary: '新建页面（可由模板复制；模板中的活动编号改为「页面编号-原编号」）',
      tags: studio,
      staff: 'editor',
      querystring: 'common/EmptyQuery',
      body: 'studio/CreatePage',
      response: 'studio/PageDetail',
    },
    handler: async (request, reply) => {
      const page = await pages.create(request.body, staffOf(request))
      reply.code(201)
      return page
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/pages/:id',
    schema: {
      summary: '页面详情：当前草稿及其校验结果',
      tags: studio,
      staff: 'editor',
      params: 'studio/PageParams',
      querystring: 'common/EmptyQuery',
      response: 'studio/PageDetail',
    },
    handler: async (request) => pages.get(request.params.id),
  })

  route(app, {
    method: 'PUT',
    url: '/api/studio/pages/:id/draft',
    schema: {
      summary:
        '保存草稿（请求体为页面配置；If-Match 为所编辑的修订号；有错误也保存并标记错误数（不能发布），修订号过期为 409）',
      tags: studio,
      staff: 'editor',
      params: 'studio/PageParams',
      querystring: 'common/EmptyQuery',
      headers: 'studio/DraftHeaders',
      body: 'studio/ConfigBody',
      response: 'studio/DraftSaved',
    },
    bodyLimit: CONFIG_BODY_LIMIT,
    handler: async (request) => {
      const revision = ifMatchRevision(request.headers['if-match'])
      return pages.saveDraft(request.params.id, request.body, revision, staffOf(request))
    },
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/validate',
    schema: {
      summary: '校验页面配置（与命令行同样的检查和中文提示）；配置有错时也是 200，错误在 errors 中',
      tags: studio,
      staff: 'editor',
      querystring: 'studio/ValidateQuery',
      body: 'studio/ConfigBody',
      response: 'studio/ValidationResult',
    },
    bodyLimit: CONFIG_BODY_LIMIT,
    handler: async (request) => ({ errors: await pages.validate(request.body, request.query.id) }),
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/pages/:id/publish',
    schema: {
      summary:
        '发布草稿（立即或定时）：重新校验，有错误不发布（409）；生成新版本，取代待生效的定时发布；立即发布时登记其中的活动，定时发布在生效时登记（发布员）',
      tags: studio,
      staff: 'publisher',
      params: 'studio/PageParams',
      querystring: 'common/EmptyQuery',
      body: 'studio/PublishInput',
      response: 'studio/Published',
    },
    handler: async (request) =>
      pages.publish(request.params.id, request.body.revision, request.body.at, staffOf(request)),
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/pages/:id/rollback',
    schema: {
      summary: '回滚：立即重新发布一个旧版本，取代待生效的定时发布（发布员）',
      tags: studio,
      staff: 'publisher',
      params: 'studio/PageParams',
      querystring: 'common/EmptyQuery',
      body: 'studio/RollbackInput',
      response: 'studio/Published',
    },
    handler: async (request) => pages.rollback(request.params.id, request.body.version, staffOf(request)),
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/pages/:id/unpublish',
    schema: {
      summary: '下线页面（任何阶段；跳转到其 fallback），并取代待生效的定时发布（发布员）',
      tags: studio,
      staff: 'publisher',
      params: 'studio/PageParams',
      querystring: 'common/EmptyQuery',
      response: 'studio/Unpublished',
    },
    handler: async (request) => pages.unpublish(request.params.id, staffOf(request)),
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/pages/:id/schedules/:scheduleId/cancel',
    schema: {
      summary: '取消一个待生效的定时发布（保留记录：谁、何时取消；发布员）',
      tags: studio,
      staff: 'publisher',
      params: 'studio/ScheduleParams',
      querystring: 'common/EmptyQuery',
      response: 'studio/ScheduleCancelled',
    },
    handler: async (request) =>
      pages.cancelSchedule(request.params.id, request.params.scheduleId, staffOf(request)),
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/pages/:id/draft/load-live',
    schema: {
      summary: '载入线上版本到草稿（If-Match 为所编辑的修订号，与保存草稿相同的乐观锁；记入审计日志）',
      tags: studio,
      staff: 'editor',
      params: 'studio/PageParams',
      querystring: 'common/EmptyQuery',
      headers: 'studio/DraftHeaders',
      response: 'studio/DraftSaved',
    },
    handler: async (request) => {
      const revision = ifMatchRevision(request.headers['if-match'])
      return pages.loadLive(request.params.id, revision, staffOf(request))
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/pages/:id/versions',
    schema: {
      summary: '版本列表及每个版本的发布记录',
      tags: studio,
      staff: 'editor',
      params: 'studio/PageParams',
      querystring: 'common/EmptyQuery',
      response: 'studio/VersionList',
    },
    handler: async (request) => pages.versions(request.params.id),
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/pages/:id/versions/:version',
    schema: {
      summary: '某个版本的页面配置（只读）',
      tags: studio,
      staff: 'editor',
      params: 'studio/VersionParams',
      querystring: 'common/EmptyQuery',
      response: 'studio/VersionConfig',
    },
    handler: async (request) => pages.version(request.params.id, request.params.version),
  })

  route(app, {
    method: 'POST',
    url: '/api/studio/pages/:id/preview-links',
    schema: {
      summary: '生成草稿的预览链接（签名，24 小时有效，可指定预览时刻）',
      tags: studio,
      staff: 'editor',
      params: 'studio/PageParams',
      querystring: 'common/EmptyQuery',
      body: 'studio/PreviewLinkInput',
      response: 'studio/PreviewLink',
    },
    handler: async (request) => pages.previewLink(request.params.id, request.body.at, staffOf(request)),
  })

  route(app, {
    method: 'GET',
    url: '/api/studio/media',
    schema: {
      summary: '素材库：上传过的页面图片（最新在前，按文件名搜索，分页），含尺寸、大小、上传人和时间',
      tags: studio,
      staff: 'editor',
      querystring: 'studio/MediaQuery',
      response: 'studio/MediaPage',
    },
    handler: async (request, reply) => {
      noStore(reply)
      return studioMedia.list(request.query)
    },
  })

  // Only the upload takes multipart bodies (its own plugin scope).
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, { limits: { fileSize: studioMedia.maxUploadBytes, files: 1 } })
    route(uploads, {
      method: 'POST',
      url: '/api/studio/media',
      schema: {
        summary: '上传页面图片（multipart：一个 file；识别内容、重新编码；返回公开地址，并记入素材库）',
        tags: studio,
        staff: 'editor',
        querystring: 'common/EmptyQuery',
        multipart: 'studio/MediaForm',
        response: 'studio/MediaAsset',
      },
      handler: async (request) => studioMedia.upload(request, staffOf(request)),
    })
  })
}
