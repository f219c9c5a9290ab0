import { createServer, type Server } from 'node:http'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Media } from '../../src/types/generated/api/media'
import { ConfigError, loadConfig } from '../../server/platform/config'
import { FileMediaStore, S3MediaStore, type MediaStore } from '../../server/platform/media'
import { UNUSED_MEDIA_TTL_MS } from '../../server/modules/media/service'
import { createTestApp, json, loginAs, testClock, type TestApp } from './helpers'
import { multipart } from './uploads'

// Uploads (docs/server.md): the bytes decide what a file is; what is stored is re-encoded without metadata;
// sizes, counts and the per-user quota are refused in our error format; only the owner reads a file.

let test: TestApp
let users = 0
const clock = testClock()
const nextUser = () => {
  users += 1
  return loginAs(test.app, `1371000${String(users).padStart(4, '0')}`, `10.7.0.${users}`)
}

beforeAll(async () => {
  test = await createTestApp({
    now: clock.now,
    mediaLimits: { maxUploadBytes: 2 * 1024 * 1024, maxFilesPerUser: 3, maxBytesPerUser: 50 * 1024 * 1024 },
  })
})
afterAll(async () => test.close())

/** A camera-like JPEG: sideways (EXIF orientation 6) with a description and a copyright in its metadata. */
const cameraJpeg = (width = 3000, height = 1000) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { ImageDescription: 'home address', Copyright: 'me' } } })
    .toBuffer()

const upload = (
  cookie: string | null,
  data: Buffer,
  { purpose = 'feedback', filename = 'photo.jpg', type = 'image/jpeg' } = {},
) => {
  const body = multipart([
    { name: 'purpose', value: purpose },
    { name: 'file', file: { filename, type, data } },
  ])
  return test.app.inject({
    method: 'POST',
    url: '/api/media',
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  })
}

