import { mkdir, open, rename, rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Readable } from 'node:stream'
import { randomBytes } from 'node:crypto'
import { checkKey, type MediaStore } from './store'

/** Files under a folder (`${DATA_DIR}/media`): written to a temporary name and renamed, so a reader never sees half a file. */
export class FileMediaStore implements MediaStore {
  readonly kind = 'file'

  constructor(readonly root: string) {}

  private path(key: string): string {
    return join(this.root, checkKey(key))
  }

  async put(key: string, body: Buffer): Promise<void> {
    const path = this.path(key)
    await mkdir(dirname(path), { recursive: true })
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`
    const handle = await open(temporary, 'wx', 0o600)
    try {
      await handle.writeFile(body)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temporary, path)
  }

  async get(key: string): Promise<Readable | null> {
    const path = this.path(key)
    const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null
      throw error
    })
    return handle ? handle.createReadStream({ autoClose: true }) : null
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true })
  }
}
