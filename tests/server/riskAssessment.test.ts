import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RISK_QUESTIONS, type RiskAnswer } from '../../src/domain/riskAssessment'
import type { ApiError } from '../../src/types/generated/api/common'
import type { ProductDetail } from '../../src/types/generated/api/catalog'
import type { Order } from '../../src/types/generated/api/order'
import type { MyRiskAssessment, Questionnaire, RiskAssessment } from '../../src/types/generated/api/risk'
import { DEMO_RISK_PRODUCTS_KEY, seedRiskRatedProducts } from '../../server/db/seed/seed'
import { createTestApp, loginAs, testClock, type TestApp } from './helpers'
import { Buyer, MEDICAL } from './ordersFlow'

// The risk assessment: the questionnaire, scoring and validation, one-year validity on the server's clock, and
// the gate of investment-type products (409 before the application and again at the order).
const INVESTMENT_LINKED = 'p-investment-linked'
const clock = testClock(new Date('2026-11-22T04:00:00.000Z'))
let test: TestApp
let users = 0
const phones = new Map<Buyer, string>()

beforeAll(async () => {
  test = await createTestApp({ now: clock.now })
})
afterAll(async () => test.close())

async function newBuyer(): Promise<Buyer> {
  const phone = `1371000${String(++users).padStart(4, '0')}`
  const buyer = new Buyer(test.app, await loginAs(test.app, phone, `10.12.0.${users}`))
  phones.set(buyer, phone)
  return buyer
}

/** The same user again, logged in anew (sessions last 30 days; assessments a year). */
const relogin = async (buyer: Buyer) =>
  new Buyer(test.app, await loginAs(test.app, phones.get(buyer) as string, `10.13.0.${++users}`))

/** Every question answered with its boldest option (C5), or its most cautious (C1). */
const answers = (style: 'bold' | 'cautious'): RiskAnswer[] =>
  RISK_QUESTIONS.map((q) => {
    const pick = q.options.reduce((a, b) =>
      style === 'bold' ? (b.score > a.score ? b : a) : b.score < a.score ? b : a,
    )
    return { questionId: q.id, optionId: pick.id }
  })

/** 88 points: 成长型 (C4). */
const GROWTH: Record<string, string> = {
  age: 'B',
  income: 'D',
  assetsShare: 'C',
  experienceYears: 'D',
  experienceKind: 'D',
  knowledge: 'C',
  goal: 'D',
  horizon: 'C',
  lossTolerance: 'D',
  liabilities: 'B',
  reaction: 'C',
}
const growthAnswers = (): RiskAnswer[] =>
  RISK_QUESTIONS.map((q) => ({ questionId: q.id, optionId: GROWTH[q.id] }))

const submit = (buyer: Buyer, body: unknown) => buyer.call('POST', '/api/risk-assessment', body)

const startApplication = (buyer: Buyer, productId = INVESTMENT_LINKED) =>
  buyer.call('POST', '/api/applications', {
    productId,
    planCode: 'standard',
    coveragePeriod: productId === INVESTMENT_LINKED ? 'life' : '1y',
    paymentPeriod: 'single',
    recordingNoticeAcknowledged: true,
  })

describe('questionnaire and submitting', () => {
  it('serves 11 questions without scores, and the five levels', async () => {
    const res = await test.app.inject({ method: 'GET', url: '/api/risk-assessment/questionnaire' })
    expect(res.statusCode).toBe(200)
    const body = res.json<Questionnaire>()
    expect(body.questions).toHaveLength(11)
    expect(res.body).not.toContain('score')
    expect(body.levels.map((l) => `${l.level}${l.name}`)).toEqual([
      'C1保守型',
      'C2稳健型',
      'C3平衡型',
      'C4成长型',
      'C5激进型',
    ])
  })

  it('scores a submission, keeps it a year, and shows it only to its user', async () => {
    const buyer = await newBuyer()
    expect((await buyer.call('GET', '/api/risk-assessment')).json<MyRiskAssessment>()).toEqual({
      current: null,
    })
    const res = await submit(buyer, { answers: growthAnswers() })
    expect(res.statusCode).toBe(200)
    const result = res.json<RiskAssessment>()
    expect(result).toMatchObject({ level: 'C4', levelName: '成长型', expired: false })
    expect(result.score).toBe(88)
    expect(result.assessedAt).toBe('2026-11-22T12:00:00.000+08:00')
    expect(result.expiresAt).toBe('2027-11-22T12:00:00.000+08:00')
    expect((await buyer.call('GET', '/api/risk-assessment')).json<MyRiskAssessment>().current).toEqual(result)

    const other = await newBuyer()
    expect((await other.call('GET', '/api/risk-assessment')).json<MyRiskAssessment>()).toEqual({
      current: null,
    })
    // A newer assessment replaces the current one.
    await submit(other, { answers: answers('cautious') })
    expect((await other.call('GET', '/api/risk-assessment')).json<MyRiskAssessment>().current?.level).toBe(
      'C1',
    )
    expect((await buyer.call('GET', '/api/risk-assessment')).json<MyRiskAssessment>().current?.level).toBe(
      'C4',
    )
  })

  it('needs a session', async () => {
    const res = await test.app.inject({ method: 'GET', url: '/api/risk-assessment' })
    expect(res.statusCode).toBe(401)
    const post = await test.app.inject({
      method: 'POST',
      url: '/api/risk-assessment',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ answers: answers('bold') }),
    })
    expect(post.statusCode).toBe(401)
  })

  it('refuses a missing, doubled or invalid answer with a 400 naming the question in Chinese', async () => {
    const buyer = await newBuyer()
    const missing = await submit(buyer, { answers: answers('bold').filter((a) => a.questionId !== 'goal') })
    expect(missing.statusCode).toBe(400)
    expect(missing.json<ApiError>().error).toMatchObject({
      code: 'INVALID_RISK_ANSWERS',
      message: '请回答第7题“您投资的主要目标是？”',
      details: [{ field: 'answers.goal' }],
    })
    const doubled = await submit(buyer, {
      answers: [...answers('bold'), { questionId: 'age', optionId: 'A' }],
    })
    expect(doubled.statusCode).toBe(400)
    expect(doubled.json<ApiError>().error.message).toBe('第1题“您的年龄是？”只能选择一个答案')
    const invalid = await submit(buyer, {
      answers: answers('bold').map((a) => (a.questionId === 'horizon' ? { ...a, optionId: 'E' } : a)),
    })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json<ApiError>().error.message).toContain('第8题')
    const control = await submit(buyer, {
      answers: answers('bold').map((a, i) => (i === 0 ? { ...a, optionId: 'A\u0000' } : a)),
    })
    expect(control.statusCode).toBe(400)
    const empty = await submit(buyer, { answers: [] })
    expect(empty.statusCode).toBe(400)
    expect((await buyer.call('GET', '/api/risk-assessment')).json<MyRiskAssessment>()).toEqual({
      current: null,
    })
  })
})

