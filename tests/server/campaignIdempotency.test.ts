import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checksumChar } from '../../src/domain/certificate'
import type { CollectResult } from '../../src/types/generated/api/campaign'
import type { Campaign } from '../../src/types/generated/page'
import { registerCampaign } from '../../server/modules/campaigns/registry'
import { createTestApp, json, loginAs, testClock, type TestApp } from './helpers'
import { crashThenRetry, type CrashableApp } from './idempotencyCrash'

// Every campaign write that takes an Idempotency-Key (draws, entries, claims, using a coupon) answers a key sent
// again after a crash between its effect and its answer with the first answer, and acts once.

const clock = testClock(new Date('2027-01-01T04:00:00.000Z')) // 2027-01-01 12:00 in Shanghai
const WINDOW = { startAt: '2027-01-01T00:00:00+08:00', endAt: '2027-06-30T00:00:00+08:00' }
let test: TestApp
let crashable: CrashableApp
let users = 0

const campaigns: Record<string, Campaign> = {
  'crash-draw': {
    kind: 'lottery',
    title: '抽奖',
    window: WINDOW,
    limits: { perUserTotal: 5 },
    prizes: [{ id: 'pts', name: '5积分', weight: 1, reward: { kind: 'points', amount: 5 } }],
  },
  'crash-form': {
    kind: 'form',
    title: '到店登记',
    window: WINDOW,
    limits: { perUserTotal: 5 },
    prizes: [],
    fields: [
      { key: 'name', kind: 'name', label: '姓名' },
      { key: 'agree', kind: 'agreement', label: '我已阅读并同意活动规则' },
    ],
  },
  'crash-guess': {
    kind: 'guess',
    title: '竞猜',
    window: WINDOW,
    items: [
      {
        id: 'm1',
        title: '阿根廷 vs 法国',
        lockAt: '2027-01-02T19:30:00+08:00',
        options: [
          { id: 'home', label: '阿根廷胜' },
          { id: 'away', label: '法国胜' },
        ],
      },
    ],
    correctReward: { kind: 'points', amount: 20 },
  },
  'crash-coupon': {
    kind: 'coupon',
    title: '停车券',
    window: WINDOW,
    limits: { perUserTotal: 5 },
    prizes: [
      {
        id: 'parking',
        name: '停车券',
        weight: 1,
        stock: 10,
        reward: { kind: 'coupon', benefit: '合作停车场2小时停车', validDays: 30 },
      },
    ],
  },
  'crash-gift': {
    kind: 'gift-claim',
    title: '出行意外赠险',
    window: WINDOW,
    limits: { perUserTotal: 5 },
    prizes: [
      {
        id: 'policy',
        name: '出行意外保障',
        weight: 1,
        stock: 5,
        reward: { kind: 'gift-policy', productId: 'p-gift-accident', planCode: 'gift' },
      },
    ],
    fields: [
      { key: 'name', kind: 'name', label: '姓名' },
      { key: 'cert', kind: 'certificate', label: '证件', certTypes: ['ID_CARD'] },
      { key: 'mobile', kind: 'phone', label: '手机号' },
      { key: 'agree', kind: 'agreement', label: '我已阅读并同意保险条款与投保须知' },
    ],
  },
}

beforeAll(async () => {
  const faults = { loseAnswerOnSend: false }
  test = await createTestApp({ now: clock.now, idempotencyFaults: faults })
  crashable = { db: test.db, faults }
  for (const [id, campaign] of Object.entries(campaigns))
    await registerCampaign(test.db.db, { id, file: `page-configs/${id}.json`, campaign }, clock.now())
})
afterAll(async () => test.close())

async function user(): Promise<{ cookie: string; userId: string }> {
  users += 1
  const cookie = await loginAs(test.app, `1364000${String(users).padStart(4, '0')}`, `10.17.0.${users}`)
  const me = (await test.app.inject({ url: '/api/me', headers: { cookie } })).json<{ id: string }>()
  return { cookie, userId: me.id }
}
const post = (cookie: string, url: string, body: unknown, headers: Record<string, string>) =>
  json(test.app, { method: 'POST', url, headers: { cookie, ...headers }, body })
/** The user's rows of one campaign (a new user also gets the 新人礼包 at login, a campaign of its own). */
const rowsOf = (
  table: 'campaign_draws' | 'campaign_entries' | 'coupons',
  userId: string,
  campaignId: string,
) =>
  test.db.db
    .selectFrom(table)
    .select('id')
    .where('user_id', '=', userId)
    .where('campaign_id', '=', campaignId)
    .execute()

describe('a campaign write whose process dies before its answer, sent again with its key', () => {
  it('draws once', async () => {
    const { cookie, userId } = await user()
    await crashThenRetry(crashable, 'draw-crash-0001', (headers) =>
      post(cookie, '/api/campaigns/crash-draw/draws', undefined, headers),
    )
    expect(await rowsOf('campaign_draws', userId, 'crash-draw')).toHaveLength(1)
  })

  it('enters a form once, and makes a guess once', async () => {
    const { cookie, userId } = await user()
    await crashThenRetry(crashable, 'entry-crash-001', (headers) =>
      post(cookie, '/api/campaigns/crash-form/entries', { fields: { name: '赵六', agree: true } }, headers),
    )
    expect(await rowsOf('campaign_entries', userId, 'crash-form')).toHaveLength(1)
    await crashThenRetry(crashable, 'guess-crash-001', (headers) =>
      post(
        cookie,
        '/api/campaigns/crash-guess/entries',
        { picks: [{ itemId: 'm1', optionId: 'home' }] },
        headers,
      ),
    )
  })

  it('claims a coupon once and uses it once', async () => {
    const { cookie, userId } = await user()
    const claimed = await crashThenRetry(crashable, 'coupon-crash-01', (headers) =>
      post(cookie, '/api/campaigns/crash-coupon/claims', {}, headers),
    )
    expect(await rowsOf('coupons', userId, 'crash-coupon')).toHaveLength(1)
    const couponId = claimed.json<CollectResult>().coupon?.id
    const used = await crashThenRetry(crashable, 'use-crash-00001', (headers) =>
      post(cookie, `/api/coupons/${couponId}/use`, undefined, headers),
    )
    expect(used.json()).toMatchObject({ id: couponId, status: 'used' })
  })

  it('claims a gift policy once', async () => {
    const { cookie, userId } = await user()
    const mobile = '13600009999'
    await post(cookie, '/api/campaigns/crash-gift/sms-code', { phone: mobile }, {})
    const { code } = (await test.app.inject({ url: `/api/dev/sms-outbox?phone=${mobile}` })).json<{
      code: string
    }>()
    const first17 = '11010119900101251'
    const fields = {
      name: '赵六',
      cert: { type: 'ID_CARD', number: first17 + checksumChar(first17) },
      mobile,
      agree: true,
    }
    await crashThenRetry(crashable, 'gift-crash-0001', (headers) =>
      post(cookie, '/api/campaigns/crash-gift/claims', { fields, smsCode: code }, headers),
    )
    const policies = await test.db.db
      .selectFrom('policies')
      .select('id')
      .where('user_id', '=', userId)
      .execute()
    expect(policies).toHaveLength(1)
  })
})
