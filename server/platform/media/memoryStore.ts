import { Readable } from 'node:stream'
import { checkKey, type MediaStore } from './store'

/** Keeps files in memory: the store of the in-memory database (tests, a throwaway demo); lost on exit. */
export class MemoryMediaStore implements MediaStore {
  readonly kind = 'memory'
  private readonly objects = new Map<string, Buffer>()

  async put(key: string, body: Buffer): Promise<void> {
    this.objects.set(checkKey(key), Buffer.from(body))
  }

  async get(key: string): Promise<Readable | null> {
    const body = this.objects.get(checkKey(key))
    return body ? Readable.from([body]) : null
  }

  async delete(key: string): Promise<void> {
    this.objects.delete(checkKey(key))
  }
}
