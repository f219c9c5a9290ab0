import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Claim, DeskClaim, DeskClaimList } from '../../src/types/generated/api/claim'
import type { MessagePage } from '../../src/types/generated/api/message'
import { modules } from '../../server/modules'
import { runSweep } from '../../server/platform/jobs'
import { deskConsumer, insertClaim, type DeskConsumer } from './deskFixtures'
import { createTestApp, json, testClock, type TestApp } from './helpers'
import { as, staffLogin } from './studioHelpers'
import { uploadPhoto } from './uploads'

// 理赔受理: an agent takes a claim into review, asks for a document with a reason (the consumer sees it and
// uploads), records the insurer's decision and the payment; each step is a timeline step, a message and an audit
// entry; a step the claim is past is a 409 naming its status; the demo adjuster leaves a taken claim alone; two
// agents deciding at once decide once (on PostgreSQL the requests really run in parallel).
let test: TestApp
let agent = ''
let admin = ''
let consumer: DeskConsumer
const clock = testClock(new Date('2026-11-22T04:00:00.000Z'))

beforeAll(async () => {
  test = await createTestApp({ now: clock.now, mode: 'demo', orderSweepMs: 0 })
  agent = await staffLogin(test.app, 'agent')
  admin = await staffLogin(test.app, 'admin')
  consumer = await deskConsumer(test.app, 101)
})
afterAll(async () => test.close())

const base = (id: string) => `/api/studio/cases/claims/${id}`
const claimMessages = async () =>
  (await test.app.inject({ url: '/api/messages?category=policy', headers: { cookie: consumer.cookie } }))
    .json<MessagePage>()
    .items.filter((m) => m.kind === 'claim_status')

