import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Claim, ClaimablePolicyList } from '../../src/types/generated/api/claim'
import type { Message } from '../../src/types/generated/api/message'
import type { Policy } from '../../src/types/generated/api/policy'
import { addDays } from '../../src/domain/age'
import { modules } from '../../server/modules'
import { runSweep } from '../../server/platform/jobs'
import { createTestApp, loginAs, testClock, type TestApp } from './helpers'
import { crashThenRetry } from './idempotencyCrash'
import { Buyer, HOLDER_ID } from './ordersFlow'
import { uploadPhoto } from './uploads'

// Claims: filed by the holder with the documents their type needs, inside the policy period and past the
// waiting period, to a payee who is the insured or the holder with a card that passes Luhn; one open claim per
// event; the demo adjuster's review with a supplement; withdrawal; nobody else sees a claim.
const DAY = 86_400_000
const clock = testClock(new Date('2026-11-22T04:00:00.000Z')) // 2026-11-22 12:00 in Shanghai
const CARD = '6222021234567890128'
let test: TestApp
let users = 0
const faults = { loseAnswerOnSend: false }

beforeAll(async () => {
  test = await createTestApp({ now: clock.now, orderSweepMs: 0, idempotencyFaults: faults })
})
afterAll(async () => test.close())

async function newBuyer() {
  users += 1
  const cookie = await loginAs(test.app, `1381000${String(users).padStart(4, '0')}`, `10.9.0.${users}`)
  const me = (await test.app.inject({ url: '/api/me', headers: { cookie } })).json<{ id: string }>()
  return { cookie, buyer: new Buyer(test.app, cookie), userId: me.id }
}

/** A calendar day `n` days after the policy's first covered day. */
const coveredDay = (policy: Policy, n: number) => addDays(policy.effectiveAt.slice(0, 10), n)

/** A fresh session of a user: sessions last 30 days, and these tests wait out a 30-day waiting period. */
async function later(userId: string) {
  const { token } = await test.app.services.sessions.create(userId)
  const cookie = `sid=${test.app.signCookie(token)}`
  return { cookie, buyer: new Buyer(test.app, cookie) }
}

const docs = async (cookie: string, kinds: string[]) =>
  Promise.all(
    kinds.map(async (kind) => ({ mediaId: (await uploadPhoto(test.app, cookie, 'claim')).id, kind })),
  )

async function claimInput(cookie: string, policy: Policy, extra: Record<string, unknown> = {}) {
  return {
    policyId: policy.id,
    type: 'medical',
    eventDate: '2027-01-10',
    place: '上海市第一人民医院',
    description: '因急性肠胃炎住院治疗三天，已出院。',
    amountFen: 128_000,
    payee: { name: '张三', bankName: '中国工商银行', cardNo: CARD },
    documents: await docs(cookie, ['id_card', 'invoice', 'diagnosis', 'discharge']),
    ...extra,
  }
}

