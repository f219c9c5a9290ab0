import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Coupon } from '../../src/types/generated/api/campaign'
import type { Redeemed } from '../../src/types/generated/api/campaignOps'
import { registerCampaign } from '../../server/modules/campaigns/registry'
import { DEMO_COUPON_PARTNER } from '../../server/modules/campaigns/gifts/redeem'
import { signatureOf } from '../../server/modules/partners/huating/signing'
import { startRaceCluster, type Answer, type RaceCluster } from './raceCluster'

// POST /api/partner/coupons/redeem (docs/partners.md): signed per partner over method, path, timestamp, request
// id and body; 401 for a missing, stale or wrong signature; idempotent by request id (a replay returns the first
// answer and changes nothing); a used or expired coupon refused with 409. Races on PostgreSQL across two servers.

const PATH = '/api/partner/coupons/redeem'
const OTHER = { id: 'parking-co', name: '城市停车', secret: 'parking-partner-secret-0123456789abcdef' }
let c: RaceCluster
let holder: { cookie: string; id: string }
let n = 0

interface Signed {
  partner?: { id: string; secret: string }
  requestId?: string
  timestamp?: number
  signature?: string
  body: unknown
}

/** A redemption request as a partner signs it. */
function redeem(i: number, s: Signed): Promise<Answer> {
  const partner = s.partner ?? DEMO_COUPON_PARTNER
  const requestId = s.requestId ?? randomUUID()
  const timestamp = String(s.timestamp ?? Math.floor(Date.now() / 1000))
  const body = JSON.stringify(s.body)
  const signature =
    s.signature ??
    signatureOf(partner.secret, { method: 'POST', path: PATH, timestamp, nonce: requestId, body })
  return c.send(i, 'POST', PATH, {
    body: s.body,
    headers: {
      'x-partner-id': partner.id,
      'x-timestamp': timestamp,
      'x-request-id': requestId,
      'x-signature': signature,
    },
  })
}

/** A coupon held by the test user, valid from an hour ago for `validHours` (negative: expired). */
async function coupon(validHours = 24): Promise<{ id: string; code: string }> {
  const id = randomUUID()
  const code = `TESTCODE${String(++n).padStart(4, '0')}`
  const now = Date.now()
  await c.db
    .insertInto('coupons')
    .values({
      id,
      code,
      user_id: holder.id,
      campaign_id: 'redeem-camp',
      prize_id: 'parking',
      name: '停车券',
      benefit: '免费停车2小时',
      source_kind: 'claim',
      source_id: `redeem-${id}`,
      valid_from: new Date(now - 3_600_000 - (validHours < 0 ? 48 * 3_600_000 : 0)),
      valid_to: new Date(now + validHours * 3_600_000),
      created_at: new Date(now - 3_600_000),
    })
    .execute()
  return { id, code }
}

const redeemedMessages = () =>
  c.db
    .selectFrom('messages')
    .select(['user_id', 'body', 'target'])
    .where('kind', '=', 'coupon_redeemed')
    .execute()

beforeAll(async () => {
  c = await startRaceCluster()
  await registerCampaign(
    c.db,
    {
      id: 'redeem-camp',
      file: 'page-configs/redeem.json',
      campaign: {
        kind: 'guess',
        title: '核销测试活动',
        window: { startAt: '2020-01-01T00:00:00+08:00', endAt: '2099-01-01T00:00:00+08:00' },
        items: [
          {
            id: 'a',
            title: '甲',
            lockAt: '2098-01-01T00:00:00+08:00',
            options: [
              { id: 'x', label: '是' },
              { id: 'y', label: '否' },
            ],
          },
        ],
        correctReward: { kind: 'points', amount: 1 },
      },
    },
    new Date(),
  )
  await c.db
    .insertInto('coupon_partners')
    .values({ ...OTHER, created_at: new Date() })
    .execute()
  const cookie = await c.login(0, '13960000001', '10.180.0.1')
  const me = await c.send(0, 'GET', '/api/me', { cookie })
  holder = { cookie, id: (me.body as { id: string }).id }
}, 120_000)
afterAll(async () => c?.close())

