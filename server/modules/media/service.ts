import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import type { FastifyBaseLogger } from 'fastify'
import type { Media } from '../../../src/types/generated/api/media'
import type { DB } from '../../db/schema'
import { ApiError, notFound } from '../../platform/errors'
import type { MediaStore } from '../../platform/media'
import { toIso } from '../../platform/time'
import { reencodeImage } from './images'
import { countUpload, type MediaLimits } from './limits'
import type { MediaPurpose, MediaTable } from './tables'

/** An uploaded file nothing uses after this long is removed by the sweep (an abandoned form's photos). */
export const UNUSED_MEDIA_TTL_MS = 24 * 3600_000

export const mediaUrl = (id: string) => `/api/media/${id}`

const toMedia = (row: Selectable<MediaTable>): Media => ({
  id: row.id,
  url: mediaUrl(row.id),
  purpose: row.purpose,
  contentType: row.content_type,
  bytes: row.bytes,
  width: row.width,
  height: row.height,
  createdAt: toIso(row.created_at),
})

type Removed = { user_id: string; bytes: number; storage_key: string }

function quotaExceeded({ maxFilesPerUser, maxBytesPerUser }: MediaLimits): ApiError {
  const mb = Math.round(maxBytesPerUser / 1024 / 1024)
  return new ApiError(
    409,
    'MEDIA_QUOTA_EXCEEDED',
    `上传的图片已达上限（最多 ${maxFilesPerUser} 张、共 ${mb} MB），未使用的图片一天后会自动清理`,
    [{ field: 'file', message: '已达上传上限' }],
  )
}

/**
 * Each user's uploaded images: re-encoded before they are stored, counted against the user's quota in one
 * conditional statement, readable and deletable by their owner only, attached once to what uses them.
 */
