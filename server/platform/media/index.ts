import { join } from 'node:path'
import { FileMediaStore } from './fileStore'
import { MemoryMediaStore } from './memoryStore'
import { S3MediaStore, type S3Settings } from './s3Store'
import type { MediaStore } from './store'

export type { MediaStore } from './store'
export { FileMediaStore, MemoryMediaStore, S3MediaStore }

/** The store the environment chose (MEDIA_STORE), as resolved by loadConfig. */
export type MediaStoreConfig = { kind: 'file'; dir: string } | ({ kind: 's3' } & S3Settings)

export function openMediaStore(config: MediaStoreConfig): MediaStore {
  return config.kind === 's3' ? new S3MediaStore(config) : new FileMediaStore(config.dir)
}

/** The folder of the file store inside DATA_DIR. */
export const mediaDir = (dataDir: string) => join(dataDir, 'media')