describe('partner coupon redemption', () => {
  it('refuses a missing, stale, wrong or other partner signature with 401, changing nothing', async () => {
    const { code, id } = await coupon()
    const body = { code, store: '人民广场店' }
    const stale = await redeem(0, { body, timestamp: Math.floor(Date.now() / 1000) - 6 * 60 })
    expect([stale.status, stale.body.error?.code]).toEqual([401, 'SIGNATURE_STALE'])
    const wrong = await redeem(0, { body, signature: 'a'.repeat(64) })
    expect([wrong.status, wrong.body.error?.code]).toEqual([401, 'INVALID_SIGNATURE'])
    // Another partner's id with the demo partner's secret: each partner signs with its own.
    const crossed = await redeem(0, { body, partner: { id: OTHER.id, secret: DEMO_COUPON_PARTNER.secret } })
    expect(crossed.status).toBe(401)
    const unknown = await redeem(0, { body, partner: { id: 'nobody', secret: OTHER.secret } })
    expect(unknown.status).toBe(401)
    const missing = await c.send(0, 'POST', PATH, { body })
    expect(missing.status).toBe(401)
    // The signature covers the body: a changed body with the old signature is refused.
    const requestId = randomUUID()
    const timestamp = String(Math.floor(Date.now() / 1000))
    const signature = signatureOf(DEMO_COUPON_PARTNER.secret, {
      method: 'POST',
      path: PATH,
      timestamp,
      nonce: requestId,
      body: JSON.stringify(body),
    })
    const tampered = await redeem(0, {
      body: { ...body, store: '别的店' },
      requestId,
      signature,
      timestamp: Number(timestamp),
    })
    expect(tampered.status).toBe(401)
    const row = await c.db
      .selectFrom('coupons')
      .select('used_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row.used_at).toBeNull()
  })

  it('redeems once; the holder sees 已使用 with where and when, and a message', async () => {
    const { code, id } = await coupon()
    const requestId = randomUUID()
    const first = await redeem(0, { body: { code, store: '人民广场店' }, requestId, partner: OTHER })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ requestId, code, name: '停车券', store: '人民广场店' })
    const mine = await c.send(0, 'GET', '/api/coupons?status=used', { cookie: holder.cookie })
    const used = (mine.body as { items: Coupon[] }).items.find((x) => x.id === id)
    expect(used).toMatchObject({ status: 'used', usedPlace: '城市停车（人民广场店）' })
    expect(used?.usedAt).toBe((first.body as unknown as Redeemed).redeemedAt)
    const told = (await redeemedMessages()).filter((m) => (m.target as { id: string }).id === id)
    expect(told).toHaveLength(1)
    expect(told[0].body).toContain('城市停车（人民广场店）')
    // The replay (same request id, same body) answers the same and changes nothing.
    const replay = await redeem(1, { body: { code, store: '人民广场店' }, requestId, partner: OTHER })
    expect([replay.status, replay.body]).toEqual([200, first.body])
    expect((await redeemedMessages()).filter((m) => (m.target as { id: string }).id === id)).toHaveLength(1)
    // The same request id with another body: refused.
    const reused = await redeem(0, { body: { code, store: '徐家汇店' }, requestId, partner: OTHER })
    expect([reused.status, reused.body.error?.code]).toEqual([409, 'REQUEST_ID_REUSED'])
    // A new request for the used coupon: refused with when it was used.
    const again = await redeem(0, { body: { code } })
    expect([again.status, again.body.error?.code]).toEqual([409, 'COUPON_USED'])
    expect(again.body.error?.message).toContain('已于')
  })

  it('refuses an expired coupon and an unknown code', async () => {
    const { code } = await coupon(-1)
    const expired = await redeem(0, { body: { code } })
    expect([expired.status, expired.body.error?.code]).toEqual([409, 'COUPON_EXPIRED'])
    expect(expired.body.error?.message).toContain('过期')
    const unknown = await redeem(0, { body: { code: 'NOSUCHCODE99' } })
    expect([unknown.status, unknown.body.error?.code]).toEqual([404, 'COUPON_NOT_FOUND'])
  })

  it('redeems a coupon once under many different requests at once', async () => {
    const { code, id } = await coupon()
    const answers = await c.race(40, (i) => redeem(i, { body: { code, store: `门店${i}` } }))
    const ok = answers.filter((a) => a.status === 200)
    expect(ok).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409 && a.body.error?.code === 'COUPON_USED')).toHaveLength(39)
    expect((await redeemedMessages()).filter((m) => (m.target as { id: string }).id === id)).toHaveLength(1)
    const rows = await c.db
      .selectFrom('coupon_redemptions')
      .select('request_id')
      .where('coupon_id', '=', id)
      .execute()
    expect(rows).toHaveLength(1)
  }, 60_000)

  it('answers one request replayed many times at once with the same first answer', async () => {
    const { code, id } = await coupon()
    const requestId = randomUUID()
    const answers = await c.race(40, (i) => redeem(i, { body: { code }, requestId }))
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200))
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1)
    expect((await redeemedMessages()).filter((m) => (m.target as { id: string }).id === id)).toHaveLength(1)
  }, 60_000)
})
