import type { FastifyPluginAsync } from 'fastify'
import fastifyMultipart from '@fastify/multipart'
import { userIdOf } from '../../platform/auth'
import { route } from '../../platform/route'
import { sendMedia } from './send'
import { readUploadForm } from './upload'

/** Uploads: only the owner ever reads or deletes a file; anyone else's id is 404. */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  const { media, users } = app.services
  const tags = ['media']
  // Registered here, so only these routes take multipart bodies (every other write is JSON only).
  await app.register(fastifyMultipart, { limits: { fileSize: media.limits.maxUploadBytes, files: 1 } })

  route(app, {
    method: 'POST',
    url: '/api/media',
    schema: {
      summary:
        '上传图片（multipart：purpose 与一个 file；识别内容、重新编码、去除元数据；每人有上限，每小时上传次数有限，读取文件前先检查）',
      tags,
      auth: true,
      querystring: 'common/EmptyQuery',
      multipart: 'media/UploadForm',
      response: 'media/Media',
    },
    handler: async (request) => {
      const userId = userIdOf(request)
      await media.admit(userId)
      const form = await readUploadForm(request, media.limits.maxUploadBytes)
      return media.upload(userId, form.purpose, form.bytes)
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/media/:id',
    schema: {
      summary: '读取本人上传的图片（他人的图片为 404）',
      tags,
      auth: true,
      params: 'media/MediaParams',
      querystring: 'common/EmptyQuery',
    },
    handler: async (request, reply) => {
      return sendMedia(reply, await media.open(userIdOf(request), request.params.id))
    },
  })

  route(app, {
    method: 'DELETE',
    url: '/api/media/:id',
    schema: {
      summary: '删除本人未使用的图片（释放上传额度）',
      tags,
      auth: true,
      params: 'media/MediaParams',
      querystring: 'common/EmptyQuery',
      response: 'common/Ok',
    },
    handler: async (request) => {
      await media.remove(userIdOf(request), request.params.id)
      return { ok: true as const }
    },
  })

  route(app, {
    method: 'PUT',
    url: '/api/me/avatar',
    schema: {
      summary: '设置头像（本人上传的头像图片；原头像图片一并删除）',
      tags: ['me'],
      auth: true,
      querystring: 'common/EmptyQuery',
      body: 'media/AvatarRequest',
      response: 'auth/Me',
    },
    handler: async (request) => {
      const userId = userIdOf(request)
      await media.setAvatar(userId, request.body.mediaId)
      return users.get(userId)
    },
  })
}