describe('the gate of investment-linked products', () => {
  it('shows the product risk level; ordinary products have none and need no assessment', async () => {
    const product = (
      await test.app.inject({ method: 'GET', url: `/api/products/${INVESTMENT_LINKED}` })
    ).json<ProductDetail>()
    expect(product).toMatchObject({ name: '青松稳进投资连结保险', riskLevel: 'R4', categoryCode: 'life' })
    const medical = (
      await test.app.inject({ method: 'GET', url: `/api/products/${MEDICAL}` })
    ).json<ProductDetail>()
    expect(medical.riskLevel).toBeNull()
    const buyer = await newBuyer()
    expect((await startApplication(buyer, MEDICAL)).statusCode).toBe(200)
  })

  it('refuses without an assessment: 409 RISK_ASSESSMENT_REQUIRED with a link to reassess', async () => {
    const buyer = await newBuyer()
    const res = await startApplication(buyer)
    expect(res.statusCode).toBe(409)
    expect(res.json<ApiError>().error).toEqual({
      code: 'RISK_ASSESSMENT_REQUIRED',
      message: '购买该产品前需完成风险测评',
      details: [{ field: 'riskAssessment', message: '购买该产品前需完成风险测评', link: '/riskAssessment' }],
    })
  })

  it('refuses a level below the product: 409 RISK_LEVEL_MISMATCH naming both', async () => {
    const buyer = await newBuyer()
    await submit(buyer, { answers: answers('cautious') })
    const res = await startApplication(buyer)
    expect(res.statusCode).toBe(409)
    const error = res.json<ApiError>().error
    expect(error.code).toBe('RISK_LEVEL_MISMATCH')
    expect(error.message).toMatch(/^您的风险承受能力为保守型，低于该产品的风险等级（中高风险）/)
    expect(error.details?.[0].link).toBe('/riskAssessment')
  })

  it('lets a fitting level through every gate to an order; refuses once the year is over', async () => {
    const buyer = await newBuyer()
    await submit(buyer, { answers: growthAnswers() })
    const ready = await buyer.readyApplication(INVESTMENT_LINKED, 'standard', 'life')
    const created = await buyer.createOrder({ applicationId: ready.id })
    expect(created.statusCode).toBe(200)
    const order = created.json<Order>()
    expect(order).toMatchObject({
      productId: INVESTMENT_LINKED,
      status: 'PENDING_PAYMENT',
      premiumFen: 1_000_000,
    })

    // An application started a minute before the expiry cannot become an order after it.
    clock.advance(365 * 24 * 3600_000 - 60_000)
    const again = await relogin(buyer)
    const application = await again.readyApplication(INVESTMENT_LINKED, 'standard', 'life')
    clock.advance(60_000)
    const late = await again.createOrder({ applicationId: application.id })
    expect(late.statusCode).toBe(409)
    expect(late.json<ApiError>().error.code).toBe('RISK_ASSESSMENT_EXPIRED')
    expect((await again.call('GET', '/api/risk-assessment')).json<MyRiskAssessment>().current).toMatchObject({
      level: 'C4',
      expired: true,
    })
    const refused = await startApplication(again)
    expect(refused.statusCode).toBe(409)
    expect(refused.json<ApiError>().error).toMatchObject({
      code: 'RISK_ASSESSMENT_EXPIRED',
      details: [{ link: '/riskAssessment' }],
    })
    // Reassessing opens the gate again.
    await submit(again, { answers: answers('bold') })
    expect((await startApplication(again)).statusCode).toBe(200)
  })
})

describe('a data folder seeded before risk levels existed', () => {
  it('gets the investment-linked product once', async () => {
    const fresh = await createTestApp()
    const db = fresh.db.db
    // As a catalog seeded before: no investment-linked product, no record of this step.
    await db.deleteFrom('products').where('id', '=', INVESTMENT_LINKED).execute()
    await db.deleteFrom('app_meta').where('key', '=', DEMO_RISK_PRODUCTS_KEY).execute()
    expect(await seedRiskRatedProducts(db)).toBe(true)
    expect(await seedRiskRatedProducts(db)).toBe(false)
    const row = await db
      .selectFrom('products')
      .select(['name', 'risk_level'])
      .where('id', '=', INVESTMENT_LINKED)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ name: '青松稳进投资连结保险', risk_level: 'R4' })
    await fresh.close()
  })
})
