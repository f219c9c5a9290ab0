import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { HealthResult, Order } from '../../src/types/generated/api/order'
import type { Policy } from '../../src/types/generated/api/policy'
import { readPdf } from './readPdf'
import { createTestApp, loginAs, testClock, type TestApp } from './helpers'
import { Buyer, MEDICAL } from './ordersFlow'

// 智能核保: a 是 to 云禾百万医疗's check-up question (hq3) is narrowed down by its follow-ups (where, how large,
// what the follow-up check found), and the server decides 标准体承保, 除外承保 or 拒保 and records it.
let test: TestApp
const clock = testClock()
let buyer: Buyer
let users = 0

beforeAll(async () => {
  test = await createTestApp({ now: clock.now })
})
afterAll(async () => test.close())
beforeEach(async () => {
  users += 1
  buyer = new Buyer(
    test.app,
    await loginAs(test.app, `1390000${String(users).padStart(4, '0')}`, `10.0.2.${users}`),
  )
})

type FollowUp = { questionId: string; value: string }[]

/** Every question 否 except hq3 (体检异常), answered 是 with these follow-up answers. */
async function declareNodule(followUp: FollowUp | undefined, applicationId?: string) {
  const id = applicationId ?? (await readyForHealth())
  const res = await buyer.call('POST', `/api/applications/${id}/health`, {
    insuredRelation: '1',
    answers: [
      { questionId: 'hq1', answer: 'no' },
      { questionId: 'hq2', answer: 'no' },
      { questionId: 'hq3', answer: 'yes', ...(followUp ? { followUp } : {}) },
    ],
  })
  return { id, res }
}

async function readyForHealth() {
  const application = await buyer.startApplication(MEDICAL)
  await buyer.confirmAll(application)
  return application.id
}

const path = (kind: string, size?: string, result?: string): FollowUp => [
  { questionId: 'kind', value: kind },
  ...(size ? [{ questionId: 'size', value: size }] : []),
  ...(result ? [{ questionId: 'result', value: result }] : []),
]

