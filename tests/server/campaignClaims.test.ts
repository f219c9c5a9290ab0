import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checksumChar } from '../../src/domain/certificate'
import type {
  CampaignState,
  CollectResult,
  CouponList,
  EntryResult,
  FormState,
  PrizeList,
} from '../../src/types/generated/api/campaign'
import type { DrawResult } from '../../src/types/generated/api/campaign'
import type { Policy } from '../../src/types/generated/api/policy'
import type { Campaign, CampaignField } from '../../src/types/generated/page'
import { registerCampaign } from '../../server/modules/campaigns/registry'
import { remindExpiringPolicies } from '../../server/modules/policies/reminders'
import type { RenewalList } from '../../src/types/generated/api/renewal'
import { createTestApp, json, loginAs, testClock, type TestApp } from './helpers'

// Coupons, forms and gift claims run by the server: a coupon campaign's stock and limits, coupons that are rows
// with a code and a validity read at server time, physical prizes of a draw waiting for one address, form entries
// checked field by field (a phone proven by its SMS code), the entry of "used a calculator" that opens a lottery
// for 7 days, and a zero-premium gift policy issued by the policy engine once per certificate. (Races on
// PostgreSQL: campaignClaimRace.test.ts.)

const clock = testClock(new Date('2027-01-01T04:00:00.000Z')) // 2027-01-01 12:00 in Shanghai
const DAY = 86_400_000
let test: TestApp
let users = 0

const WINDOW = { startAt: '2027-01-01T00:00:00+08:00', endAt: '2027-06-30T00:00:00+08:00' }

/** A resident ID with a real checksum, born on `birth` (YYYYMMDD). */
const idNumber = (birth: string, serial = '123') => {
  const first17 = `110101${birth}${serial}`
  return first17 + checksumChar(first17)
}

const couponCampaign = (extra: Partial<Campaign> = {}): Campaign => ({
  kind: 'coupon',
  title: '停车券领取',
  window: WINDOW,
  limits: { perUserTotal: 2, perUserPerDay: 1 },
  prizes: [
    {
      id: 'parking',
      name: '2小时停车券',
      weight: 1,
      stock: 3,
      reward: { kind: 'coupon', benefit: '合作停车场2小时停车', validDays: 30 },
    },
  ],
  ...extra,
})

const FORM_FIELDS: CampaignField[] = [
  { key: 'name', kind: 'name', label: '姓名' },
  { key: 'mobile', kind: 'phone', label: '手机号' },
  { key: 'cert', kind: 'certificate', label: '证件' },
  { key: 'visit', kind: 'date', label: '到店日期' },
  { key: 'size', kind: 'select', label: '礼品尺码', options: ['S', 'M', 'L'] },
  { key: 'region', kind: 'region', label: '所在地区', optional: true },
  { key: 'agree', kind: 'agreement', label: '我已阅读并同意活动规则' },
]

const GIFT_FIELDS: CampaignField[] = [
  { key: 'name', kind: 'name', label: '姓名' },
  { key: 'cert', kind: 'certificate', label: '证件', certTypes: ['ID_CARD'] },
  { key: 'mobile', kind: 'phone', label: '手机号' },
  { key: 'agree', kind: 'agreement', label: '我已阅读并同意保险条款与投保须知' },
]

async function register(id: string, campaign: Campaign) {
  await registerCampaign(test.db.db, { id, file: `page-configs/${id}.json`, campaign }, clock.now())
}

