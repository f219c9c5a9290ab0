import type { Readable } from 'node:stream'
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { STUDIO_MEDIA_PATH } from '../../../src/page-config/allowedUrls'
import { sql } from 'kysely'
import type { MediaAsset, MediaPage, MediaQuery, Staff } from '../../../src/types/generated/api/studio'
import type { DB } from '../../db/schema'
import { ApiError, multipartError } from '../../platform/errors'
import type { MediaStore } from '../../platform/media'
import { decodeSeqCursor, encodeSeqCursor } from '../../platform/seqCursor'
import { toIso } from '../../platform/time'
import { reencodeImage } from '../media/images'
import { countUpload, type MediaLimits } from '../media/limits'
import type { StaffAudit } from '../studio/audit'
import { newMediaId } from './service'

/** Where a studio image is served: public (a published page shows it to anyone), never changes. */
export const studioMediaUrl = (id: string, extension: string) => `/api/pages/media/${id}.${extension}`
/** A site path of a studio image: the validator does not look for it under public/. */
export const isStudioMediaPath = (sitePath: string) => STUDIO_MEDIA_PATH.test(sitePath)

/** The asset library's page size unless the query names one. */
const DEFAULT_PAGE = 40
const NAME_LIMIT = 100

/**
 * The name the library shows for an upload: the file's own name without folders, control characters or
 * surrounding spaces, at most 100 characters; 未命名图片 when nothing is left.
 */
export function assetName(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim()
  return [...clean].slice(0, NAME_LIMIT).join('') || '未命名图片'
}

/** Escapes LIKE wildcards so a search matches literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

const noFile = () =>
  new ApiError(400, 'INVALID_INPUT', '缺少必填项：图片文件（file）', [
    { field: 'file', message: '缺少图片文件' },
  ])

/**
 * Images staff upload for pages, through the media module's pieces: the same size limit, content sniffing and
 * re-encoding (metadata stripped), the same store (DATA_DIR or S3). Unlike a consumer's photos they are public.
 */
export class StudioMedia {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly store: MediaStore,
    private readonly limits: MediaLimits,
    private readonly audit: StaffAudit,
  ) {}

  get maxUploadBytes(): number {
    return this.limits.maxUploadBytes
  }

  async upload(request: FastifyRequest, staff: Staff): Promise<MediaAsset> {
    // Counted before the file is read or decoded.
    await countUpload(this.db, `staff:${staff.id}`, this.limits.studioUploadsPerStaffPerHour, this.now())
    let bytes: Buffer | undefined
    let filename: string | undefined
    try {
      const part = await request.file({
        limits: { fileSize: this.limits.maxUploadBytes, files: 1, fields: 0, parts: 1 },
      })
      if (!part || part.fieldname !== 'file') {
        part?.file.resume()
        throw noFile()
      }
      filename = part.filename
      bytes = await part.toBuffer()
    } catch (error) {
      if (error instanceof ApiError) throw error
      const known = multipartError((error as { code?: string }).code, this.limits.maxUploadBytes)
      if (known) throw known
      throw new ApiError(400, 'INVALID_MULTIPART', '上传的表单格式不正确', [
        { field: '请求体', message: '表单格式不正确' },
      ])
    }
    if (!bytes.length) throw noFile()
    const image = await reencodeImage(bytes, this.limits.maxEdge)
    const id = newMediaId()
    const key = `studio/${id}.${image.extension}`
    const name = assetName(filename)
    const createdAt = this.now()
    await this.store.put(key, image.data, image.contentType)
    await this.db
      .insertInto('studio_media')
      .values({
        id,
        staff_id: staff.id,
        name,
        content_type: image.contentType,
        bytes: image.data.length,
        width: image.width,
        height: image.height,
        storage_key: key,
        created_at: createdAt,
      })
      .execute()
    const url = studioMediaUrl(id, image.extension)
    await this.audit.record(staff, { action: 'media-upload', detail: `上传图片 ${name}（${url}）` })
    return {
      id,
      url,
      name,
      width: image.width,
      height: image.height,
      bytes: image.data.length,
      uploadedBy: staff.displayName,
      uploadedAt: toIso(createdAt),
    }
  }

  /**
   * The asset library: uploads newest first, a page at a time, searched by file name (case-insensitive,
   * literally), or the one upload served at `url`.
   */
  async list(query: MediaQuery): Promise<MediaPage> {
    const limit = query.limit ?? DEFAULT_PAGE
    let select = this.db
      .selectFrom('studio_media as m')
      .innerJoin('staff_users as u', 'u.id', 'm.staff_id')
      .select([
        'm.id',
        'm.name',
        'm.storage_key',
        'm.width',
        'm.height',
        'm.bytes',
        'm.created_at',
        'm.seq',
        'u.display_name',
      ])
    const q = query.q?.trim()
    if (q) select = select.where(sql<boolean>`m.name ILIKE ${likePattern(q)}`)
    if (query.url !== undefined) {
      const file = /^\/api\/pages\/media\/([\w-]+)\.\w+$/.exec(query.url)
      select = select.where('m.id', '=', file?.[1] ?? '')
    }
    if (query.cursor)
      select = select.where('m.seq', '<', sql<string>`${decodeSeqCursor(query.cursor)}::bigint`)
    const rows = await select
      .orderBy('m.seq', 'desc')
      .limit(limit + 1)
      .execute()
    const page = rows.slice(0, limit)
    const last = page[page.length - 1]
    return {
      items: page.map((row) => ({
        id: row.id,
        url: studioMediaUrl(row.id, row.storage_key.split('.').pop() ?? ''),
        name: row.name || row.id,
        width: row.width,
        height: row.height,
        bytes: row.bytes,
        uploadedBy: row.display_name,
        uploadedAt: toIso(row.created_at),
      })),
      nextCursor: rows.length > limit && last ? encodeSeqCursor(String(last.seq)) : null,
    }
  }

  async open(file: string): Promise<{ contentType: string; bytes: number; body: Readable } | null> {
    const [id] = file.split('.')
    const row = await this.db.selectFrom('studio_media').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row || !row.storage_key.endsWith(file)) return null
    const body = await this.store.get(row.storage_key)
    return body ? { contentType: row.content_type, bytes: row.bytes, body } : null
  }
}