describe('uploads', () => {
  it('re-encodes a camera photo: upright, at most 2048 px, no EXIF; only its owner reads it', async () => {
    const owner = await nextUser()
    const res = await upload(owner, await cameraJpeg())
    expect(res.statusCode).toBe(200)
    const media = res.json<Media>()
    expect(media).toMatchObject({ purpose: 'feedback', contentType: 'image/jpeg', width: 683, height: 2048 })
    expect(media.id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(media.url).toBe(`/api/media/${media.id}`)

    const file = await test.app.inject({ url: media.url, headers: { cookie: owner } })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/jpeg')
    expect(file.headers['cache-control']).toBe('private, max-age=86400')
    expect(file.headers['x-content-type-options']).toBe('nosniff')
    expect(file.rawPayload.length).toBe(media.bytes)
    const stored = await sharp(file.rawPayload).metadata()
    expect(stored).toMatchObject({ format: 'jpeg', width: 683, height: 2048 })
    expect(stored.exif).toBeUndefined()
    expect(stored.orientation).toBeUndefined()
    expect(file.rawPayload.includes('home address')).toBe(false)

    const stranger = await nextUser()
    const other = await test.app.inject({ url: media.url, headers: { cookie: stranger } })
    expect(other.statusCode).toBe(404)
    expect(other.json().error).toMatchObject({ code: 'NOT_FOUND', message: '图片不存在' })
    expect((await test.app.inject({ url: media.url })).statusCode).toBe(401)
    expect(
      (await test.app.inject({ method: 'DELETE', url: media.url, headers: { cookie: stranger } })).statusCode,
    ).toBe(404)
  })

  it('keeps transparency as WebP and takes PNG, WebP and GIF whatever the file is called', async () => {
    const cookie = await nextUser()
    const png = await sharp({
      create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer()
    const res = await upload(cookie, png, { filename: 'logo.jpg', type: 'image/jpeg' })
    expect(res.json()).toMatchObject({ contentType: 'image/webp', width: 40, height: 30 })
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer()
    const fromGif = await upload(cookie, gif, { filename: 'x.bin', type: 'application/octet-stream' })
    // GIF has a transparent colour: kept as WebP.
    expect(fromGif.json()).toMatchObject({ contentType: 'image/webp', width: 8, height: 8 })
    const webp = await sharp({ create: { width: 9, height: 7, channels: 3, background: '#0f0' } })
      .webp()
      .toBuffer()
    const fromWebp = await upload(cookie, webp, { filename: 'x.png', type: 'image/png' })
    expect(fromWebp.json()).toMatchObject({ contentType: 'image/jpeg', width: 9, height: 7 })
  })

  it('refuses what is not an image by its bytes, whatever its name and declared type: 415', async () => {
    const cookie = await nextUser()
    const disguised = [
      Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2000, 0x90)]),
      // A PNG signature on garbage, and a truncated JPEG.
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 7)]),
      (await cameraJpeg(400, 300)).subarray(0, 200),
    ]
    for (const data of disguised) {
      const res = await upload(cookie, data, { filename: 'photo.jpg', type: 'image/jpeg' })
      expect(res.statusCode, data.subarray(0, 20).toString()).toBe(415)
      expect(res.json().error.code).toBe('UNSUPPORTED_IMAGE')
      expect(res.json().error.message).toMatch(/[图片]/)
    }
    // Nothing of them was kept: the quota (3 files) still takes three.
    for (let i = 0; i < 3; i++) expect((await upload(cookie, await cameraJpeg(50, 50))).statusCode).toBe(200)
  })

  it('refuses an oversized file with 413 while it streams, in our format', async () => {
    const cookie = await nextUser()
    const big = await sharp({
      create: {
        width: 1500,
        height: 1500,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer()
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024)
    const res = await upload(cookie, big, { filename: 'big.png', type: 'image/png' })
    expect(res.statusCode).toBe(413)
    expect(res.json().error).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: '文件过大，单个文件不能超过 2 MB',
    })
  })

  it('answers malformed forms in our format: not multipart, two files, no file, a bad purpose, garbage', async () => {
    const cookie = await nextUser()
    const jpeg = await cameraJpeg(20, 20)
    const asJson = await json(test.app, {
      method: 'POST',
      url: '/api/media',
      body: { purpose: 'feedback' },
      headers: { cookie },
    })
    expect(asJson.statusCode).toBe(415)
    expect(asJson.json().error.code).toBe('NOT_MULTIPART')
    const two = multipart([
      { name: 'purpose', value: 'feedback' },
      { name: 'file', file: { filename: 'a.jpg', type: 'image/jpeg', data: jpeg } },
      { name: 'file', file: { filename: 'b.jpg', type: 'image/jpeg', data: jpeg } },
    ])
    const twoRes = await test.app.inject({
      method: 'POST',
      url: '/api/media',
      payload: two.payload,
      headers: { ...two.headers, cookie },
    })
    expect(twoRes.statusCode).toBe(413)
    expect(twoRes.json().error).toMatchObject({ code: 'TOO_MANY_FILES', message: '一次只能上传一个文件' })
    const noFile = multipart([{ name: 'purpose', value: 'feedback' }])
    const noFileRes = await test.app.inject({
      method: 'POST',
      url: '/api/media',
      payload: noFile.payload,
      headers: { ...noFile.headers, cookie },
    })
    expect(noFileRes.statusCode).toBe(400)
    expect(noFileRes.json().error.details).toEqual([
      { field: 'file', message: '缺少必填项：图片文件（file）' },
    ])
    const badPurpose = await upload(cookie, jpeg, { purpose: 'anything' })
    expect(badPurpose.statusCode).toBe(400)
    expect(badPurpose.json().error.details[0].field).toBe('purpose')
    const garbage = await test.app.inject({
      method: 'POST',
      url: '/api/media',
      payload: 'not a form at all',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', cookie },
    })
    expect(garbage.statusCode).toBe(400)
    expect(garbage.json().error.code).toMatch(/INVALID_(MULTIPART|INPUT)/)
    const noBoundary = await test.app.inject({
      method: 'POST',
      url: '/api/media',
      payload: 'x',
      headers: { 'content-type': 'multipart/form-data', cookie },
    })
    expect(noBoundary.statusCode).toBe(400)
    expect(noBoundary.json().error.message).toBe('上传的表单格式不正确')
    // A multipart body anywhere else is refused as before (JSON only).
    const elsewhere = await test.app.inject({
      method: 'PATCH',
      url: '/api/me',
      payload: two.payload,
      headers: { ...two.headers, cookie },
    })
    expect(elsewhere.statusCode).toBe(415)
  })

  it('needs a session: 401 before reading the file', async () => {
    const res = await upload(null, await cameraJpeg(20, 20))
    expect(res.statusCode).toBe(401)
    expect(res.json().error).toMatchObject({ code: 'UNAUTHENTICATED', message: '请先登录' })
  })

  it('holds the per-user quota; deleting an unused file frees its place, unused files go after a day', async () => {
    const cookie = await nextUser()
    const small = await cameraJpeg(30, 30)
    const ids: string[] = []
    for (let i = 0; i < 3; i++) ids.push((await upload(cookie, small)).json<Media>().id)
    const fourth = await upload(cookie, small)
    expect(fourth.statusCode).toBe(409)
    expect(fourth.json().error).toMatchObject({ code: 'MEDIA_QUOTA_EXCEEDED' })
    expect(fourth.json().error.message).toContain('最多 3 张')
    // Another user has their own quota.
    expect((await upload(await nextUser(), small)).statusCode).toBe(200)

    const removed = await test.app.inject({
      method: 'DELETE',
      url: `/api/media/${ids[0]}`,
      headers: { cookie },
    })
    expect(removed.json()).toEqual({ ok: true })
    expect((await test.app.inject({ url: `/api/media/${ids[0]}`, headers: { cookie } })).statusCode).toBe(404)
    expect((await upload(cookie, small)).statusCode).toBe(200)
    expect((await upload(cookie, small)).statusCode).toBe(409)

    clock.advance(UNUSED_MEDIA_TTL_MS + 1000)
    await test.app.services.media.purgeUnused()
    expect((await test.app.inject({ url: `/api/media/${ids[1]}`, headers: { cookie } })).statusCode).toBe(404)
    for (let i = 0; i < 3; i++) expect((await upload(cookie, small)).statusCode).toBe(200)
  })
})