beforeAll(async () => {
  test = await createTestApp({ now: clock.now })
  // The users here are about these campaigns: the /newgift page's 新人礼包, granted at every new user's login
  // (newUserGift.test.ts), is over for them.
  await test.db.db
    .updateTable('campaigns')
    .set({ ends_at: clock.now() })
    .where('id', '=', 'newgift-health')
    .execute()
  await register('parking-coupon', couponCampaign())
  await register(
    'short-coupon',
    couponCampaign({
      limits: { perUserTotal: 1 },
      prizes: [
        {
          id: 'wash',
          name: '洗车券',
          weight: 1,
          stock: 10,
          reward: {
            kind: 'coupon',
            benefit: '合作门店洗车一次',
            validDays: 30,
            validUntil: '2027-01-05T00:00:00+08:00',
          },
        },
      ],
    }),
  )
  await register('visit-form', {
    kind: 'form',
    title: '到店礼登记',
    window: WINDOW,
    limits: { perUserTotal: 1 },
    prizes: [],
    fields: FORM_FIELDS,
  })
  await register('calc-use', {
    kind: 'form',
    title: '使用保费试算工具',
    window: WINDOW,
    limits: { perUserTotal: 100, perUserPerDay: 1 },
    countsTrials: true,
    prizes: [],
  })
  await register('calc-lottery', {
    kind: 'lottery',
    title: '试算抽奖',
    window: WINDOW,
    eligibility: { entryOf: 'calc-use' },
    limits: { perUserTotal: 10, perUserPerDay: 3 },
    prizes: [{ id: 'pts', name: '5积分', weight: 1, reward: { kind: 'points', amount: 5 } }],
  })
  // Each with one prize, so a draw's result is known: a physical gift while its one is left, then nothing.
  await register('cup-draw', {
    kind: 'lottery',
    title: '保温杯抽奖',
    window: WINDOW,
    limits: { perUserTotal: 5 },
    prizes: [
      {
        id: 'cup',
        name: '保温杯',
        weight: 1,
        stock: 1,
        reward: { kind: 'physical', description: '316不锈钢保温杯' },
      },
    ],
  })
  await register('wash-draw', {
    kind: 'lottery',
    title: '洗车券抽奖',
    window: WINDOW,
    limits: { perUserTotal: 5 },
    prizes: [
      {
        id: 'wash',
        name: '洗车券',
        weight: 1,
        stock: 100,
        reward: { kind: 'coupon', benefit: '合作门店洗车一次', validDays: 15 },
      },
    ],
  })
  await register('gift-accident', {
    kind: 'gift-claim',
    title: '出行意外赠险',
    window: WINDOW,
    limits: { perUserTotal: 2 },
    prizes: [
      {
        id: 'policy',
        name: '出行意外保障',
        weight: 1,
        stock: 5,
        reward: { kind: 'gift-policy', productId: 'p-gift-accident', planCode: 'gift' },
      },
    ],
    fields: GIFT_FIELDS,
  })
})
afterAll(async () => test.close())

async function user(phone?: string) {
  users += 1
  return loginAs(test.app, phone ?? `1363000${String(users).padStart(4, '0')}`, `10.16.0.${users}`)
}
const post = (cookie: string | undefined, url: string, body?: unknown, key?: string) =>
  json(test.app, {
    method: 'POST',
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(key ? { 'idempotency-key': key } : {}) },
    body,
  })
const get = (cookie: string, url: string) => json(test.app, { url, headers: { cookie } })
const claim = (cookie: string | undefined, id: string, body: unknown = {}, key?: string) =>
  post(cookie, `/api/campaigns/${id}/claims`, body, key)
const coupons = async (cookie: string, query = '') =>
  (await get(cookie, `/api/coupons${query}`)).json<CouponList>()

/** Asks the form's SMS code for `phone` and reads it from the demo outbox. */
async function formCode(cookie: string, campaign: string, phone: string): Promise<string> {
  const sent = await post(cookie, `/api/campaigns/${campaign}/sms-code`, { phone })
  expect(sent.statusCode, sent.body).toBe(200)
  const outbox = await test.app.inject({ url: `/api/dev/sms-outbox?phone=${phone}` })
  return outbox.json<{ code: string }>().code
}

