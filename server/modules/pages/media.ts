import type { Readable } from 'node:stream'
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { STUDIO_MEDIA_PATH } from '../../../src/page-config/allowedUrls'
import type { Staff } from '../../../src/types/generated/api/studio'
import type { DB } from '../../db/schema'
import { ApiError, multipartError } from '../../platform/errors'
import type { MediaStore } from '../../platform/media'
import { reencodeImage } from '../media/images'
import { countUpload, type MediaLimits } from '../media/limits'
import type { StaffAudit } from '../studio/audit'
import { newMediaId } from './service'

/** Where a studio image is served: public (a published page shows it to anyone), never changes. */
export const studioMediaUrl = (id: string, extension: string) => `/api/pages/media/${id}.${extension}`
/** A site path of a studio image: the validator does not look for it under public/. */
export const isStudioMediaPath = (sitePath: string) => STUDIO_MEDIA_PATH.test(sitePath)

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

  async upload(request: FastifyRequest, staff: Staff): Promise<{ url: string }> {
    // Counted before the file is read or decoded.
    await countUpload(this.db, `staff:${staff.id}`, this.limits.studioUploadsPerStaffPerHour, this.now())
    let bytes: Buffer | undefined
    try {
      const part = await request.file({
        limits: { fileSize: this.limits.maxUploadBytes, files: 1, fields: 0, parts: 1 },
      })
      if (!part || part.fieldname !== 'file') {
        part?.file.resume()
        throw noFile()
      }
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
    await this.store.put(key, image.data, image.contentType)
    await this.db
      .insertInto('studio_media')
      .values({
        id,
        staff_id: staff.id,
        content_type: image.contentType,
        bytes: image.data.length,
        width: image.width,
        height: image.height,
        storage_key: key,
        created_at: this.now(),
      })
      .execute()
    const url = studioMediaUrl(id, image.extension)
    await this.audit.record(staff, { action: 'media-upload', detail: `上传图片 ${url}` })
    return { url }
  }

  async open(file: string): Promise<{ contentType: string; bytes: number; body: Readable } | null> {
    const [id] = file.split('.')
    const row = await this.db.selectFrom('studio_media').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row || !row.storage_key.endsWith(file)) return null
    const body = await this.store.get(row.storage_key)
    return body ? { contentType: row.content_type, bytes: row.bytes, body } : null
  }
}
