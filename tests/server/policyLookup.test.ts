import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { LookedUpPolicy, LookupCodeResponse } from '../../src/types/generated/api/lookup'
import type { Policy } from '../../src/types/generated/api/policy'
import { AGREEMENTS, createTestApp, json, loginAs, testClock, type TestApp } from './helpers'
import type { SmsProvider } from '../../server/modules/auth/sms/provider'
import { Buyer, HOLDER_ID, selfInsured } from './ordersFlow'

// 保单查询 without an account (/scratch): the three facts, a code to the holder's phone (the same answer
// whether or not they match a policy), the masked policy for the right code only, and the limits.
let test: TestApp
let policy: Policy
let ipSeq = 0
const clock = testClock(new Date('2026-11-22T04:00:00.000Z'))
const HOLDER_PHONE = selfInsured.phone as string
const nextIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`

beforeAll(async () => {
  test = await createTestApp({ now: clock.now })
  const buyer = new Buyer(test.app, await loginAs(test.app, '13700000001', '10.8.0.1'))
  policy = await buyer.issuedPolicy()
})
afterAll(async () => test.close())
// A new day for each case: past the resend window and the daily count of each policy number.
beforeEach(() => clock.advance(24 * 3600_000))

const facts = (extra: Record<string, string> = {}) => ({
  policyNo: policy.policyNo,
  holderName: '张三',
  certLast4: HOLDER_ID.slice(-4),
  ...extra,
})
const askCode = (body: unknown, ip = nextIp()) =>
  json(test.app, { method: 'POST', url: '/api/policy-lookup/code', body, remoteAddress: ip })
const lookUp = (body: unknown, ip = nextIp()) =>
  json(test.app, { method: 'POST', url: '/api/policy-lookup', body, remoteAddress: ip })
const outbox = async (phone: string) =>
  (await test.app.inject({ url: `/api/dev/sms-outbox?phone=${phone}` })).json<{
    code: string
    message: string
  }>()
const outboxCount = async () =>
  Number(
    (
      await test.db.db
        .selectFrom('sms_outbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('policy lookup', () => {
  it('sends a code to the holder’s phone and shows the masked policy for it', async () => {
    const sent = await askCode(facts({ policyNo: policy.policyNo.toLowerCase(), certLast4: '8515' }))
    expect(sent.statusCode).toBe(200)
    expect(sent.json<LookupCodeResponse>()).toEqual({
      phoneMasked: '138****8000',
      resendAfterSeconds: 60,
      expiresInSeconds: 300,
    })
    const sms = await outbox(HOLDER_PHONE)
    expect(sms.message).toContain(`您正在查询保单${policy.policyNo}`)
    const found = await lookUp({ policyNo: policy.policyNo, code: sms.code })
    expect(found.statusCode).toBe(200)
    const shown = found.json<LookedUpPolicy>()
    expect(shown).toMatchObject({
      policyNo: policy.policyNo,
      productName: policy.productName,
      premiumFen: policy.premiumFen,
      holderName: '*三',
      insuredName: '*三',
      insuredCertNoMasked: '1101**********8515',
      status: 'IN_FORCE',
    })
    expect(JSON.stringify(shown)).not.toContain(HOLDER_ID)
    expect(shown).not.toHaveProperty('id')
    // A code shows the policy once.
    const again = await lookUp({ policyNo: policy.policyNo, code: sms.code })
    expect(again.statusCode).toBe(400)
    expect(again.json().error.code).toBe('CODE_EXPIRED')
  })

  it('answers facts that match nothing in the same shape, sends nothing, and no code opens it', async () => {
    const before = await outboxCount()
    for (const wrong of [
      facts({ holderName: '李四' }),
      facts({ certLast4: '0000' }),
      facts({ policyNo: 'GH2026010199999999' }),
    ]) {
      clock.advance(61_000)
      const res = await askCode(wrong)
      expect(res.statusCode).toBe(200)
      const body = res.json<LookupCodeResponse>()
      expect(Object.keys(body).sort()).toEqual(['expiresInSeconds', 'phoneMasked', 'resendAfterSeconds'])
      expect(body.phoneMasked).toMatch(/^1[3-9]\d\*{4}\d{4}$/)
      expect(body.phoneMasked).not.toBe('138****8000')
      // The same facts again get the same masked phone, as a real policy would.
      clock.advance(61_000)
      expect((await askCode(wrong)).json<LookupCodeResponse>().phoneMasked).toBe(body.phoneMasked)
    }
    expect(await outboxCount()).toBe(before)
    const unknown = await lookUp({ policyNo: 'GH2026010199999999', code: '123456' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error).toMatchObject({ code: 'CODE_EXPIRED', message: '验证码已失效，请重新获取' })
    const noCode = await lookUp({ policyNo: policy.policyNo, code: '123456' })
    expect(noCode.json().error.code).toBe('CODE_EXPIRED')
  })

  it('counts wrong codes and voids the code at the fifth; a lookup code is no login code', async () => {
    await askCode(facts())
    const { code } = await outbox(HOLDER_PHONE)
    const wrong = code === '000000' ? '111111' : '000000'
    const login = await json(test.app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { phone: HOLDER_PHONE, code, agreements: AGREEMENTS },
    })
    expect(login.statusCode).toBe(400)
    for (let left = 4; left >= 1; left--) {
      const res = await lookUp({ policyNo: policy.policyNo, code: wrong })
      expect(res.json().error).toMatchObject({
        code: 'CODE_INVALID',
        message: `验证码不正确，还可尝试${left}次`,
      })
    }
    expect((await lookUp({ policyNo: policy.policyNo, code: wrong })).json().error.code).toBe('CODE_VOIDED')
    expect((await lookUp({ policyNo: policy.policyNo, code })).json().error.code).toBe('CODE_EXPIRED')
  })

  it('limits resends per policy number to one a minute, matching or not', async () => {
    expect((await askCode(facts())).statusCode).toBe(200)
    const soon = await askCode(facts())
    expect(soon.statusCode).toBe(429)
    expect(soon.json().error.code).toBe('SMS_TOO_FREQUENT')
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0)
    const missing = facts({ policyNo: 'GH2026010188888888' })
    expect((await askCode(missing)).statusCode).toBe(200)
    expect((await askCode(missing)).statusCode).toBe(429)
  })

  it('limits one policy number to 5 codes a day and one IP address to 10 an hour', async () => {
    const policyNo = 'GH2026010177777777'
    for (let i = 0; i < 5; i++) {
      expect((await askCode(facts({ policyNo }))).statusCode).toBe(200)
      clock.advance(61_000)
    }
    const sixth = await askCode(facts({ policyNo }))
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json().error).toMatchObject({
      code: 'LOOKUP_DAILY_LIMIT',
      message: '该保单今日获取验证码次数已达上限，请明天再试',
    })

    const ip = '10.99.0.1'
    clock.advance(3600_000)
    for (let i = 0; i < 10; i++)
      expect(
        (await askCode(facts({ policyNo: `GH20260101${String(i).padStart(8, '0')}` }), ip)).statusCode,
      ).toBe(200)
    const eleventh = await askCode(facts({ policyNo: 'GH2026010166666666' }), ip)
    expect(eleventh.statusCode).toBe(429)
    expect(eleventh.json().error.code).toBe('LOOKUP_IP_LIMIT')
  })

  it('refuses bad input naming the field', async () => {
    const bad = await askCode(facts({ certLast4: '85\u00005' }))
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.details[0].field).toContain('certLast4')
    const badNo = await askCode(facts({ policyNo: 'XX' }))
    expect(badNo.statusCode).toBe(400)
    const badCode = await lookUp({ policyNo: policy.policyNo, code: '12a456' })
    expect(badCode.statusCode).toBe(400)
    expect(badCode.json().error.details[0].field).toContain('code')
  })

  it('says the lookup is unavailable, alike for every input, when the gateway has no lookup template', async () => {
    const loginOnly: SmsProvider = { name: 'login-only', sendLoginCode: async () => undefined }
    const plain = await createTestApp({ now: clock.now, smsProvider: loginOnly })
    try {
      for (const body of [facts(), facts({ holderName: '李四' })]) {
        const res = await json(plain.app, { method: 'POST', url: '/api/policy-lookup/code', body })
        expect(res.statusCode).toBe(503)
        expect(res.json().error).toEqual({
          code: 'SMS_LOOKUP_UNAVAILABLE',
          message: '保单查询短信暂未开通，请登录后在“我的保单”中查看',
        })
      }
    } finally {
      await plain.close()
    }
  })
})
