import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Feedback, FeedbackPage } from '../../src/types/generated/api/feedback'
import { createTestApp, json, loginAs, testClock, type TestApp } from './helpers'
import { crashThenRetry } from './idempotencyCrash'
import { uploadPhoto } from './uploads'

// Feedback with photos: the photos must be the author's own unused feedback uploads (attached in the same
// transaction); only the author reads it (the desk's reply: deskFeedback.test.ts).
let test: TestApp
let users = 0
const clock = testClock()
const faults = { loseAnswerOnSend: false }
const nextUser = () => {
  users += 1
  return loginAs(test.app, `1372000${String(users).padStart(4, '0')}`, `10.8.0.${users}`)
}

beforeAll(async () => {
  test = await createTestApp({ now: clock.now, idempotencyFaults: faults })
})
afterAll(async () => test.close())

const photo = (cookie: string, purpose = 'feedback') => uploadPhoto(test.app, cookie, purpose)

const send = (cookie: string, body: unknown, headers: Record<string, string> = {}) =>
  json(test.app, { method: 'POST', url: '/api/feedback', body, headers: { cookie, ...headers } })

describe('feedback', () => {
  it('files feedback with photos, lists it as 待处理, and shows it to its author only', async () => {
    const cookie = await nextUser()
    const photos = [await photo(cookie), await photo(cookie)]
    const res = await send(cookie, {
      type: 'bug',
      content: '  支付完成后订单页一直显示待支付，刷新也没有变化。  ',
      photos: photos.map((p) => p.id),
      contactPhone: '13800138000',
    })
    expect(res.statusCode).toBe(200)
    const feedback = res.json<Feedback>()
    expect(feedback).toMatchObject({
      type: 'bug',
      content: '支付完成后订单页一直显示待支付，刷新也没有变化。',
      status: 'PENDING',
      contactPhone: '13800138000',
      replies: [],
      photos: photos.map((p) => ({ id: p.id, url: p.url })),
    })
    const list = (await test.app.inject({ url: '/api/feedback', headers: { cookie } })).json<FeedbackPage>()
    expect(list.items.map((f) => f.id)).toEqual([feedback.id])
    // A photo in use is not deleted, nor used again.
    expect(
      (await test.app.inject({ method: 'DELETE', url: photos[0].url, headers: { cookie } })).statusCode,
    ).toBe(409)
    const again = await send(cookie, {
      type: 'other',
      content: '再用一次同一张图片试试看。',
      photos: [photos[0].id],
    })
    expect(again.statusCode).toBe(400)
    expect(again.json().error.details).toEqual([{ field: 'photos', message: '图片不存在或已被使用' }])

    const stranger = await nextUser()
    expect(
      (await test.app.inject({ url: `/api/feedback/${feedback.id}`, headers: { cookie: stranger } }))
        .statusCode,
    ).toBe(404)
    expect((await test.app.inject({ url: '/api/feedback', headers: { cookie: stranger } })).json()).toEqual({
      items: [],
      nextCursor: null,
    })
    expect((await test.app.inject({ url: '/api/feedback' })).statusCode).toBe(401)
  })

  it("refuses another user's photo, an avatar image, short or long text, a bad phone, seven photos", async () => {
    const cookie = await nextUser()
    const stranger = await nextUser()
    const theirs = await photo(stranger)
    const avatar = await photo(cookie, 'avatar')
    const text = '这是一条足够长的反馈内容。'
    const cases: [unknown, string][] = [
      [{ type: 'other', content: text, photos: [theirs.id] }, 'photos'],
      [{ type: 'other', content: text, photos: [avatar.id] }, 'photos'],
      [{ type: 'other', content: '太短了' }, 'content'],
      [{ type: 'other', content: '          一二三四五          ' }, 'content'],
      [{ type: 'other', content: '长'.repeat(501) }, 'content'],
      [{ type: 'other', content: text, contactPhone: '12345678901' }, 'contactPhone'],
      [{ type: 'other', content: text, photos: Array.from({ length: 7 }, (_, i) => `p${i}`) }, 'photos'],
      [{ type: 'complaint', content: text }, 'type'],
      [{ type: 'other', content: `${text}\u0000` }, 'content'],
      [{ type: 'other', content: `${text}\ud800` }, 'content'],
    ]
    for (const [body, field] of cases) {
      const res = await send(cookie, body)
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400)
      expect(res.json().error.details[0].field).toBe(field)
    }
    // None of them was filed, and the photos stay free to use.
    expect((await test.app.inject({ url: '/api/feedback', headers: { cookie } })).json().items).toEqual([])
    expect(
      (await test.app.inject({ method: 'DELETE', url: theirs.url, headers: { cookie: stranger } }))
        .statusCode,
    ).toBe(200)
  })

  it('files one feedback per Idempotency-Key', async () => {
    const cookie = await nextUser()
    const body = { type: 'suggestion', content: '希望增加夜间模式，晚上看保单更舒服。' }
    const key = { 'idempotency-key': 'feedback-key-0001' }
    const first = await send(cookie, body, key)
    const second = await send(cookie, body, key)
    expect(second.json<Feedback>().id).toBe(first.json<Feedback>().id)
    expect(second.headers['idempotent-replayed']).toBe('true')
    expect((await test.app.inject({ url: '/api/feedback', headers: { cookie } })).json().items).toHaveLength(
      1,
    )
  })

  it('pages the list newest first', async () => {
    const cookie = await nextUser()
    for (let i = 0; i < 3; i++)
      await send(cookie, { type: 'other', content: `第 ${i + 1} 条反馈内容，用来翻页。` })
    const first = (
      await test.app.inject({ url: '/api/feedback?limit=2', headers: { cookie } })
    ).json<FeedbackPage>()
    expect(first.items.map((f) => f.content)).toEqual([
      '第 3 条反馈内容，用来翻页。',
      '第 2 条反馈内容，用来翻页。',
    ])
    const next = (
      await test.app.inject({ url: `/api/feedback?limit=2&cursor=${first.nextCursor}`, headers: { cookie } })
    ).json<FeedbackPage>()
    expect(next).toMatchObject({ items: [{ content: '第 1 条反馈内容，用来翻页。' }], nextCursor: null })
    expect((await test.app.inject({ url: '/api/feedback?cursor=bad', headers: { cookie } })).statusCode).toBe(
      400,
    )
  })

  it('files it once when the process dies between the feedback and its answer, and the key is sent again', async () => {
    const cookie = await nextUser()
    const body = { type: 'bug', content: '提交后页面没有反应，我又点了一次提交。' }
    await crashThenRetry({ db: test.db, faults }, 'feedback-crash-01', (headers) =>
      send(cookie, body, headers),
    )
    expect((await test.app.inject({ url: '/api/feedback', headers: { cookie } })).json().items).toHaveLength(
      1,
    )
  })
})
