import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeskFeedback, DeskFeedbackList, Feedback } from '../../src/types/generated/api/feedback'
import type { MessagePage } from '../../src/types/generated/api/message'
import { modules } from '../../server/modules'
import { runSweep } from '../../server/platform/jobs'
import { createTestApp, json, loginAs, testClock, type TestApp } from './helpers'
import { as, staffLogin } from './studioHelpers'
import { uploadPhoto } from './uploads'

// 意见反馈 at the desk: the list masks phones; opening one and revealing its phone are audited; the reply is
// once (a second, from another tab, is a 409), tells the user (反馈已回复 -> the feedback), and is audited. Demo
// mode no longer answers by itself.
let test: TestApp
let agent = ''
const clock = testClock()

beforeAll(async () => {
  test = await createTestApp({ now: clock.now, mode: 'demo' })
  agent = await staffLogin(test.app, 'agent')
})
afterAll(async () => test.close())

const auditActions = async () =>
  (
    await test.db.db
      .selectFrom('staff_audit')
      .select(['action', 'detail'])
      .where('action', '!=', 'login')
      .orderBy('id')
      .execute()
  ).map((r) => r.action)

describe('the feedback desk', () => {
  it('lists masked, opens and reveals with an audit, replies once with a message, and demo mode stays silent', async () => {
    const cookie = await loginAs(test.app, '13720009001', '10.70.0.1')
    const photo = await uploadPhoto(test.app, cookie, 'feedback')
    const filed = (
      await json(test.app, {
        method: 'POST',
        url: '/api/feedback',
        headers: { cookie },
        body: {
          type: 'claim',
          content: '理赔材料上传后多久能审核完成？',
          photos: [photo.id],
          contactPhone: '13812345678',
        },
      })
    ).json<Feedback>()

    // No canned reply any more, however long it waits.
    clock.advance(10 * 60_000)
    await runSweep(test.app, modules)
    expect(
      (await test.app.inject({ url: `/api/feedback/${filed.id}`, headers: { cookie } })).json<Feedback>()
        .status,
    ).toBe('PENDING')

    const list = (
      await as(test.app, agent, 'GET', '/api/studio/cases/feedback?status=PENDING')
    ).json<DeskFeedbackList>()
    expect(list.items.find((f) => f.id === filed.id)).toMatchObject({
      contactPhone: '138****5678',
      photoCount: 1,
    })

    const opened = (
      await as(test.app, agent, 'GET', `/api/studio/cases/feedback/${filed.id}`)
    ).json<DeskFeedback>()
    expect(opened).toMatchObject({ contactPhone: '138****5678', userPhone: '137****9001', status: 'PENDING' })
    const image = await as(test.app, agent, 'GET', opened.photos[0].url)
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/jpeg')
    const phone = await as(test.app, agent, 'GET', `/api/studio/cases/feedback/${filed.id}/phone`)
    expect(phone.json()).toEqual({ phone: '13812345678' })

    const short = await as(test.app, agent, 'POST', `/api/studio/cases/feedback/${filed.id}/reply`, {
      body: ' ',
    })
    expect(short.statusCode).toBe(400)
    expect(short.json().error.message).toContain('回复内容')

    const replied = await as(test.app, agent, 'POST', `/api/studio/cases/feedback/${filed.id}/reply`, {
      body: '您好，理赔材料齐全后一般 3 个工作日内完成审核。',
    })
    expect(replied.statusCode).toBe(200)
    expect(replied.json<DeskFeedback>().status).toBe('REPLIED')
    const again = await as(test.app, agent, 'POST', `/api/studio/cases/feedback/${filed.id}/reply`, {
      body: '再回复一次',
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.message).toBe('该反馈已回复，请刷新后查看')

    const mine = (
      await test.app.inject({ url: `/api/feedback/${filed.id}`, headers: { cookie } })
    ).json<Feedback>()
    expect(mine.replies).toEqual([
      {
        author: '客服',
        body: '您好，理赔材料齐全后一般 3 个工作日内完成审核。',
        createdAt: expect.any(String),
      },
    ])
    const messages = (
      await test.app.inject({ url: '/api/messages?category=system', headers: { cookie } })
    ).json<MessagePage>()
    expect(messages.items).toMatchObject([
      { kind: 'feedback_replied', title: '反馈已回复', target: { kind: 'feedback', id: filed.id } },
    ])
    expect(await auditActions()).toEqual(['feedback_view', 'feedback_phone_view', 'feedback_reply'])
  })

  it('is 404 for an unknown feedback and refuses a consumer session', async () => {
    expect((await as(test.app, agent, 'GET', '/api/studio/cases/feedback/nope')).statusCode).toBe(404)
    const cookie = await loginAs(test.app, '13720009002', '10.70.0.2')
    const res = await test.app.inject({ url: '/api/studio/cases/feedback', headers: { cookie } })
    expect(res.statusCode).toBe(401)
  })
})