describe('avatar and nickname', () => {
  it('sets an uploaded avatar image as the avatar, replaces the previous one, refuses others', async () => {
    const cookie = await nextUser()
    const first = (await upload(cookie, await cameraJpeg(300, 300), { purpose: 'avatar' })).json<Media>()
    const put = (mediaId: string, who = cookie) =>
      json(test.app, { method: 'PUT', url: '/api/me/avatar', body: { mediaId }, headers: { cookie: who } })
    const set = await put(first.id)
    expect(set.statusCode).toBe(200)
    expect(set.json()).toMatchObject({ avatar: `/api/media/${first.id}` })
    // In use: not deleted by hand.
    const inUse = await test.app.inject({ method: 'DELETE', url: first.url, headers: { cookie } })
    expect(inUse.statusCode).toBe(409)

    const second = (await upload(cookie, await cameraJpeg(200, 200), { purpose: 'avatar' })).json<Media>()
    expect((await put(second.id)).json()).toMatchObject({ avatar: second.url })
    expect((await test.app.inject({ url: first.url, headers: { cookie } })).statusCode).toBe(404)
    expect((await test.app.inject({ url: second.url, headers: { cookie } })).statusCode).toBe(200)

    const photo = (await upload(cookie, await cameraJpeg(20, 20))).json<Media>()
    const wrongPurpose = await put(photo.id)
    expect(wrongPurpose.statusCode).toBe(400)
    expect(wrongPurpose.json().error.details).toEqual([{ field: 'mediaId', message: '不是头像图片' }])
    const stranger = await nextUser()
    expect((await put(second.id, stranger)).statusCode).toBe(404)
  })

  it('changes the nickname within 2–20 characters, without control characters', async () => {
    const cookie = await nextUser()
    const patch = (nickname: unknown) =>
      json(test.app, { method: 'PATCH', url: '/api/me', body: { nickname }, headers: { cookie } })
    expect((await patch('  小明同学  ')).json()).toMatchObject({ nickname: '小明同学' })
    for (const bad of ['明', ' 明 ', '一二三四五六七八九十一二三四五六七八九十一', 'a\u0000b'])
      expect((await patch(bad)).statusCode, JSON.stringify(bad)).toBe(400)
    expect((await patch('明')).json().error.details[0].field).toBe('nickname')
    expect(
      (
        await json(test.app, {
          method: 'PATCH',
          url: '/api/me',
          body: { avatar: '/x.png' },
          headers: { cookie },
        })
      ).statusCode,
    ).toBe(400)
  })
})

