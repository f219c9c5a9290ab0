import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SmsNoticeService, SMS_NOTICE_ATTEMPTS } from '../../server/modules/messages/smsNotices'
import { SmsSendError, type PolicyIssuedSms, type SmsProvider } from '../../server/modules/auth/sms/provider'
import type { Policy, PolicyTextSent } from '../../src/types/generated/api/policy'
import { createTestApp, loginAs, testClock, type TestApp } from './helpers'
import { Buyer } from './ordersFlow'

// The e-policy sent by message (issue 28): an issued policy is texted to its holder with a signed link to the
// policy and its PDF, once; 发送到手机 sends it again, three times a day at most; a gateway failure is retried
// and two senders never send one notice twice.

let test: TestApp
const clock = testClock()
let users = 0

const newBuyer = async () => {
  users += 1
  const phone = `1361000${String(users).padStart(4, '0')}`
  return { phone, buyer: new Buyer(test.app, await loginAs(test.app, phone, `10.0.9.${users}`)) }
}

/** The texts the demo gateway kept for `phone` (notices have no code). */
const textsTo = async (phone: string) =>
  (
    await test.app.services.db
      .selectFrom('sms_outbox')
      .select('message')
      .where('phone', '=', phone)
      .where('code', '=', '')
      .orderBy('created_at')
      .execute()
  ).map((r) => r.message)

/** A gateway that records what it sends and fails while `failing`. */
function gateway() {
  const sent: { phone: string; params: PolicyIssuedSms }[] = []
  const provider: SmsProvider & { failing: boolean } = {
    name: 'test',
    failing: false,
    sendLoginCode: async () => {},
    async sendPolicyIssued(phone, params) {
      await new Promise((resolve) => setTimeout(resolve, 5))
      if (this.failing) throw new SmsSendError('gateway down')
      sent.push({ phone, params })
    },
  }
  return { sent, provider }
}

async function queue(service: SmsNoticeService, reference: string, phone: string, userId: string) {
  await test.app.services.db.transaction().execute((trx) =>
    service.enqueue(trx, {
      userId,
      phone,
      reference,
      params: { kind: 'policy_issued', product: '百万医疗', policyNo: 'GH0000', link: 'https://x/p' },
      message: '【国恒保险】测试',
    }),
  )
}

beforeAll(async () => {
  test = await createTestApp({ now: clock.now, publicUrl: 'https://mall.example.com' })
})
afterAll(async () => test.close())

describe('an issued policy is texted to its holder', () => {
  it('once, with a signed link that opens the policy and its e-policy PDF without login', async () => {
    const { phone, buyer } = await newBuyer()
    const policy = await buyer.issuedPolicy()
    await test.app.services.smsNotices.settled()
    const texts = await textsTo(phone)
    expect(texts).toHaveLength(1)
    expect(texts[0]).toContain(`您投保的「${policy.productName}」已承保，保单号${policy.policyNo}`)
    const link = /https:\/\/mall\.example\.com(\/policy\/policyDetaiU\?token=\S+)/.exec(texts[0])?.[1]
    expect(link).toBeDefined()
    const token = new URL(`https://x${link}`).searchParams.get('token') as string

    const shared = await test.app.inject({
      method: 'GET',
      url: `/api/policies/shared?token=${encodeURIComponent(token)}`,
    })
    expect(shared.json<Policy>().policyNo).toBe(policy.policyNo)
    const pdf = await test.app.inject({
      method: 'GET',
      url: `/api/policies/shared/epolicy.pdf?token=${encodeURIComponent(token)}`,
    })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const forged = await test.app.inject({
      method: 'GET',
      url: `/api/policies/shared/epolicy.pdf?token=${encodeURIComponent(`${token.slice(0, -2)}xx`)}`,
    })
    expect(forged.statusCode).toBe(403)
    expect(forged.json()).toMatchObject({ error: { message: '保单链接无效，请核对短信中的链接' } })

    // A sweep later sends nothing again.
    await test.app.services.smsNotices.sendDue()
    expect(await textsTo(phone)).toHaveLength(1)
  })

  it('发送到手机 texts it again, three times a day, to the owner only', async () => {
    const { phone, buyer } = await newBuyer()
    const policy = await buyer.issuedPolicy()
    await test.app.services.smsNotices.settled()
    for (let i = 0; i < 3; i++) {
      const sent = await buyer.call('POST', `/api/policies/${policy.id}/text`)
      expect(sent.statusCode).toBe(200)
      expect(sent.json<PolicyTextSent>()).toEqual({
        phoneMasked: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      })
    }
    const fourth = await buyer.call('POST', `/api/policies/${policy.id}/text`)
    expect(fourth.statusCode).toBe(429)
    expect(fourth.json()).toMatchObject({ error: { message: expect.stringContaining('每天最多发送3次') } })
    await test.app.services.smsNotices.settled()
    expect(await textsTo(phone)).toHaveLength(4)

    const { buyer: other } = await newBuyer()
    expect((await other.call('POST', `/api/policies/${policy.id}/text`)).statusCode).toBe(404)
  })
})

describe('the text queue', () => {
  it('retries a failed send with a growing wait, then gives up after its attempts', async () => {
    const { sent, provider } = gateway()
    const service = new SmsNoticeService(test.app.services.db, clock.now, provider, test.app.log)
    const { phone } = await newBuyer()
    const user = await test.app.services.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow()
    await queue(service, 'retry-1', phone, user.id)
    provider.failing = true
    expect(await service.sendDue()).toBe(0)
    // Not due again until its wait is over.
    expect(await service.sendDue()).toBe(0)
    const row = () =>
      test.app.services.db
        .selectFrom('sms_notices')
        .select(['attempts', 'sent_at', 'gave_up_at', 'last_error'])
        .where('reference', '=', 'retry-1')
        .executeTakeFirstOrThrow()
    expect(await row()).toMatchObject({
      attempts: 1,
      sent_at: null,
      last_error: 'SMS not sent: gateway down',
    })
    provider.failing = false
    clock.advance(61_000)
    expect(await service.sendDue()).toBe(1)
    expect(sent).toHaveLength(1)
    expect((await row()).sent_at).not.toBeNull()

    await queue(service, 'retry-2', phone, user.id)
    provider.failing = true
    for (let i = 0; i < SMS_NOTICE_ATTEMPTS + 2; i++) {
      await service.sendDue()
      clock.advance(3 * 3600_000)
    }
    const given = await test.app.services.db
      .selectFrom('sms_notices')
      .select(['attempts', 'gave_up_at'])
      .where('reference', '=', 'retry-2')
      .executeTakeFirstOrThrow()
    expect(given.attempts).toBe(SMS_NOTICE_ATTEMPTS)
    expect(given.gave_up_at).not.toBeNull()
  })

  it('never sends one notice twice when senders run at once', async () => {
    const { sent, provider } = gateway()
    const service = new SmsNoticeService(test.app.services.db, clock.now, provider, test.app.log)
    const { phone } = await newBuyer()
    const user = await test.app.services.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow()
    for (let i = 0; i < 30; i++) await queue(service, `race-${i}`, phone, user.id)
    const counts = await Promise.all(Array.from({ length: 12 }, () => service.sendDue()))
    const total = counts.reduce((a, b) => a + b, 0)
    // Each sender takes at most a batch of 20; what is left goes with the next round.
    const rest = await service.sendDue()
    expect(total + rest).toBe(30)
    expect(new Set(sent.map((s) => s.params.link)).size).toBe(1)
    expect(sent).toHaveLength(30)
  })
})