describe('the claims desk', () => {
  it('accepts, asks for a supplement the consumer uploads, decides and pays, each step messaged and audited', async () => {
    const id = await insertClaim(test.db.db, consumer, 'SUBMITTED', clock.now())
    const list = (
      await as(test.app, agent, 'GET', '/api/studio/cases/claims?status=SUBMITTED')
    ).json<DeskClaimList>()
    expect(list.items.find((c) => c.id === id)).toMatchObject({ insuredName: '*三', amountFen: 128_000 })

    const opened = (await as(test.app, agent, 'GET', base(id))).json<DeskClaim>()
    expect(opened.claim.status).toBe('SUBMITTED')
    expect(opened.userPhone).toMatch(/^139\*{4}\d{4}$/)

    const accepted = (await as(test.app, agent, 'POST', `${base(id)}/accept`)).json<DeskClaim>()
    expect(accepted).toMatchObject({ claim: { status: 'UNDER_REVIEW' }, handledBy: expect.any(String) })
    expect((await as(test.app, agent, 'POST', `${base(id)}/accept`)).json()).toMatchObject({
      error: { code: 'CLAIM_STEP_CONFLICT', message: '该理赔当前为「审核中」，不能受理，请刷新后查看' },
    })

    // The demo adjuster would approve an untouched claim after a minute: a taken one stays with the agent.
    clock.advance(5 * 60_000)
    await runSweep(test.app, modules)
    expect((await as(test.app, agent, 'GET', base(id))).json<DeskClaim>().claim.status).toBe('UNDER_REVIEW')

    const bad = await as(test.app, agent, 'POST', `${base(id)}/supplement`, {
      reason: '发票不清晰',
      documents: [
        { kind: 'invoice', least: 1 },
        { kind: 'invoice', least: 2 },
      ],
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.details[0].field).toBe('documents[1].kind')

    const asked = await as(test.app, agent, 'POST', `${base(id)}/supplement`, {
      reason: '医疗发票照片不清晰',
      documents: [{ kind: 'invoice', least: 1 }],
    })
    expect(asked.json<DeskClaim>().claim).toMatchObject({
      status: 'NEED_SUPPLEMENT',
      needed: [{ kind: 'invoice', least: 1 }],
    })
    // The consumer sees the reason and uploads.
    const mine = (
      await test.app.inject({ url: `/api/claims/${id}`, headers: { cookie: consumer.cookie } })
    ).json<Claim>()
    expect(mine.timeline.at(-1)?.note).toBe('医疗发票照片不清晰。请补充：医疗发票 1 张')
    const photo = await uploadPhoto(test.app, consumer.cookie, 'claim')
    const supplied = await json(test.app, {
      method: 'POST',
      url: `/api/claims/${id}/documents`,
      headers: { cookie: consumer.cookie },
      body: { documents: [{ mediaId: photo.id, kind: 'invoice' }] },
    })
    expect(supplied.json<Claim>().status).toBe('UNDER_REVIEW')
    const withDocument = (await as(test.app, agent, 'GET', base(id))).json<DeskClaim>()
    const document = withDocument.claim.documents.find((d) => d.id === photo.id)
    expect(document?.url).toBe(`${base(id)}/documents/${photo.id}`)
    expect((await as(test.app, agent, 'GET', document?.url ?? '')).statusCode).toBe(200)

    const tooMuch = await as(test.app, agent, 'POST', `${base(id)}/decision`, {
      approved: true,
      paidFen: 128_001,
      reason: '保险公司核定',
    })
    expect(tooMuch.json().error).toMatchObject({ details: [{ field: 'paidFen' }] })
    const decided = await as(test.app, agent, 'POST', `${base(id)}/decision`, {
      approved: true,
      paidFen: 100_000,
      reason: '扣除自费药品后核定',
    })
    expect(decided.json<DeskClaim>().claim).toMatchObject({ status: 'APPROVED', paidFen: 100_000 })
    const paid = await as(test.app, agent, 'POST', `${base(id)}/payment`, { reference: 'PAY-20261122-01' })
    expect(paid.json<DeskClaim>().claim.status).toBe('PAID')

    expect((await claimMessages()).map((m) => [m.title, m.body])).toEqual([
      [
        '理赔已赔付',
        `您的理赔（${mine.claimNo}）：赔款 ¥1000 已支付至尾号 0128 的银行卡（流水号 PAY-20261122-01）`,
      ],
      ['理赔审核通过', `您的理赔（${mine.claimNo}）：审核通过，核定赔付 ¥1000。扣除自费药品后核定`],
      ['理赔审核中', `您的理赔（${mine.claimNo}）：已补充材料，理赔重新进入审核`],
      ['理赔待补充材料', `您的理赔（${mine.claimNo}）：医疗发票照片不清晰。请补充：医疗发票 1 张`],
      ['理赔审核中', `您的理赔（${mine.claimNo}）：理赔已受理，审核员正在核对材料`],
    ])
    expect((await claimMessages())[0].target).toEqual({ kind: 'claim', id })
    const audit = await test.db.db
      .selectFrom('staff_audit')
      .select('action')
      .where('action', '!=', 'login')
      .orderBy('id')
      .execute()
    expect(audit.map((a) => a.action)).toEqual([
      'claim_view',
      'claim_accept',
      'claim_view',
      'claim_supplement',
      'claim_view',
      'claim_decision',
      'claim_payment',
    ])
  })

  it('records a refusal with its reason', async () => {
    const id = await insertClaim(test.db.db, consumer, 'UNDER_REVIEW', clock.now())
    const res = await as(test.app, admin, 'POST', `${base(id)}/decision`, {
      approved: false,
      reason: '不在保障范围内',
    })
    expect(res.json<DeskClaim>().claim).toMatchObject({
      status: 'REJECTED',
      decision: '不在保障范围内',
      paidFen: null,
    })
    expect(
      (await as(test.app, agent, 'POST', `${base(id)}/payment`, { reference: 'PAY-1' })).json().error.message,
    ).toBe('该理赔当前为「未通过」，不能记录赔款支付，请刷新后查看')
  })

  it('decides once when two agents submit at the same moment', async () => {
    const id = await insertClaim(test.db.db, consumer, 'UNDER_REVIEW', clock.now())
    const decide = (cookie: string, paidFen: number) =>
      as(test.app, cookie, 'POST', `${base(id)}/decision`, {
        approved: true,
        paidFen,
        reason: '保险公司核定',
      })
    const answers = await Promise.all([decide(agent, 90_000), decide(admin, 80_000), decide(agent, 70_000)])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409])
    const steps = await test.db.db
      .selectFrom('claim_steps')
      .select('status')
      .where('claim_id', '=', id)
      .where('status', '=', 'APPROVED')
      .execute()
    expect(steps).toHaveLength(1)
    const sent = (await claimMessages()).filter((m) => m.target?.id === id && m.title === '理赔审核通过')
    expect(sent).toHaveLength(1)
  })
})