describe('media stores', () => {
  it('keeps files under DATA_DIR/media with the file store', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'media-'))
    try {
      const store: MediaStore = new FileMediaStore(join(dir, 'media'))
      await store.put('ab/abc.jpg', Buffer.from('bytes'), 'image/jpeg')
      expect(await readdir(join(dir, 'media', 'ab'))).toEqual(['abc.jpg'])
      const body = await store.get('ab/abc.jpg')
      expect(Buffer.concat(await body!.toArray()).toString()).toBe('bytes')
      await store.delete('ab/abc.jpg')
      expect(await store.get('ab/abc.jpg')).toBeNull()
      await expect(store.put('../escape.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(
        /invalid media key/,
      )
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('chooses the store from MEDIA_STORE and names every missing S3 setting', () => {
    expect(loadConfig({ DATA_DIR: '/srv/data' }).media).toEqual({ kind: 'file', dir: '/srv/data/media' })
    expect(loadConfig({ DATA_DIR: '/srv/data', DATABASE_URL: 'postgres://x/y' }).media.kind).toBe('file')
    expect(() => loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'b' })).toThrow(ConfigError)
    try {
      loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'b' })
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'MEDIA_STORE=s3 needs S3_ENDPOINT',
        'MEDIA_STORE=s3 needs S3_REGION',
        'MEDIA_STORE=s3 needs S3_ACCESS_KEY_ID',
        'MEDIA_STORE=s3 needs S3_SECRET_ACCESS_KEY',
      ])
    }
    expect(() => loadConfig({ MEDIA_STORE: 'ftp' })).toThrow(/MEDIA_STORE must be/)
  })

  describe('S3-compatible store', () => {
    let server: Server
    let endpoint: string
    const objects = new Map<string, { body: Buffer; type: string }>()
    const authorizations: string[] = []

    beforeAll(async () => {
      // A bucket on 127.0.0.1: keeps PUT bodies, serves GET, deletes on DELETE, and notes each signature.
      server = createServer((req, res) => {
        authorizations.push(req.headers.authorization ?? '')
        const chunks: Buffer[] = []
        req.on('data', (c: Buffer) => chunks.push(c))
        req.on('end', () => {
          const key = req.url ?? ''
          if (req.method === 'PUT') {
            objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) })
            res.writeHead(200).end()
          } else if (req.method === 'GET') {
            const object = objects.get(key)
            if (!object) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>')
            else res.writeHead(200, { 'content-type': object.type }).end(object.body)
          } else if (req.method === 'DELETE') {
            objects.delete(key)
            res.writeHead(204).end()
          } else res.writeHead(405).end()
        })
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    })
    afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())))

    it('round-trips an upload through the bucket with SigV4-signed requests', async () => {
      const store = new S3MediaStore({
        endpoint,
        bucket: 'mall-media',
        region: 'cn-east-1',
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'secret-example',
      })
      const app = await createTestApp({ mediaStore: store })
      try {
        const cookie = await loginAs(app.app, '13710009999', '10.7.9.9')
        const body = multipart([
          { name: 'purpose', value: 'feedback' },
          { name: 'file', file: { filename: 'p.jpg', type: 'image/jpeg', data: await cameraJpeg(100, 80) } },
        ])
        const uploaded = await app.app.inject({
          method: 'POST',
          url: '/api/media',
          payload: body.payload,
          headers: { ...body.headers, cookie },
        })
        expect(uploaded.statusCode).toBe(200)
        const media = uploaded.json<Media>()
        const key = `/mall-media/${media.id.slice(0, 2)}/${media.id}.jpg`
        expect(objects.get(key)).toMatchObject({ type: 'image/jpeg' })
        expect(objects.get(key)?.body.length).toBe(media.bytes)
        const read = await app.app.inject({ url: media.url, headers: { cookie } })
        expect(read.statusCode).toBe(200)
        expect(read.rawPayload.equals(objects.get(key)!.body)).toBe(true)
        expect(authorizations.length).toBeGreaterThanOrEqual(2)
        for (const authorization of authorizations)
          expect(authorization).toMatch(
            /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/cn-east-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/,
          )
        expect(
          (await app.app.inject({ method: 'DELETE', url: media.url, headers: { cookie } })).statusCode,
        ).toBe(200)
        expect(objects.has(key)).toBe(false)
        expect(await store.get(`${media.id.slice(0, 2)}/${media.id}.jpg`)).toBeNull()
      } finally {
        await app.close()
      }
    })
  })
})
