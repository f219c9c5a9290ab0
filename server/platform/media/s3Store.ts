import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { AwsClient } from 'aws4fetch'
import { checkKey, type MediaStore } from './store'

export interface S3Settings {
  /** https://s3.example.com (path-style: the bucket is the first path segment). */
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, Aliyun OSS and Tencent COS in S3 mode), requests signed with SigV4.
 * Path-style addressing works with every one of them without DNS per bucket.
 */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3'
  private readonly client: AwsClient
  private readonly base: string

  constructor(settings: S3Settings) {
    this.client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      service: 's3',
      region: settings.region,
      retries: 2,
    })
    this.base = `${settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(settings.bucket)}`
  }

  private url(key: string): string {
    return `${this.base}/${checkKey(key)}`
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const res = await this.client.fetch(this.url(key), {
      method: 'PUT',
      body: new Uint8Array(body),
      headers: { 'content-type': contentType, 'content-length': String(body.length) },
    })
    await res.body?.cancel()
    if (!res.ok) throw new Error(`S3 PUT ${key} failed: HTTP ${res.status}`)
  }

  async get(key: string): Promise<Readable | null> {
    const res = await this.client.fetch(this.url(key), { method: 'GET' })
    if (res.status === 404) {
      await res.body?.cancel()
      return null
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel()
      throw new Error(`S3 GET ${key} failed: HTTP ${res.status}`)
    }
    return Readable.fromWeb(res.body as WebReadableStream<Uint8Array>)
  }

  async delete(key: string): Promise<void> {
    const res = await this.client.fetch(this.url(key), { method: 'DELETE' })
    await res.body?.cancel()
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed: HTTP ${res.status}`)
  }
}
