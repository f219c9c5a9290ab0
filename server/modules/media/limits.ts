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
}

export const DEFAULT_MEDIA_LIMITS: MediaLimits = {
  maxUploadBytes: 10 * 1024 * 1024,
  maxFilesPerUser: 50,
  maxBytesPerUser: 100 * 1024 * 1024,
  maxEdge: 2048,
}
