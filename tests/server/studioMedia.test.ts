import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaAsset, MediaPage } from '../../src/types/generated/api/studio'
import { createTestApp, json, testClock, type TestApp } from './helpers'
import { multipart } from './uploads'
import { as, staffHeaders, staffLogin } from './studioHelpers'

// The asset library (素材库): what an upload records (its file name, who, when, size and weight) and the list staff
// page through and search (GET /api/studio/media), behind the staff session and the CSRF header like every
// studio route.

const clock = testClock(new Date('2026-11-22T04:00:00.000Z'))
let t: TestApp
let editor: string
let publisher: string

type ErrorBody = { error: { code: string; message: string; details?: { field: string; message: string }[] } }

beforeAll(async () => {
  t = await createTestApp({ now: clock.now })
  editor = await staffLogin(t.app, 'editor')
  publisher = await staffLogin(t.app, 'publisher')
}, 60_000)
afterAll(() => t?.close())

async function upload(cookie: string, filename: string, width = 80, height = 60) {
  const data = await sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .png()
    .toBuffer()
  const form = multipart([{ name: 'file', file: { filename, type: 'image/png', data } }])
  return t.app.inject({
    method: 'POST',
    url: '/api/studio/media',
    payload: form.payload,
    headers: { ...form.headers, ...staffHeaders(cookie) },
  })
}

