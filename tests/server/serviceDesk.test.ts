import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Media } from '../../src/types/generated/api/media'
import type { MessagePage } from '../../src/types/generated/api/message'
import type {
  Conversation,
  DeskCustomer,
  DeskList,
  DeskThread,
  Message,
  MessageList,
  SentMessage,
} from '../../src/types/generated/api/service'
import { createTestApp, json, loginAs, testClock, type TestApp } from './helpers'
import { as, staffLogin } from './studioHelpers'
import { multipart } from './uploads'

// 在线客服: the assistant's FAQ answers, 转人工 into the queue (or a 留言 after hours), an agent taking, answering,
// transferring and closing, the customer's rating; each message once, numbered; the limits a customer meets.

// 10:00 in Beijing: within service hours.
const clock = testClock(new Date('2026-11-25T02:00:00.000Z'))
let t: TestApp
let agent: string
let admin: string
let editor: string
let users = 0

beforeAll(async () => {
  t = await createTestApp({ now: clock.now })
  agent = await staffLogin(t.app, 'agent')
  admin = await staffLogin(t.app, 'admin')
  editor = await staffLogin(t.app, 'editor')
}, 60_000)
afterAll(() => t?.close())

const customer = async () => {
  users += 1
  return loginAs(t.app, `1368000${String(users).padStart(4, '0')}`, `10.9.0.${users}`)
}
const call = (cookie: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  json(t.app, { method, url, headers: { cookie }, body })
let clientIds = 0
const clientId = () => `client-${++clientIds}-${Date.now()}`

async function open(cookie: string, body: unknown = { context: {} }): Promise<Conversation> {
  const res = await call(cookie, 'POST', '/api/service/conversations', body)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<Conversation>()
}
async function say(cookie: string, id: string, text: string, cid = clientId()): Promise<SentMessage> {
  const res = await call(cookie, 'POST', `/api/service/conversations/${id}/messages`, { clientId: cid, text })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<SentMessage>()
}
const messages = async (cookie: string, id: string, after = 0) =>
  (await call(cookie, 'GET', `/api/service/conversations/${id}/messages?after=${after}`)).json<MessageList>()
const handoff = async (cookie: string, id: string) =>
  (await call(cookie, 'POST', `/api/service/conversations/${id}/handoff`)).json<Conversation>()
const desk = (cookie: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  as(t.app, cookie, method, url, body)

describe('在线客服 for the customer', () => {
  it('opens with the assistant, names where it was opened from, answers from the FAQ and keeps one open conversation', async () => {
    const me = await customer()
    const first = await open(me, { context: { productId: 'p-medical-million' } })
    expect(first).toMatchObject({ status: 'bot', lastSeq: 1, withinHours: true, position: null })
    expect(first.context).toEqual([{ kind: 'product', id: 'p-medical-million', title: expect.any(String) }])
    const sent = await say(me, first.id, '保单什么时候生效，等待期是什么')
    expect(sent.items.map((m) => [m.seq, m.sender])).toEqual([
      [2, 'customer'],
      [3, 'bot'],
    ])
    expect(sent.items[1].faqs.map((f) => f.question)).toContain('保单什么时候生效？什么是等待期？')
    const gibberish = await say(me, first.id, 'zzqqxx')
    expect(gibberish.items[1]).toMatchObject({ sender: 'bot', faqs: [] })
    // Opened again (from another screen): the same conversation, with that context too.
    const again = await open(me)
    expect(again.id).toBe(first.id)
  })

  it('writes a message once for a repeated client id, and numbers messages 1, 2, 3… without gaps', async () => {
    const me = await customer()
    const { id } = await open(me)
    const cid = clientId()
    await Promise.all([say(me, id, '你好', cid), say(me, id, '你好', cid), say(me, id, '你好', cid)])
    const list = await messages(me, id)
    expect(list.items.filter((m) => m.sender === 'customer')).toHaveLength(1)
    expect(list.items.map((m) => m.seq)).toEqual(list.items.map((_, i) => i + 1))
    expect((await messages(me, id, 2)).items.every((m) => m.seq > 2)).toBe(true)
  })

  it('refuses empty, oversized, control-character and mixed messages with the field named, and another’s conversation', async () => {
    const me = await customer()
    const { id } = await open(me)
    for (const body of [
      { clientId: clientId(), text: 'a'.repeat(501) },
      { clientId: clientId(), text: 'bad\u0000text' },
      { clientId: clientId(), text: '   ' },
      { clientId: clientId() },
      { clientId: clientId(), text: 'hi', imageId: 'abcdefgh' },
      { clientId: 'x', text: 'hi' },
    ]) {
      const res = await call(me, 'POST', `/api/service/conversations/${id}/messages`, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json<{ error: { message: string } }>().error.message).toMatch(/[\u4e00-\u9fff]/)
    }
    const other = await customer()
    expect((await call(other, 'GET', `/api/service/conversations/${id}/messages`)).statusCode).toBe(404)
    expect(
      (await call(other, 'POST', `/api/service/conversations`, { context: { orderId: 'o-not-mine' } }))
        .statusCode,
    ).toBe(400)
  })

  it('limits a customer to 20 messages a minute', async () => {
    const me = await customer()
    const { id } = await open(me)
    for (let i = 0; i < 20; i++) await say(me, id, `第${i}条`)
    const res = await call(me, 'POST', `/api/service/conversations/${id}/messages`, {
      clientId: clientId(),
      text: '再来一条',
    })
    expect(res.statusCode).toBe(429)
    expect(res.json<{ error: { message: string } }>().error.message).toBe('发送太频繁，请稍后再试')
  })
})

describe('the queue and the desk', () => {
  it('queues 转人工 in order, an agent takes, answers, transfers and closes; the customer rates once', async () => {
    const a = await customer()
    const b = await customer()
    const ca = await open(a, { context: {}, question: '我要退保' })
    const cb = await open(b)
    expect((await handoff(a, ca.id)).position).toBe(0)
    clock.advance(1000)
    const queuedB = await handoff(b, cb.id)
    expect(queuedB).toMatchObject({ status: 'queued', position: 1 })
    // 转人工 twice changes nothing.
    expect((await handoff(b, cb.id)).lastSeq).toBe(queuedB.lastSeq)

    const waiting = (
      await desk(agent, 'GET', '/api/studio/desk/conversations?queue=waiting')
    ).json<DeskList>()
    const rows = waiting.items.filter((c) => [ca.id, cb.id].includes(c.id))
    expect(rows.map((r) => r.id)).toEqual([ca.id, cb.id])
    expect(rows[0].customerPhone).toMatch(/^1368\d{3}\*{4}\d{4}$|^\d{3}\*{4}\d{4}$/)
    expect(rows[0].lastMessage).toBe('我要退保')

    const taken = await desk(agent, 'POST', `/api/studio/desk/conversations/${ca.id}/take`)
    expect(taken.statusCode, taken.body).toBe(200)
    expect((await desk(admin, 'POST', `/api/studio/desk/conversations/${ca.id}/take`)).statusCode).toBe(409)
    // Now b is first in line.
    expect((await handoff(b, cb.id)).position).toBe(0)
    // The desk is 客服's and 管理员's, not an editor's.
    expect((await desk(editor, 'GET', '/api/studio/desk/conversations?queue=waiting')).statusCode).toBe(403)

    const reply = await desk(agent, 'POST', `/api/studio/desk/conversations/${ca.id}/messages`, {
      clientId: clientId(),
      text: '您好，请问要退哪张保单？',
    })
    expect(reply.statusCode, reply.body).toBe(200)
    const seen = await messages(a, ca.id)
    const agentLine = seen.items.find((m) => m.sender === 'agent') as Message
    expect(agentLine.text).toBe('您好，请问要退哪张保单？')
    expect(agentLine.senderName).toBe('客服小恒')
    expect(seen.conversation).toMatchObject({ status: 'active', agentName: '小恒' })
    // 管理员 may step in.
    expect(
      (
        await desk(admin, 'POST', `/api/studio/desk/conversations/${ca.id}/messages`, {
          clientId: clientId(),
          text: '我来补充一下',
        })
      ).statusCode,
    ).toBe(200)

    const transfer = await desk(agent, 'POST', `/api/studio/desk/conversations/${ca.id}/transfer`, {
      toStaffId: (await desk(admin, 'GET', '/api/studio/session')).json<{ staff: { id: number } }>().staff.id,
      note: '退保问题',
    })
    expect(transfer.statusCode, transfer.body).toBe(200)
    expect(transfer.json<DeskThread>().conversation.agentName).toBe('管理员')
    // No longer the agent's: their reply is refused.
    const late = await desk(agent, 'POST', `/api/studio/desk/conversations/${ca.id}/messages`, {
      clientId: clientId(),
      text: '还在吗',
    })
    expect(late.statusCode).toBe(409)
    expect(late.json<{ error: { message: string } }>().error.message).toBe(
      '该会话不在您的接待中（可能已转接或结束）',
    )
    expect((await desk(admin, 'POST', `/api/studio/desk/conversations/${ca.id}/close`)).statusCode).toBe(200)

    const rate = (score: number) => call(a, 'POST', `/api/service/conversations/${ca.id}/rating`, { score })
    expect((await rate(5)).json<Conversation>()).toMatchObject({ status: 'closed', rating: 5 })
    expect((await rate(1)).statusCode).toBe(409)
    // Closed: no more messages; the next 在线客服 is a new conversation.
    expect(
      (
        await call(a, 'POST', `/api/service/conversations/${ca.id}/messages`, {
          clientId: clientId(),
          text: '还在吗',
        })
      ).statusCode,
    ).toBe(409)
    expect((await open(a)).id).not.toBe(ca.id)
  })

  it('tells an absent customer in the message center once per absence, not once per reply', async () => {
    const me = await customer()
    const c = await open(me)
    await handoff(me, c.id)
    await desk(agent, 'POST', `/api/studio/desk/conversations/${c.id}/take`)
    for (const text of ['第一条回复', '第二条回复'])
      await desk(agent, 'POST', `/api/studio/desk/conversations/${c.id}/messages`, {
        clientId: clientId(),
        text,
      })
    const inbox = (await call(me, 'GET', '/api/messages')).json<MessagePage>()
    const told = inbox.items.filter((m) => m.kind === 'service_replied')
    expect(told).toHaveLength(1)
    expect(told[0]).toMatchObject({ title: '在线客服回复了您', target: { kind: 'service', id: c.id } })
    expect(told[0].body).toBe('小恒：第一条回复')
    await desk(agent, 'POST', `/api/studio/desk/conversations/${c.id}/close`)
  })

  it('outside service hours 转人工 is a 留言 the desk marks', async () => {
    clock.advance(11 * 3600_000) // 21:00 in Beijing (the staff sessions last 12 hours)
    try {
      const me = await customer()
      const c = await open(me)
      const left = await handoff(me, c.id)
      expect(left).toMatchObject({ status: 'queued', withinHours: false })
      const lines = (await messages(me, c.id)).items
      expect(lines.at(-1)?.text).toContain('现在不是人工服务时间')
      const row = (await desk(agent, 'GET', '/api/studio/desk/conversations?queue=waiting'))
        .json<DeskList>()
        .items.find((r) => r.id === c.id)
      expect(row?.afterHours).toBe(true)
    } finally {
      clock.advance(-11 * 3600_000)
    }
  })

  it('a customer’s image reaches the desk through the conversation only; the customer panel is masked and audited', async () => {
    const me = await customer()
    const c = await open(me, { context: {}, question: '理赔材料怎么传' })
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer()
    const body = multipart([
      { name: 'purpose', value: 'service' },
      { name: 'file', file: { filename: 'shot.png', type: 'image/png', data: png } },
    ])
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      payload: body.payload,
      headers: { ...body.headers, cookie: me },
    })
    expect(uploaded.statusCode, uploaded.body).toBe(200)
    const media = uploaded.json<Media>()
    const sent = await call(me, 'POST', `/api/service/conversations/${c.id}/messages`, {
      clientId: clientId(),
      imageId: media.id,
    })
    expect(sent.statusCode, sent.body).toBe(200)
    // The same image cannot be sent twice (it is attached to this conversation now).
    expect(
      (
        await call(me, 'POST', `/api/service/conversations/${c.id}/messages`, {
          clientId: clientId(),
          imageId: media.id,
        })
      ).statusCode,
    ).toBe(400)
    await handoff(me, c.id)
    const thread = (await desk(agent, 'GET', `/api/studio/desk/conversations/${c.id}`)).json<DeskThread>()
    const image = thread.items.find((m) => m.imageUrl)?.imageUrl as string
    expect(image).toBe(`/api/studio/desk/conversations/${c.id}/images/${media.id}`)
    expect((await desk(agent, 'GET', image)).statusCode).toBe(200)
    const other = await open(await customer())
    expect(
      (await desk(agent, 'GET', `/api/studio/desk/conversations/${other.id}/images/${media.id}`)).statusCode,
    ).toBe(404)

    const panel = await desk(agent, 'GET', `/api/studio/desk/conversations/${c.id}/customer`)
    expect(panel.statusCode, panel.body).toBe(200)
    expect(panel.json<DeskCustomer>().phone).toMatch(/^\d{3}\*{4}\d{4}$/)
    const audit = (await desk(admin, 'GET', '/api/studio/audit')).json<{
      entries: { action: string; detail: string }[]
    }>()
    expect(
      audit.entries.some((e) => e.action === 'service_customer_view' && e.detail.includes(c.id.slice(0, 8))),
    ).toBe(true)
  })
})