describe('smart underwriting (智能核保) of a 是 with follow-ups', () => {
  it('the product carries its follow-up questions with the health question', async () => {
    const product = (await buyer.call('GET', `/api/products/${MEDICAL}`)).json<{
      healthQuestions: { id: string; followUp?: { questions: { id: string }[] } }[]
    }>()
    const hq3 = product.healthQuestions.find((q) => q.id === 'hq3')
    expect(hq3?.followUp?.questions.map((q) => q.id)).toEqual(['kind', 'size', 'result'])
  })

  it('a small nodule found benign on review: 标准体承保, recorded, and the order goes through', async () => {
    const { id, res } = await declareNodule(path('thyroid', 'small', 'benign'))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<HealthResult>()).toMatchObject({
      passed: true,
      outcome: 'standard',
      exclusions: [],
      alternatives: [],
      application: { health: { passed: true, outcome: 'standard', exclusions: [] } },
    })
    const order = await buyer.createOrder({ applicationId: id })
    expect(order.statusCode, order.body).toBe(200)
  })

  it('a small nodule under watch: 除外承保 with its exclusion, kept on the application and the order', async () => {
    const { id, res } = await declareNodule(path('breast', 'small', 'watch'))
    const exclusions = ['甲状腺、乳腺、肺部结节及其引起的疾病']
    expect(res.json<HealthResult>()).toMatchObject({
      passed: true,
      outcome: 'exclusion',
      exclusions,
      application: { health: { outcome: 'exclusion', exclusions } },
    })
    const order = await buyer.createOrder({ applicationId: id })
    expect(order.statusCode, order.body).toBe(200)
    const stored = await test.db.db
      .selectFrom('orders')
      .select('health')
      .where('id', '=', order.json<Order>().id)
      .executeTakeFirstOrThrow()
    expect(stored.health).toMatchObject({ outcome: 'exclusion', exclusions })
    expect(stored.health.answers[2].followUp).toEqual(path('breast', 'small', 'watch'))

    // Paid, the policy carries its exclusion as 特别约定, on the page and on the e-policy.
    const payment = await buyer.pay(order.json<Order>().id)
    await buyer.simulate(payment.paymentId, 'SUCCEEDED')
    const { policyId } = (await buyer.call('GET', `/api/orders/${order.json<Order>().id}`)).json<Order>()
    const policy = (await buyer.call('GET', `/api/policies/${policyId}`)).json<Policy>()
    expect(policy.exclusions).toEqual(exclusions)
    const pdf = await buyer.call('GET', `/api/policies/${policyId}/epolicy.pdf`)
    const { pages } = await readPdf(pdf.rawPayload)
    expect(pages[0]).toContain('特别约定')
    expect(pages[0]).toContain(`1. ${exclusions[0]}`)
  })

  it.each([
    ['a nodule of 1 cm or more', path('lung', 'large')],
    ['a nodule not yet reviewed', path('thyroid', 'small', 'none')],
    ['another abnormality', path('other')],
  ])('%s: 拒保, no order, and products of the category that do not ask it', async (_, followUp) => {
    const { id, res } = await declareNodule(followUp)
    const result = res.json<HealthResult>()
    expect(result).toMatchObject({ passed: false, outcome: 'decline', exclusions: [] })
    // Of its category, the products that do not ask the check-up question: 小额门诊 and 防癌医疗 (best sellers first).
    expect(result.alternatives.map((p) => p.id)).toEqual(['p-medical-smallclaims', 'p-medical-senior'])
    const order = await buyer.createOrder({ applicationId: id })
    expect(order.statusCode).toBe(409)
    expect(order.json().error.code).toBe('HEALTH_NOT_PASSED')
  })

  it('a 是 to a question without follow-ups declines, with the products that fit', async () => {
    const id = await readyForHealth()
    const res = await buyer.answerHealth(id, 'yes')
    expect(res.json<HealthResult>()).toMatchObject({
      passed: false,
      outcome: 'decline',
      application: { health: { outcome: 'decline' } },
    })
    // 小额门诊 asks about hospital stays too; 防癌医疗 does not, and says for whom (50 to 70).
    expect(res.json<HealthResult>().alternatives).toEqual([
      expect.objectContaining({
        id: 'p-medical-senior',
        name: '北麓山长辈防癌医疗险',
        ageMin: { years: 50 },
        ageMax: 70,
      }),
    ])
  })

  it('the outcome is the server’s: unanswered follow-ups are refused, and the client cannot send one', async () => {
    const none = await declareNodule(undefined)
    expect(none.res.statusCode).toBe(400)
    expect(none.res.json().error).toMatchObject({
      code: 'FOLLOW_UP_INCOMPLETE',
      details: [{ field: 'answers.2.followUp' }],
    })
    const partial = await declareNodule(path('thyroid', 'small'), none.id)
    expect(partial.res.json().error.code).toBe('FOLLOW_UP_INCOMPLETE')
    const unknownValue = await declareNodule(path('thyroid', 'tiny', 'benign'), none.id)
    expect(unknownValue.res.json().error.code).toBe('FOLLOW_UP_INCOMPLETE')

    const claimed = await buyer.call('POST', `/api/applications/${none.id}/health`, {
      insuredRelation: '1',
      outcome: 'standard',
      answers: [
        { questionId: 'hq1', answer: 'no' },
        { questionId: 'hq2', answer: 'no' },
        { questionId: 'hq3', answer: 'yes' },
      ],
    })
    expect(claimed.statusCode).toBe(400)
    const onNo = await buyer.call('POST', `/api/applications/${none.id}/health`, {
      insuredRelation: '1',
      answers: [
        { questionId: 'hq1', answer: 'no', followUp: path('thyroid', 'small', 'benign') },
        { questionId: 'hq2', answer: 'no' },
        { questionId: 'hq3', answer: 'no' },
      ],
    })
    expect(onNo.statusCode).toBe(400)
    expect((await buyer.createOrder({ applicationId: none.id })).statusCode).toBe(409)
  })
})