const list = async (cookie: string, query: string) => {
  const res = await as(t.app, cookie, 'GET', `/api/studio/media${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<MediaPage>()
}

/** Uploads recorded straight in the table (the rate limit allows 300 an hour; paging needs more rows). */
async function seedAssets(names: string[]) {
  const staff = await t.db.db
    .selectFrom('staff_users')
    .select('id')
    .where('username', '=', 'publisher')
    .executeTakeFirstOrThrow()
  for (const [i, name] of names.entries()) {
    const id = `seeded${String(i).padStart(16, '0')}`
    await t.db.db
      .insertInto('studio_media')
      .values({
        id,
        staff_id: staff.id,
        name,
        content_type: 'image/webp',
        bytes: 1000 + i,
        width: 750,
        height: 400,
        storage_key: `studio/${id}.webp`,
        created_at: new Date(clock.now().getTime() + i * 1000),
      })
      .execute()
  }
}

describe('an upload in the library', () => {
  it('records the file name, size, weight, who and when, and lists it first', async () => {
    const res = await upload(editor, '双十二 海报背景.png', 750, 1200)
    expect(res.statusCode, res.body).toBe(200)
    const asset = res.json<MediaAsset>()
    const served = await t.app.inject({ method: 'GET', url: asset.url })
    expect(asset).toEqual({
      id: expect.stringMatching(/^[\w-]{22}$/),
      url: expect.stringMatching(/^\/api\/pages\/media\/[\w-]{22}\.jpg$/),
      name: '双十二 海报背景.png',
      width: 750,
      height: 1200,
      bytes: Number(served.headers['content-length']),
      uploadedBy: '运营编辑',
      uploadedAt: '2026-11-22T12:00:00.000+08:00',
    })
    expect((await list(publisher, '')).items[0]).toEqual(asset)
    expect((await list(publisher, `?url=${encodeURIComponent(asset.url)}`)).items).toEqual([asset])

    const audit = await as(t.app, publisher, 'GET', '/api/studio/audit?limit=5')
    expect(audit.json<{ entries: { action: string; staff: string; detail: string }[] }>().entries[0]).toEqual(
      expect.objectContaining({
        action: 'media-upload',
        staff: '运营编辑',
        detail: `上传图片 双十二 海报背景.png（${asset.url}）`,
      }),
    )
  })

  it('keeps only the file name: no folders, no control characters; 未命名图片 when none is left', async () => {
    const named = await upload(editor, 'C:\\活动\\banner\u0007.png')
    expect(named.json<MediaAsset>().name).toBe('banner.png')
    const blank = await upload(editor, '   ')
    expect(blank.json<MediaAsset>().name).toBe('未命名图片')
  })
})

describe('the library list', () => {
  beforeAll(async () => {
    await seedAssets([
      ...Array.from({ length: 45 }, (_, i) => `banner-${String(i).padStart(3, '0')}.png`),
      '奖品-iPhone.png',
      '100%_off.png',
    ])
  })

  it('pages newest first with a cursor until every upload was shown once', async () => {
    const seen: MediaAsset[] = []
    let cursor: string | null = ''
    let pages = 0
    while (cursor !== null) {
      const page: MediaPage = await list(editor, `?limit=20${cursor ? `&cursor=${cursor}` : ''}`)
      seen.push(...page.items)
      cursor = page.nextCursor
      pages++
    }
    expect(pages).toBe(3)
    expect(new Set(seen.map((a) => a.id)).size).toBe(seen.length)
    // 47 seeded, 3 uploaded by the tests above, newest (the last seeded) first.
    expect(seen).toHaveLength(50)
    expect(seen.slice(0, 3).map((a) => a.name)).toEqual(['100%_off.png', '奖品-iPhone.png', 'banner-044.png'])
    expect(seen[0]).toMatchObject({ width: 750, height: 400, bytes: 1046, uploadedBy: '发布负责人' })
    expect((await list(editor, '')).items).toHaveLength(40)
  })

  it('searches the file names, case-insensitively and literally', async () => {
    expect((await list(editor, '?q=IPHONE')).items.map((a) => a.name)).toEqual(['奖品-iPhone.png'])
    expect((await list(editor, `?q=${encodeURIComponent('海报')}`)).items.map((a) => a.name)).toEqual([
      '双十二 海报背景.png',
    ])
    expect((await list(editor, `?q=${encodeURIComponent('%_')}`)).items.map((a) => a.name)).toEqual([
      '100%_off.png',
    ])
    const banners = await list(editor, '?q=banner-0&limit=40')
    expect(banners.items).toHaveLength(40)
    expect(banners.nextCursor).not.toBeNull()
    const rest = await list(editor, `?q=banner-0&limit=40&cursor=${banners.nextCursor}`)
    expect(rest).toEqual({ items: expect.any(Array), nextCursor: null })
    expect(rest.items).toHaveLength(5)
    expect(await list(editor, '?q=nothing-like-this')).toEqual({ items: [], nextCursor: null })
  })

  it('refuses a broken cursor or a page too large in Chinese, naming the field', async () => {
    const cursor = await as(t.app, editor, 'GET', '/api/studio/media?cursor=not-a-cursor')
    expect({ status: cursor.statusCode, error: cursor.json<ErrorBody>().error }).toEqual({
      status: 400,
      error: {
        code: 'INVALID_CURSOR',
        message: '分页游标（cursor）无效，请从第一页重新加载',
        details: [{ field: 'cursor', message: '分页游标无效' }],
      },
    })
    const limit = await as(t.app, editor, 'GET', '/api/studio/media?limit=1000')
    expect(limit.statusCode).toBe(400)
    expect(limit.json<ErrorBody>().error.details?.[0]?.field).toBe('limit')
    expect(limit.json<ErrorBody>().error.message).toMatch(/[\u4e00-\u9fa5]/)
  })

  it('is for signed-in staff only, and only with the CSRF header', async () => {
    const nobody = await as(t.app, null, 'GET', '/api/studio/media')
    expect({ status: nobody.statusCode, code: nobody.json<ErrorBody>().error.code }).toEqual({
      status: 401,
      code: 'STAFF_LOGIN_REQUIRED',
    })
    const noHeader = await json(t.app, {
      method: 'GET',
      url: '/api/studio/media',
      headers: { cookie: editor },
    })
    expect({ status: noHeader.statusCode, code: noHeader.json<ErrorBody>().error.code }).toEqual({
      status: 403,
      code: 'STAFF_CSRF_REQUIRED',
    })
    const form = multipart([
      { name: 'file', file: { filename: 'x.png', type: 'image/png', data: Buffer.from('x') } },
    ])
    const uploadNoHeader = await t.app.inject({
      method: 'POST',
      url: '/api/studio/media',
      payload: form.payload,
      headers: { ...form.headers, cookie: editor },
    })
    expect(uploadNoHeader.statusCode).toBe(403)
  })
})
