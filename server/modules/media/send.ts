import type { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import type { Media } from '../../../src/types/generated/api/media'

/** Sends an uploaded image: an id's bytes never change, and only this browser's user may keep them. */
export const sendMedia = (reply: FastifyReply, { media, body }: { media: Media; body: Readable }) =>
  reply
    .header('Content-Type', media.contentType)
    .header('Content-Length', String(media.bytes))
    .header('Cache-Control', 'private, max-age=86400')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Content-Disposition', 'inline')
    .send(body)
