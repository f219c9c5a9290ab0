import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { ApiError } from '../../platform/errors'
import { HOUR, secondsLeft, takeHit } from '../../platform/rateLimits'

/** What one upload and one user's uploads may amount to. */
export interface MediaLimits {
  /** The largest file accepted, as uploaded (before re-encoding). */
  maxUploadBytes: number
  /** Files a user may keep at once (deleting one frees its place). */
  maxFilesPerUser: number
  /** Bytes a user may keep at once, counted as stored (re-encoded). */
  maxBytesPerUser: number
  /** The longest side of a stored image; larger ones are scaled down. */
  maxEdge: number
  /** Uploads a consumer may start per hour (counted before the file is read, refused ones included). */
  uploadsPerUserPerHour: number
  /** Images a staff member may upload in the studio per hour. */
  studioUploadsPerStaffPerHour: number
}

export const DEFAULT_MEDIA_LIMITS: MediaLimits = {
  maxUploadBytes: 10 * 1024 * 1024,
  maxFilesPerUser: 50,
  maxBytesPerUser: 100 * 1024 * 1024,
  maxEdge: 2048,
  uploadsPerUserPerHour: 100,
  studioUploadsPerStaffPerHour: 300,
}

/**
 * Counts one upload of `uploader` (e.g. `user:<id>`, `staff:<id>`) in this hour, in the database (one statement),
 * before its file is read: decoding images is the costly part, and a flood of uploads must not reach it.
 */
export async function countUpload(
  db: Kysely<DB>,
  uploader: string,
  perHour: number,
  now: Date,
): Promise<void> {
  if (!(await takeHit(db, `upload:${uploader}`, perHour, HOUR, now)))
    throw new ApiError(
      429,
      'UPLOAD_TOO_FREQUENT',
      '上传过于频繁，请稍后再试',
      [{ field: 'file', message: '上传过于频繁' }],
      { 'Retry-After': String(secondsLeft(HOUR, now)) },
    )
}