describe('a coupon campaign', () => {
  it('gives a coupon with a code and a validity, one a day and two in all, then names the limit', async () => {
    expect((await claim(undefined, 'parking-coupon')).statusCode).toBe(401)
    const cookie = await user()
    const first = await claim(cookie, 'parking-coupon')
    expect(first.statusCode, first.body).toBe(200)
    const result = first.json<CollectResult>()
    expect(result.coupon).toMatchObject({
      name: '2小时停车券',
      benefit: '合作停车场2小时停车',
      status: 'usable',
      validFrom: '2027-01-01T12:00:00.000+08:00',
      validTo: '2027-01-31T12:00:00.000+08:00',
      usedAt: null,
      campaignTitle: '停车券领取',
    })
    expect(result.coupon?.code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/)
    expect(result.chances).toEqual({ left: 0, leftTotal: 1 })

    const again = await claim(cookie, 'parking-coupon')
    expect(again.statusCode).toBe(409)
    expect(again.json().error).toMatchObject({ code: 'NO_CHANCES', message: '今日已领取，明天再来吧' })
    clock.advance(DAY)
    expect((await claim(cookie, 'parking-coupon')).statusCode).toBe(200)
    clock.advance(DAY)
    expect((await claim(cookie, 'parking-coupon')).json().error.message).toBe(
      '您已领取过，本活动每人限领次数已用完',
    )
    const mine = await coupons(cookie)
    expect(mine.items).toHaveLength(2)
    expect(mine.counts).toEqual({ usable: 2, used: 0, expired: 0 })
  })

  it('stops at its stock, and one Idempotency-Key takes one coupon', async () => {
    // One of 3 is left after the first user's two.
    const cookie = await user()
    const key = 'claim-key-0123456789'
    const once = await claim(cookie, 'parking-coupon', {}, key)
    const replay = await claim(cookie, 'parking-coupon', {}, key)
    expect(once.statusCode).toBe(200)
    expect(replay.json()).toEqual(once.json())
    expect((await coupons(cookie)).items).toHaveLength(1)
    const late = await claim(await user(), 'parking-coupon')
    expect(late.statusCode).toBe(409)
    expect(late.json().error).toMatchObject({ code: 'OUT_OF_STOCK', message: '券已领完，下次早点来' })
    const state = (await json(test.app, { url: '/api/campaigns/parking-coupon' })).json<{
      prizes: { left: number }[]
    }>()
    expect(state.prizes[0].left).toBe(0)
    // The refused claim took no chance: the user still has both.
    const chances = await json(test.app, {
      url: '/api/campaigns/parking-coupon',
      headers: { cookie: await user() },
    })
    expect(chances.json().chances).toEqual({ left: 1, leftTotal: 2 })
  })

  it('reads 可使用/已使用/已过期 at server time, uses a coupon once, and keeps it its owner’s', async () => {
    const cookie = await user()
    const { coupon } = (await claim(cookie, 'short-coupon')).json<CollectResult>()
    // validDays 30, cut at validUntil (4 days away).
    expect(coupon?.validTo).toBe('2027-01-05T00:00:00.000+08:00')
    const other = await user()
    expect((await post(other, `/api/coupons/${coupon?.id}/use`)).statusCode).toBe(404)
    expect((await coupons(other)).items).toHaveLength(0)
    const used = await post(cookie, `/api/coupons/${coupon?.id}/use`)
    expect(used.json()).toMatchObject({ status: 'used' })
    const twice = await post(cookie, `/api/coupons/${coupon?.id}/use`)
    expect(twice.json().error).toMatchObject({ code: 'COUPON_NOT_USABLE', message: '该券已使用' })

    const third = await user()
    const late = (await claim(third, 'short-coupon')).json<CollectResult>().coupon
    clock.advance(4 * DAY)
    const list = await coupons(third, '?status=expired')
    expect(list.items.map((c) => c.id)).toEqual([late?.id])
    expect(list.counts).toEqual({ usable: 0, used: 0, expired: 1 })
    expect((await post(third, `/api/coupons/${late?.id}/use`)).json().error.message).toBe('该券已过期')
    // After validUntil no coupon can be issued at all.
    const none = await claim(await user(), 'short-coupon')
    expect(none.json().error).toMatchObject({ code: 'COUPON_EXPIRED', message: '该券已过有效期，无法领取' })
    expect((await coupons(cookie, '?status=used')).items).toHaveLength(1)
  })

  it('refuses a claim on a lottery, and a lottery draw on a coupon campaign', async () => {
    const cookie = await user()
    expect((await claim(cookie, 'calc-lottery')).json().error.code).toBe('WRONG_CAMPAIGN_KIND')
    expect((await post(cookie, '/api/campaigns/parking-coupon/draws')).json().error.code).toBe(
      'NOT_A_LOTTERY',
    )
  })
})

