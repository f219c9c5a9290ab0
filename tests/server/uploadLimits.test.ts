import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { reencodeImage } from '../../server/modules/media/images'
import { createTestApp, loginAs, testClock, type TestApp } from './helpers'
import { multipart } from './uploads'
import { staffHeaders, staffLogin } from './studioHelpers'

// An upload over the user's quota or over the hourly upload rate (a consumer's, or a staff member's in the studio)
// is refused before its file is read, so a full account or a flood of uploads never makes the server decode images.

vi.mock('../../server/modules/media/images', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../server/modules/media/images')>()
  return { ...actual, reencodeImage: vi.fn(actual.reencodeImage) }
})
const decoder = vi.mocked(reencodeImage)

const clock = testClock()
let t: TestApp
let jpeg: Buffer

beforeAll(async () => {
  t = await createTestApp({
    now: clock.now,
    mediaLimits: { maxFilesPerUser: 2, uploadsPerUserPerHour: 4, studioUploadsPerStaffPerHour: 2 },
  })
  jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#36c' } })
    .jpeg()
    .toBuffer()
}, 60_000)
afterAll(() => t?.close())
// (A block body: a function returned from beforeEach would be run as its cleanup.)
beforeEach(() => {
  decoder.mockClear()
})

function post(url: string, cookie: string, fields: { name: string; value: string }[] = []) {
  const form = multipart([
    ...fields,
    { name: 'file', file: { filename: 'p.jpg', type: 'image/jpeg', data: jpeg } },
  ])
  return t.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, ...staffHeaders(cookie) },
  })
}
const upload = (cookie: string) => post('/api/media', cookie, [{ name: 'purpose', value: 'feedback' }])
const remove = (cookie: string, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/media/${id}`, headers: { cookie } })

const errorOf = (res: { json: <T>() => T }) => res.json<{ error: { code: string; message: string } }>().error

describe('upload limits are checked before the file is read', () => {
  it('an upload over the quota is 409 and never decoded', async () => {
    const cookie = await loginAs(t.app, '13720260001', '10.26.0.1')
    for (let i = 0; i < 2; i++) expect((await upload(cookie)).statusCode).toBe(200)
    expect(decoder).toHaveBeenCalledTimes(2)
    const over = await upload(cookie)
    expect({ status: over.statusCode, code: errorOf(over).code }).toEqual({
      status: 409,
      code: 'MEDIA_QUOTA_EXCEEDED',
    })
    expect(decoder).toHaveBeenCalledTimes(2)
  })

  it('an upload over the hourly rate is 429 with Retry-After and never decoded; the next hour takes uploads again', async () => {
    const cookie = await loginAs(t.app, '13720260002', '10.26.0.2')
    // Deleting each file keeps the user under the quota: only the rate counts here.
    for (let i = 0; i < 4; i++) {
      const res = await upload(cookie)
      expect(res.statusCode, res.body).toBe(200)
      await remove(cookie, res.json<{ id: string }>().id)
    }
    expect(decoder).toHaveBeenCalledTimes(4)
    const over = await upload(cookie)
    expect({ status: over.statusCode, error: errorOf(over) }).toEqual({
      status: 429,
      error: {
        code: 'UPLOAD_TOO_FREQUENT',
        message: '上传过于频繁，请稍后再试',
        details: [{ field: 'file', message: '上传过于频繁' }],
      },
    })
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
    expect(decoder).toHaveBeenCalledTimes(4)
    // Another user has a rate of their own.
    expect((await upload(await loginAs(t.app, '13720260003', '10.26.0.3'))).statusCode).toBe(200)
    clock.advance(3600_000)
    expect((await upload(cookie)).statusCode).toBe(200)
  })

  it("a staff member's studio uploads over the hourly rate are 429 and never decoded; others' are not held up", async () => {
    const editor = await staffLogin(t.app, 'editor')
    for (let i = 0; i < 2; i++) expect((await post('/api/studio/media', editor)).statusCode).toBe(200)
    const over = await post('/api/studio/media', editor)
    expect({ status: over.statusCode, code: errorOf(over).code }).toEqual({
      status: 429,
      code: 'UPLOAD_TOO_FREQUENT',
    })
    expect(decoder).toHaveBeenCalledTimes(2)
    const publisher = await staffLogin(t.app, 'publisher')
    expect((await post('/api/studio/media', publisher)).statusCode).toBe(200)
  })
})