export class MediaService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly store: MediaStore,
    readonly limits: MediaLimits,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Before an upload's file is read: refuses a user whose quota is already full (the upload's own reservation,
   * after re-encoding, is still the one that counts) and counts the upload against the hourly rate.
   */
  async admit(userId: string): Promise<void> {
    const { maxFilesPerUser, maxBytesPerUser, uploadsPerUserPerHour } = this.limits
    const usage = await this.db
      .selectFrom('media_usage')
      .select(['files', 'bytes'])
      .where('user_id', '=', userId)
      .executeTakeFirst()
    if (usage && (usage.files >= maxFilesPerUser || Number(usage.bytes) >= maxBytesPerUser))
      throw quotaExceeded(this.limits)
    await countUpload(this.db, `user:${userId}`, uploadsPerUserPerHour, this.now())
  }

  /** Stores an admitted upload (admit first, before reading the file). */
  async upload(userId: string, purpose: MediaPurpose, bytes: Buffer): Promise<Media> {
    const image = await reencodeImage(bytes, this.limits.maxEdge)
    const id = randomBytes(16).toString('base64url')
    const key = `${id.slice(0, 2)}/${id}.${image.extension}`
    // Bytes first, then the row: a row always has its file; a crash between them leaves only an unlisted file.
    await this.store.put(key, image.data, image.contentType)
    try {
      const row = await this.db.transaction().execute(async (trx) => {
        const { maxFilesPerUser, maxBytesPerUser } = this.limits
        const reserved = await sql<{ files: number }>`
          insert into media_usage (user_id, files, bytes) values (${userId}, 1, ${image.data.length})
          on conflict (user_id) do update
            set files = media_usage.files + 1, bytes = media_usage.bytes + excluded.bytes
            where media_usage.files + 1 <= ${maxFilesPerUser}
              and media_usage.bytes + excluded.bytes <= ${maxBytesPerUser}
          returning files`.execute(trx)
        if (reserved.rows.length === 0) throw quotaExceeded(this.limits)
        return trx
          .insertInto('media')
          .values({
            id,
            user_id: userId,
            purpose,
            content_type: image.contentType,
            bytes: image.data.length,
            width: image.width,
            height: image.height,
            storage_key: key,
            attached_to: null,
            created_at: this.now(),
          })
          .returningAll()
          .executeTakeFirstOrThrow()
      })
      return toMedia(row)
    } catch (error) {
      await this.removeObjects([key])
      throw error
    }
  }

  /** The owner's file, as a stream; anyone else's (or a missing one) is 404. */
  async open(userId: string, id: string): Promise<{ media: Media; body: Readable }> {
    return this.read(id, userId)
  }

  /**
   * A file another module has already shown the caller may see (a claim's documents, seen by the policy's holder
   * and insured as well as by who uploaded them); the caller checks that access first.
   */
  async openShared(id: string): Promise<{ media: Media; body: Readable }> {
    return this.read(id, null)
  }

  private async read(id: string, ownerId: string | null): Promise<{ media: Media; body: Readable }> {
    let select = this.db.selectFrom('media').selectAll().where('id', '=', id)
    if (ownerId !== null) select = select.where('user_id', '=', ownerId)
    const row = await select.executeTakeFirst()
    if (!row) throw notFound('图片')
    const body = await this.store.get(row.storage_key)
    if (!body) {
      this.log.warn({ mediaId: id, key: row.storage_key }, 'media row without its file')
      throw notFound('图片')
    }
    return { media: toMedia(row), body }
  }

  /** Deletes an unused file of the owner's and frees its place in the quota. */
  async remove(userId: string, id: string): Promise<void> {
    const removed = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('media')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('attached_to', 'is', null)
        .returning(['user_id', 'bytes', 'storage_key'])
        .executeTakeFirst()
      if (!row) {
        const used = await trx
          .selectFrom('media')
          .select('id')
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst()
        if (used) throw new ApiError(409, 'MEDIA_IN_USE', '该图片正在使用中，不能删除')
        throw notFound('图片')
      }
      await release(trx, [row])
      return row
    })
    await this.removeObjects([removed.storage_key])
  }

  /**
   * Makes the owner's avatar image their avatar (users.avatar is its address); the previous avatar image is
   * deleted with it.
   */
  async setAvatar(userId: string, mediaId: string): Promise<void> {
    const removed = await this.db.transaction().execute(async (trx) => {
      // One avatar change of a user at a time: the one after sees the one before's image as the previous.
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute()
      const row = await trx
        .selectFrom('media')
        .select(['purpose', 'attached_to'])
        .where('id', '=', mediaId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
      if (!row) throw notFound('图片')
      if (row.purpose !== 'avatar' || (row.attached_to !== null && row.attached_to !== 'avatar'))
        throw new ApiError(400, 'INVALID_INPUT', '该图片不是头像图片，请重新上传', [
          { field: 'mediaId', message: '不是头像图片' },
        ])
      await trx.updateTable('media').set({ attached_to: 'avatar' }).where('id', '=', mediaId).execute()
      const previous = await trx
        .deleteFrom('media')
        .where('user_id', '=', userId)
        .where('attached_to', '=', 'avatar')
        .where('id', '!=', mediaId)
        .returning(['user_id', 'bytes', 'storage_key'])
        .execute()
      await release(trx, previous)
      await trx
        .updateTable('users')
        .set({ avatar: mediaUrl(mediaId), updated_at: this.now() })
        .where('id', '=', userId)
        .execute()
      return previous
    })
    await this.removeObjects(removed.map((r) => r.storage_key))
  }

  /**
   * Attaches the owner's unused images of a purpose to what uses them, in the caller's transaction; any id that is
   * not such an image (another user's, used already, another purpose) refuses the whole request.
   */
  async attach(
    trx: Transaction<DB>,
    userId: string,
    ids: readonly string[],
    purpose: MediaPurpose,
    usedBy: string,
    field: string,
  ): Promise<void> {
    const unique = [...new Set(ids)]
    if (unique.length === 0) return
    const attached = await trx
      .updateTable('media')
      .set({ attached_to: usedBy })
      .where('id', 'in', unique)
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('attached_to', 'is', null)
      .returning('id')
      .execute()
    if (attached.length !== unique.length || unique.length !== ids.length)
      throw new ApiError(400, 'INVALID_INPUT', '图片不存在或已被使用，请重新上传', [
        { field, message: '图片不存在或已被使用' },
      ])
  }

  /** Removes images uploaded but never used (a form left half-filled) after UNUSED_MEDIA_TTL_MS. */
  async purgeUnused(): Promise<number> {
    const cutoff = new Date(this.now().getTime() - UNUSED_MEDIA_TTL_MS)
    const removed = await this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .deleteFrom('media')
        .where('attached_to', 'is', null)
        .where('created_at', '<', cutoff)
        .returning(['user_id', 'bytes', 'storage_key'])
        .execute()
      await release(trx, rows)
      return rows
    })
    await this.removeObjects(removed.map((r) => r.storage_key))
    return removed.length
  }

  /** Deleting a stored object is best effort: a leftover file costs disk, never correctness. */
  private async removeObjects(keys: string[]): Promise<void> {
    for (const key of keys)
      await this.store.delete(key).catch((error: unknown) => {
        this.log.warn({ err: error, key }, 'media object not deleted')
      })
  }
}

/** Gives back the quota of deleted files, per user, in the deleting transaction. */
async function release(trx: Transaction<DB>, rows: readonly Removed[]): Promise<void> {
  const byUser = new Map<string, { files: number; bytes: number }>()
  for (const row of rows) {
    const sum = byUser.get(row.user_id) ?? { files: 0, bytes: 0 }
    byUser.set(row.user_id, { files: sum.files + 1, bytes: sum.bytes + row.bytes })
  }
  for (const [userId, sum] of byUser)
    await sql`
      update media_usage set files = files - ${sum.files}, bytes = bytes - ${sum.bytes}
      where user_id = ${userId}`.execute(trx)
}
