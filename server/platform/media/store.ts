import type { Readable } from 'node:stream'

// Where uploaded files live (docs/configuration.md): a folder under DATA_DIR for one process, an S3-compatible bucket
// when several processes share the database, or memory for the in-memory test database. The database says who
// owns what; a store only keeps bytes under a key.

export interface MediaStore {
  /** "file", "s3" or "memory": shown in logs and checked by the production settings. */
  readonly kind: 'file' | 's3' | 'memory'
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** The object's bytes as a stream, or null when there is none under the key. */
  get(key: string): Promise<Readable | null>
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>
}

/** Keys are made by the media module: safe path segments only, never from user input. */
const KEY = /^[A-Za-z0-9_-]{1,64}(\/[A-Za-z0-9_-]{1,64})*\.[a-z0-9]{1,8}$/

export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid media key "${key}"`)
  return key
}
