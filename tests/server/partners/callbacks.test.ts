import { afterEach, describe, expect, it } from 'vitest'
import { signHeaders } from '../../../server/modules/partners/huating/signing'
import { DEMO_PARTNER_SECRET } from '../../../server/modules/partners/config'
import { json } from '../helpers'
import { createPartnerApp, PartnerBuyer, type PartnerTestApp } from './partnerFlow'

// The partner's signed callback: refused without a valid, fresh signature; applied once per event id; and one
// policy however many callbacks race for the same order (20 at once; on PostgreSQL with scripts/with-postgres.sh).

const PATH = '/api/partner/callbacks/huating'
const NOW = new Date('2026-11-25T04:00:00.000Z')

let t: PartnerTestApp
afterEach(async () => t.close())

/** A paid order the partner accepted but has not called back about yet (its callback is an hour away). */
async function issuingOrder() {
  t = await createPartnerApp({ now: () => NOW, partners: { sandbox: { issueDelayMs: 3_600_000 } } })
  const buyer = await PartnerBuyer.login(t.app)
  const { orderId } = await buyer.applied('ht-accident')
  await buyer.pay(orderId)
  await t.app.services.partnerIssuing.settled()
  const row = await t.db.db
    .selectFrom('partner_orders')
    .select(['issue_request_id', 'underwriting_no', 'status', 'accepted_at'])
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow()
  expect(row.status).toBe('ISSUING')
  expect(row.accepted_at).not.toBeNull()
  return { buyer, orderId, requestId: row.issue_request_id, applyNo: row.underwriting_no }
}

function send(event: object, options: { secret?: string; at?: Date; tamper?: boolean } = {}) {
  const body = JSON.stringify(event)
  const headers = signHeaders(options.secret ?? DEMO_PARTNER_SECRET, 'POST', PATH, body, options.at ?? NOW)
  return t.app.inject({
    method: 'POST',
    url: PATH,
    headers: { 'content-type': 'application/json', ...headers },
    payload: options.tamper ? body.replace('HT2026', 'HT2027') : body,
  })
}

const issued = (requestId: string, applyNo: string, eventId = 'EV-1', policyNo = 'HT2026112500000042') => ({
  eventId,
  eventType: 'POLICY_ISSUED',
  requestId,
  applyNo,
  policyNo,
})

const policyCount = async (orderId: string) =>
  (await t.db.db.selectFrom('policies').select('id').where('order_id', '=', orderId).execute()).length

describe('POST /api/partner/callbacks/huating', () => {
  it('refuses a wrong secret, a changed body and a stale signature (401), issuing nothing', async () => {
    const { orderId, requestId, applyNo } = await issuingOrder()
    const event = issued(requestId, applyNo)
    const wrong = await send(event, { secret: 'not-the-partner-secret-at-all-xxxxxxxx' })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().error).toMatchObject({ code: 'INVALID_SIGNATURE', message: '通知签名无效' })
    expect((await send(event, { tamper: true })).statusCode).toBe(401)
    const stale = await send(event, { at: new Date(NOW.getTime() - 6 * 60_000) })
    expect(stale.statusCode).toBe(401)
    expect(stale.json().error.code).toBe('CALLBACK_STALE')
    const unsigned = await json(t.app, { method: 'POST', url: PATH, body: event })
    expect(unsigned.statusCode).toBe(400)
    expect(await policyCount(orderId)).toBe(0)
  })

  it('a valid callback issues the policy; its replay is acknowledged and changes nothing', async () => {
    const { buyer, orderId, requestId, applyNo } = await issuingOrder()
    const first = await send(issued(requestId, applyNo))
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ code: 'SUCCESS', message: 'applied' })
    const replay = await send(issued(requestId, applyNo))
    expect(replay.json()).toEqual({ code: 'SUCCESS', message: 'duplicate' })
    expect(await policyCount(orderId)).toBe(1)
    expect(await buyer.partnerOrder(orderId)).toMatchObject({
      partnerStatus: 'ISSUED',
      partnerPolicyNo: 'HT2026112500000042',
    })
  })

  it('a callback naming another request id is ignored', async () => {
    const { orderId, applyNo } = await issuingOrder()
    const res = await send(issued('someone-else', applyNo))
    expect(res.json()).toEqual({ code: 'SUCCESS', message: 'ignored' })
    expect(await policyCount(orderId)).toBe(0)
  })

  it('20 copies of one callback at once issue one policy and one message', async () => {
    const { buyer, orderId, requestId, applyNo } = await issuingOrder()
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(issued(requestId, applyNo))))
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200))
    expect(answers.filter((a) => a.json().message === 'applied')).toHaveLength(1)
    expect(await policyCount(orderId)).toBe(1)
    const events = await t.db.db.selectFrom('partner_callbacks').select('event_id').execute()
    expect(events).toHaveLength(1)
    const titles = (await buyer.messages()).map((m) => m.title)
    expect(titles.filter((title) => title === '保单已出具')).toHaveLength(1)
  })

  it('20 different events for the same order at once still issue one policy', async () => {
    const { orderId, requestId, applyNo } = await issuingOrder()
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(issued(requestId, applyNo, `EV-${i}`))),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200))
    expect(answers.filter((a) => a.json().message === 'applied')).toHaveLength(1)
    expect(await policyCount(orderId)).toBe(1)
    // Each event is recorded once; only one of them had an effect.
    expect(await t.db.db.selectFrom('partner_callbacks').select('event_id').execute()).toHaveLength(20)
  })
})