describe('the calculator entry and the lottery it opens', () => {
  it('refuses the lottery before the calculator was used, opens it for 7 days, never counts twice a day', async () => {
    const cookie = await user()
    const refused = await post(cookie, '/api/campaigns/calc-lottery/draws')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toMatchObject({
      code: 'NOT_ELIGIBLE',
      message: '请先完成“使用保费试算工具”（7 天内有效）再来参与',
    })
    const entry = await post(cookie, '/api/campaigns/calc-use/entries', {})
    expect(entry.statusCode, entry.body).toBe(200)
    expect(entry.json<EntryResult>()).toMatchObject({ repeated: false, entry: { seq: 1 } })
    const same = (await post(cookie, '/api/campaigns/calc-use/entries', {})).json<EntryResult>()
    expect(same).toMatchObject({ repeated: true, entry: { id: entry.json<EntryResult>().entry.id } })

    expect((await post(cookie, '/api/campaigns/calc-lottery/draws')).statusCode).toBe(200)
    clock.advance(6 * DAY)
    expect((await post(cookie, '/api/campaigns/calc-lottery/draws')).statusCode).toBe(200)
    clock.advance(DAY + 1000)
    expect((await post(cookie, '/api/campaigns/calc-lottery/draws')).statusCode).toBe(403)
    expect((await post(cookie, '/api/campaigns/calc-use/entries', {})).json<EntryResult>().entry.seq).toBe(2)
    expect((await post(cookie, '/api/campaigns/calc-lottery/draws')).statusCode).toBe(200)
  })

  it('says before any tap why the lottery is closed to the user, and a product page’s premium trial opens it', async () => {
    const cookie = await user()
    const before = (await get(cookie, '/api/campaigns/calc-lottery')).json<CampaignState>()
    expect(before).toMatchObject({
      chances: { left: 3, leftTotal: 10 },
      notEligible: '请先完成“使用保费试算工具”（7 天内有效）再来参与',
    })
    // A visitor is told to log in instead (no chances), with nothing about the task.
    expect((await json(test.app, { url: '/api/campaigns/calc-lottery' })).json()).toMatchObject({
      chances: null,
      notEligible: null,
    })
    // A trial on a product page (POST /api/campaigns/trials) counts as using the calculator, once a day.
    expect((await post(undefined, '/api/campaigns/trials')).statusCode).toBe(401)
    const trial = await post(cookie, '/api/campaigns/trials')
    expect(trial.statusCode, trial.body).toBe(200)
    expect(trial.json<{ recorded: string[] }>().recorded).toContain('calc-use')
    expect((await post(cookie, '/api/campaigns/trials')).json<{ recorded: string[] }>().recorded).toEqual([])
    const after = (await get(cookie, '/api/campaigns/calc-lottery')).json<CampaignState>()
    expect(after.notEligible).toBeNull()
    expect((await post(cookie, '/api/campaigns/calc-lottery/draws')).statusCode).toBe(200)
  })

  it('issues the coupon and the physical prize a draw wins; the prize’s address is given once', async () => {
    const cookie = await user()
    for (let i = 0; i < 2; i++)
      expect((await post(cookie, '/api/campaigns/wash-draw/draws')).statusCode).toBe(200)
    const washes = (await coupons(cookie, '?campaignId=wash-draw')).items
    expect(washes.map((c) => [c.name, c.benefit, c.status])).toEqual([
      ['洗车券', '合作门店洗车一次', 'usable'],
      ['洗车券', '合作门店洗车一次', 'usable'],
    ])
    expect(new Set(washes.map((c) => c.code)).size).toBe(2)

    const won = (await post(cookie, '/api/campaigns/cup-draw/draws')).json<DrawResult>().draw
    expect(won).toMatchObject({ prizeId: 'cup', won: true, reward: '保温杯（316不锈钢保温杯）' })
    // The only one is gone: the next draw (another user's) maps onto nothing.
    const other = await user()
    expect((await post(other, '/api/campaigns/cup-draw/draws')).json<DrawResult>().draw.prizeId).toBeNull()
    expect((await get(other, '/api/prizes')).json<PrizeList>().items).toEqual([])
    const prizes = (await get(cookie, '/api/prizes')).json<PrizeList>().items
    expect(prizes).toEqual([
      expect.objectContaining({ name: '保温杯', campaignTitle: '保温杯抽奖', address: null }),
    ])
    const prize = prizes[0]
    const address = {
      name: '李四',
      phone: '13900001111',
      region: '上海市浦东新区',
      detail: '世纪大道100号8楼',
    }
    const put = (c: string, body: unknown) =>
      json(test.app, { method: 'PUT', url: `/api/prizes/${prize.id}/address`, headers: { cookie: c }, body })
    const bad = await put(cookie, { ...address, phone: '12345' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.details).toEqual([{ field: 'phone', message: '请输入正确的收件人手机号' }])
    const missing = await put(cookie, { name: '李四', phone: '13900001111', region: '上海' })
    expect(missing.statusCode).toBe(400)
    expect(JSON.stringify(missing.json().error.details)).toContain('detail')
    expect((await put(other, address)).statusCode).toBe(404)
    expect((await put(cookie, address)).json()).toMatchObject({ address })
    const twice = await put(cookie, { ...address, detail: '另一个地址100号' })
    expect(twice.json().error).toMatchObject({
      code: 'ADDRESS_GIVEN',
      message: '“保温杯”的收货地址已填写，不能修改',
    })
  })
})

describe('a form entry', () => {
  const good = {
    name: '王五',
    mobile: '13700002222',
    cert: { type: 'ID_CARD', number: idNumber('19880808') },
    visit: '2027-02-01',
    size: 'M',
    agree: true,
  }

  it('names every bad field in Chinese, and refuses a key the form does not have', async () => {
    const cookie = await user()
    const bad = await post(cookie, '/api/campaigns/visit-form/entries', {
      fields: {
        name: 'A',
        mobile: '123',
        cert: { type: 'ID_CARD', number: '110101198808081230' },
        size: 'XL',
        extra: 'x',
      },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.details).toEqual([
      { field: 'fields.extra', message: '表单中没有这一项' },
      { field: 'fields.name', message: '请输入真实姓名（至少2个字）' },
      { field: 'fields.mobile', message: '请输入正确的11位手机号' },
      { field: 'fields.cert', message: '身份证号校验位不正确，请核对' },
      { field: 'fields.visit', message: '请选择到店日期' },
      { field: 'fields.size', message: '请选择礼品尺码' },
      { field: 'fields.agree', message: '请勾选阅读并同意活动规则' },
    ])
    // The body's own shape is checked by the schema, naming the field too.
    const shape = await post(cookie, '/api/campaigns/visit-form/entries', { fields: { name: 5 } })
    expect(shape.statusCode).toBe(400)
    expect(JSON.stringify(shape.json().error.details)).toContain('fields.name')
  })

  it('needs the phone’s SMS code of this form, stores the entry once, then names the limit', async () => {
    const cookie = await user()
    const noCode = await post(cookie, '/api/campaigns/visit-form/entries', { fields: good })
    expect(noCode.json().error.details).toEqual([{ field: 'smsCode', message: '请输入短信验证码' }])
    // A login code of the same phone is not this form's code.
    await test.app.inject({ method: 'POST', url: '/api/auth/sms-code', payload: { phone: good.mobile } })
    const loginCode = (await test.app.inject({ url: `/api/dev/sms-outbox?phone=${good.mobile}` })).json<{
      code: string
    }>().code
    const wrong = await post(cookie, '/api/campaigns/visit-form/entries', {
      fields: good,
      smsCode: loginCode,
    })
    expect(wrong.json().error.code).toBe('CODE_EXPIRED')
    const code = await formCode(cookie, 'visit-form', good.mobile)
    const entered = await post(cookie, '/api/campaigns/visit-form/entries', { fields: good, smsCode: code })
    expect(entered.statusCode, entered.body).toBe(200)
    const stored = await test.db.db
      .selectFrom('campaign_entries')
      .select('fields')
      .where('id', '=', entered.json<EntryResult>().entry.id)
      .executeTakeFirstOrThrow()
    expect(stored.fields).toEqual(good)
    clock.advance(61_000) // one code a minute per phone
    const code2 = await formCode(cookie, 'visit-form', good.mobile)
    const again = await post(cookie, '/api/campaigns/visit-form/entries', { fields: good, smsCode: code2 })
    expect(again.json().error).toMatchObject({
      code: 'NO_CHANCES',
      message: '您已提交过，本活动每人提交次数已用完',
    })
    // A form is not claimed, and a coupon campaign takes no entries.
    expect((await claim(cookie, 'visit-form')).json().error.code).toBe('WRONG_CAMPAIGN_KIND')
    expect((await post(cookie, '/api/campaigns/parking-coupon/entries', {})).json().error.code).toBe(
      'WRONG_CAMPAIGN_KIND',
    )
  })
})

describe('a gift-claim campaign', () => {
  let phones = 0
  const form = (cert: string, mobile = `1360000${String((phones += 1)).padStart(4, '0')}`) => ({
    name: '赵六',
    cert: { type: 'ID_CARD', number: cert },
    mobile,
    agree: true,
  })
  const claimGift = async (cookie: string, cert: string, mobile?: string) => {
    const fields = form(cert, mobile)
    return claim(cookie, 'gift-accident', {
      fields,
      smsCode: await formCode(cookie, 'gift-accident', fields.mobile),
    })
  }

  it('shows the product, its insurer, cover, ages and terms on the form', async () => {
    const state = (await json(test.app, { url: '/api/campaigns/gift-accident/form' })).json<FormState>()
    expect(state).toMatchObject({ kind: 'gift-claim', status: 'live', chances: null, entries: [] })
    expect(state.gift).toMatchObject({
      productId: 'p-gift-accident',
      insurerName: '蓝鲸湾财产保险股份有限公司（虚构）',
      ageText: '18至60周岁',
      coveragePeriod: '30天',
      left: 5,
    })
    expect(state.gift?.clauses.length).toBeGreaterThan(0)
    expect(state.fields.map((f) => f.kind)).toEqual(['name', 'certificate', 'phone', 'agreement'])
  })

  it('issues a zero-premium policy through the policy engine, never paid, visible in my policies', async () => {
    const cookie = await user()
    const result = await claimGift(cookie, idNumber('19900101', '251'))
    expect(result.statusCode, result.body).toBe(200)
    const { entry } = result.json<CollectResult>()
    expect(entry.policyNo).toMatch(/^GH/)
    const list = (await get(cookie, '/api/policies')).json<{ items: Policy[] }>().items
    const policy = list.find((p) => p.id === entry.policyId)
    expect(policy).toMatchObject({
      productName: '蓝鲸湾出行意外保障（赠险版）',
      insurerName: '蓝鲸湾财险',
      premiumFen: 0,
      holder: { name: '赵六' },
      insured: { name: '赵六', relationType: '1' },
    })
    const order = await test.db.db
      .selectFrom('orders')
      .select(['id', 'status', 'premium_fen'])
      .where('id', '=', policy?.orderId as string)
      .executeTakeFirstOrThrow()
    expect(order).toMatchObject({ status: 'ISSUED', premium_fen: 0 })
    const payments = await test.db.db
      .selectFrom('payments')
      .select('id')
      .where('order_id', '=', order.id)
      .execute()
    expect(payments).toEqual([])
    const state = (await get(cookie, '/api/campaigns/gift-accident/form')).json<FormState>()
    expect(state.entries).toEqual([
      expect.objectContaining({ policyId: entry.policyId, policyNo: entry.policyNo }),
    ])
    expect(state.gift?.left).toBe(4)
  })

  it('gives one per certificate, whoever asks, and checks the insured’s age against the product', async () => {
    const cert = idNumber('19920202', '371')
    const first = await user()
    expect((await claimGift(first, cert)).statusCode).toBe(200)
    const second = await user()
    const twice = await claimGift(second, cert)
    expect(twice.statusCode).toBe(409)
    expect(twice.json().error).toMatchObject({
      code: 'ALREADY_CLAIMED',
      message: '该证件已领取过本活动的赠险，每人限领一份',
      details: [{ field: 'fields.cert', message: '该证件已领取过' }],
    })
    // The refused claim took neither the second user's chance nor the stock.
    expect((await get(second, '/api/campaigns/gift-accident/form')).json<FormState>().chances).toEqual({
      left: 2,
      leftTotal: 2,
    })
    const old = await claimGift(second, idNumber('19600101', '455'))
    expect(old.statusCode).toBe(400)
    expect(old.json().error.details[0]).toMatchObject({ field: 'fields.cert' })
    expect(old.json().error.message).toMatch(/^被保险人已6\d周岁，超过本产品承保年龄（18至60周岁）$/)
    const minor = await claimGift(second, idNumber('20150101', '455'))
    expect(minor.json().error.message).toBe('领取人须年满18周岁')
    const passport = await claim(second, 'gift-accident', {
      fields: { ...form('x'), cert: { type: 'PASSPORT', number: 'E12345678' } },
    })
    expect(passport.json().error.details).toEqual([{ field: 'fields.cert', message: '请选择证件类型' }])
  })

  it('is not listed in the catalog nor sold through the purchase flow', async () => {
    const listed = (await json(test.app, { url: '/api/products?category=accident&limit=50' })).json<{
      items: { id: string }[]
    }>()
    expect(listed.items.map((p) => p.id)).not.toContain('p-gift-accident')
    const cookie = await user()
    const application = await post(cookie, '/api/applications', {
      productId: 'p-gift-accident',
      planCode: 'gift',
      coveragePeriod: '30d',
      paymentPeriod: 'single',
      recordingNoticeAcknowledged: true,
    })
    expect(application.statusCode).toBe(409)
    expect(application.json().error).toMatchObject({
      code: 'CAMPAIGN_ONLY',
      message: '该赠险仅可在活动页领取',
    })
  })

  it('is never offered for a paid renewal: not in 续保, no auto-renewal, a reminder that asks for nothing', async () => {
    const cookie = await user()
    const result = await claimGift(cookie, idNumber('19880808', '612'))
    expect(result.statusCode, result.body).toBe(200)
    const { policyId } = result.json<CollectResult>().entry
    // 30 days of cover: it ends within the renewal window at once.
    const renewals = (await get(cookie, '/api/renewals')).json<RenewalList>()
    expect(renewals.items.map((r) => r.policyId)).not.toContain(policyId)
    const auto = await json(test.app, {
      method: 'PUT',
      url: `/api/policies/${policyId}/auto-renew`,
      headers: { cookie },
      body: { enabled: true },
    })
    expect(auto.statusCode).toBe(409)
    expect(auto.json().error.message).toBe('赠险为活动赠送，到期后保障终止，不提供付费续保')
    clock.advance(2 * DAY)
    await remindExpiringPolicies(test.db.db, clock.now, test.app.services.messages)
    const reminders = await test.db.db
      .selectFrom('messages')
      .select(['title', 'body', 'target'])
      .where('kind', '=', 'policy_expiring')
      .execute()
    const mine = reminders.filter((m) => JSON.stringify(m.target).includes(policyId as string))
    expect(mine).toHaveLength(1)
    expect(mine[0].title).toMatch(/^赠险\d+天后到期$/)
    expect(mine[0].body).toContain('到期后保障自动终止，无需续保，不会扣费')
    expect(mine[0].body).not.toContain('请及时续保')
    expect(mine[0].target).toEqual({ kind: 'policy', id: policyId })
  })
})