describe('claims', () => {
  it('offers the policy with its claim types and files a claim past the waiting period, once per event', async () => {
    const first = await newBuyer()
    const policy = await first.buyer.issuedPolicy()
    clock.advance(2 * DAY)
    let { cookie, buyer } = first
    const claimable = (await buyer.call('GET', '/api/claims/policies')).json<ClaimablePolicyList>()
    expect(claimable.today).toBe('2026-11-24')
    expect(claimable.items).toMatchObject([
      {
        policyId: policy.id,
        role: 'holder',
        waitingDays: 30,
        types: [{ code: 'medical', name: '医疗费用报销' }],
        payees: [{ role: 'insured', name: '张三' }],
      },
    ])
    // In the waiting period: refused, naming the date field.
    const early = await buyer.call(
      'POST',
      '/api/claims',
      await claimInput(cookie, policy, { eventDate: '2026-11-24' }),
    )
    expect(early.statusCode).toBe(400)
    expect(early.json().error.details[0]).toMatchObject({ field: 'eventDate' })
    expect(early.json().error.message).toMatch(/等待期内/)

    clock.advance(60 * DAY) // 2027-01-23
    ;({ cookie, buyer } = await later(first.userId))
    const res = await buyer.call('POST', '/api/claims', await claimInput(cookie, policy))
    expect(res.statusCode).toBe(200)
    const claim = res.json<Claim>()
    expect(claim).toMatchObject({
      status: 'SUBMITTED',
      typeName: '医疗费用报销',
      payee: { cardMasked: '**** **** **** 0128' },
      timeline: [{ status: 'SUBMITTED', note: '理赔申请已提交，我们将尽快审核' }],
    })
    expect(claim.claimNo).toMatch(/^CL20270123\d{8}$/)
    expect(claim.documents).toHaveLength(4)
    const again = await buyer.call('POST', '/api/claims', await claimInput(cookie, policy))
    expect(again.statusCode).toBe(409)
    expect(again.json().error.code).toBe('CLAIM_ALREADY_OPEN')
  })

  it('refuses a payee who is not the insured or holder, a card failing Luhn, and missing documents, in Chinese', async () => {
    const first = await newBuyer()
    const policy = await first.buyer.issuedPolicy()
    clock.advance(40 * DAY)
    const { cookie, buyer } = await later(first.userId)
    const field = async (extra: Record<string, unknown>) => {
      const res = await buyer.call('POST', '/api/claims', await claimInput(cookie, policy, extra))
      expect(res.statusCode).toBe(400)
      return res.json().error.details[0]
    }
    const eventDate = coveredDay(policy, 35)
    expect(await field({ eventDate, payee: { name: '李四', bankName: '工行', cardNo: CARD } })).toEqual({
      field: 'payee.name',
      message: '收款人须为被保险人或投保人本人',
    })
    expect(
      await field({ eventDate, payee: { name: '张三', bankName: '工行', cardNo: '6222021234567890127' } }),
    ).toMatchObject({ field: 'payee.cardNo' })
    expect(await field({ eventDate, documents: await docs(cookie, ['id_card', 'invoice']) })).toEqual({
      field: 'documents',
      message: '请上传：诊断证明 1 张、出院小结 1 张',
    })
    // Another user's photo is not theirs to attach.
    const other = await newBuyer()
    const foreign = await docs(other.cookie, ['id_card', 'invoice', 'diagnosis', 'discharge'])
    expect((await field({ eventDate, documents: foreign })).field).toBe('documents')
  })

  it('moves through the demo review: a supplement asked, added, approved and paid, each step a message', async () => {
    const first = await newBuyer()
    const policy = await first.buyer.issuedPolicy()
    clock.advance(40 * DAY)
    const { cookie, buyer } = await later(first.userId)
    const filed = (
      await buyer.call(
        'POST',
        '/api/claims',
        await claimInput(cookie, policy, { eventDate: coveredDay(policy, 32), amountFen: 350_000 }),
      )
    ).json<Claim>()
    const next = async () => {
      clock.advance(61_000)
      await runSweep(test.app, modules)
      return (await buyer.call('GET', `/api/claims/${filed.id}`)).json<Claim>()
    }
    expect(filed.eventDate).toBe(coveredDay(policy, 32))
    expect((await next()).status).toBe('UNDER_REVIEW')
    const asked = await next()
    expect(asked).toMatchObject({
      status: 'NEED_SUPPLEMENT',
      needed: [{ kind: 'other', name: '其他材料', least: 1 }],
    })
    const wrong = await buyer.call('POST', `/api/claims/${filed.id}/documents`, {
      documents: await docs(cookie, ['invoice']),
    })
    expect(wrong.statusCode).toBe(400)
    const added = await buyer.call('POST', `/api/claims/${filed.id}/documents`, {
      documents: await docs(cookie, ['other']),
    })
    expect(added.json<Claim>().status).toBe('UNDER_REVIEW')
    expect((await next()).status).toBe('APPROVED')
    const paid = await next()
    expect(paid).toMatchObject({ status: 'PAID', paidFen: 350_000 })
    expect(paid.timeline.map((s) => s.status)).toEqual([
      'SUBMITTED',
      'UNDER_REVIEW',
      'NEED_SUPPLEMENT',
      'UNDER_REVIEW',
      'APPROVED',
      'PAID',
    ])
    const told = (await buyer.call('GET', '/api/messages?limit=50')).json<{ items: Message[] }>().items
    expect(
      told
        .filter((m) => m.kind === 'claim_status')
        .map((m) => m.title)
        .reverse(),
    ).toEqual(['理赔申请已提交', '理赔审核中', '理赔待补充材料', '理赔审核中', '理赔审核通过', '理赔已赔付'])
    expect((await buyer.call('POST', `/api/claims/${filed.id}/withdraw`)).json().error.code).toBe(
      'CLAIM_DECIDED',
    )
  })

  it('lets the filer withdraw an open claim, and shows no claim to anyone else', async () => {
    const first = await newBuyer()
    const policy = await first.buyer.issuedPolicy()
    clock.advance(40 * DAY)
    const { cookie, buyer } = await later(first.userId)
    const filed = (
      await buyer.call(
        'POST',
        '/api/claims',
        await claimInput(cookie, policy, { eventDate: coveredDay(policy, 33) }),
      )
    ).json<Claim>()
    const { buyer: stranger } = await newBuyer()
    expect((await stranger.call('GET', `/api/claims/${filed.id}`)).statusCode).toBe(404)
    const photo = filed.documents[0].url
    expect(photo).toBe(`/api/claims/${filed.id}/documents/${filed.documents[0].id}`)
    const seen = await buyer.call('GET', photo)
    expect(seen.statusCode).toBe(200)
    expect(seen.headers['content-type']).toMatch(/^image\//)
    expect((await stranger.call('GET', photo)).statusCode).toBe(404)
    expect((await stranger.call('GET', `/api/media/${filed.documents[0].id}`)).statusCode).toBe(404)
    // The insured (a verified user whose certificate is the policy's insured's) sees the claim and its photos.
    const insured = await newBuyer()
    await test.app.services.db
      .updateTable('users')
      .set({ id_number: HOLDER_ID, real_name_verified_at: clock.now() })
      .where('id', '=', insured.userId)
      .execute()
    expect((await insured.buyer.call('GET', `/api/claims/${filed.id}`)).json<Claim>().claimNo).toBe(
      filed.claimNo,
    )
    expect((await insured.buyer.call('GET', photo)).statusCode).toBe(200)
    // A photo of another claim is not reached through this one.
    expect((await buyer.call('GET', `/api/claims/${filed.id}/documents/${policy.id}`)).statusCode).toBe(404)
    expect((await stranger.call('POST', `/api/claims/${filed.id}/withdraw`)).statusCode).toBe(404)
    expect((await stranger.call('GET', '/api/claims')).json().items).toEqual([])
    const strangerFiles = await stranger.call(
      'POST',
      '/api/claims',
      await claimInput(cookie, policy, { eventDate: coveredDay(policy, 34) }),
    )
    expect(strangerFiles.statusCode).toBe(404)
    const withdrawn = (await buyer.call('POST', `/api/claims/${filed.id}/withdraw`)).json<Claim>()
    expect(withdrawn.status).toBe('WITHDRAWN')
    // Withdrawn, the same event may be claimed again.
    const refiled = await buyer.call(
      'POST',
      '/api/claims',
      await claimInput(cookie, policy, { eventDate: coveredDay(policy, 33) }),
    )
    expect(refiled.statusCode).toBe(200)
    expect((await buyer.call('GET', '/api/claims?status=open')).json().items).toHaveLength(1)
    expect((await test.app.inject({ url: '/api/claims' })).statusCode).toBe(401)
  })

  it('files once when the process dies between the claim and its answer, and the key is sent again', async () => {
    const first = await newBuyer()
    const policy = await first.buyer.issuedPolicy()
    clock.advance(40 * DAY)
    const { cookie, buyer } = await later(first.userId)
    const input = await claimInput(cookie, policy, { eventDate: coveredDay(policy, 33) })
    await crashThenRetry({ db: test.db, faults }, 'claim-crash-0001', (headers) =>
      buyer.call('POST', '/api/claims', input, headers),
    )
    expect((await buyer.call('GET', '/api/claims')).json().items).toHaveLength(1)
  })
})
