import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PartnerProduct } from '../../../src/types/generated/api/partner'
import {
  createPartnerApp,
  PartnerBuyer,
  person,
  quoteBody,
  residentId,
  type PartnerTestApp,
} from './partnerFlow'
import { as, staffLogin } from '../studioHelpers'
import { crashThenRetry } from '../idempotencyCrash'

// Quotes and applications of partner products against the sandbox partner: what a buyer sees for good input,
// bad input, the partner's refusal, and the partner timing out, dropping the connection or answering garbage.

let t: PartnerTestApp
let buyer: PartnerBuyer
const idempotencyFaults = { loseAnswerOnSend: false }

beforeEach(async () => {
  t = await createPartnerApp({ now: () => new Date('2026-11-25T04:00:00.000Z'), idempotencyFaults })
  buyer = await PartnerBuyer.login(t.app)
})
afterEach(async () => t.close())

const orderCount = async () =>
  Number(
    (
      await t.db.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('GET /api/partner/products/:id', () => {
  it('gives each flow its product: partner code, price, occupation rules, clauses, notice and questions', async () => {
    const expected = [
      ['ht-accident', 'huatai', '02YW0001', 9900, false, []],
      ['ht-regression', 'huatairegression', '02WY0004', 29900, true, [5, 6]],
      ['ht-travel', 'huataitravel', '03800001', 100, true, [6]],
      ['ht-air', 'airAccident', '03800002', 500, false, []],
    ] as const
    for (const [id, flow, type, price, occupation, refused] of expected) {
      const res = await t.app.inject({ method: 'GET', url: `/api/partner/products/${id}` })
      expect(res.statusCode).toBe(200)
      const product = res.json<PartnerProduct>()
      expect(product).toMatchObject({
        id,
        flow,
        partnerProductType: type,
        priceFen: price,
        occupationRequired: occupation,
        refusedOccupationClasses: refused,
        insurerName: '华汀保险股份有限公司（虚构）',
      })
      expect(product.clauses.length).toBeGreaterThan(0)
      // Each clause comes with its full text (compiled markdown), to be read before agreeing.
      for (const clause of product.clauses)
        expect(JSON.stringify(clause.body)).toContain(clause.title.replace(/^《|》$/g, '').slice(0, 4))
      expect(product.questions).toHaveLength(3)
      expect(product.notice).toContain('投保须知')
      expect(product.notice).not.toContain('#')
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/partner/products/ht-travel' })).json(),
    ).toMatchObject({
      holderOccupationRequired: true,
    })
  })

  it('is 404 for a product the mall sells itself, which the mall flow in turn refuses for partner products', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/partner/products/p-accident-daily' })
    expect(res.statusCode).toBe(404)
    const mall = await buyer.call('POST', '/api/applications', {
      productId: 'ht-accident',
      planCode: 'standard',
      coveragePeriod: '1y',
      paymentPeriod: 'single',
      recordingNoticeAcknowledged: true,
    })
    expect(mall.statusCode).toBe(409)
    expect(mall.json().error.code).toBe('PARTNER_PRODUCT')
  })
})

describe('POST /api/partner/quotes', () => {
  it('prices each product through the partner (yuan strings back to fen)', async () => {
    for (const [id, fen] of [
      ['ht-accident', 9900],
      ['ht-regression', 29900],
      ['ht-travel', 100],
      ['ht-air', 500],
    ] as const) {
      const quote = await buyer.quoted(id)
      expect(quote.premiumFen).toBe(fen)
      expect(Date.parse(quote.expiresAt)).toBe(Date.parse('2026-11-25T04:30:00.000Z'))
    }
  })

  it('names the field of bad input: certificate number, occupation, relation, flight', async () => {
    const bad = await buyer.quote(
      quoteBody('ht-accident', { holder: { ...person(), certNo: '110101199003078516' } }),
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.details[0].field).toBe('holder.certNo')
    expect(bad.json().error.message).toMatch(/校验位/)

    const body = quoteBody('ht-regression')
    const noJob = await buyer.quote({ ...body, insured: { ...body.insured, occupationinfo: '' } })
    expect(noJob.json().error).toMatchObject({ message: '请选择被保险人职业' })
    expect(noJob.json().error.details[0].field).toBe('insured.occupationinfo')

    const other = await buyer.quote({ ...body, insured: { ...body.insured, relationType: '2' } })
    expect(other.json().error.details[0].field).toBe('insured.relationType')

    const noFlight = await buyer.quote({ ...quoteBody('ht-air'), flight: undefined })
    expect(noFlight.json().error.details[0].field).toBe('flight')
    const late = await buyer.quote(
      quoteBody('ht-air', { flight: { flightNo: 'MU5101', date: '2026-12-26' } }),
    )
    expect(late.statusCode).toBe(400)
    expect(late.json().error.details[0].field).toBe('flight.date')
    const badNo = await buyer.quote(
      quoteBody('ht-air', { flight: { flightNo: 'M5101', date: '2026-12-01' } }),
    )
    expect(badNo.statusCode).toBe(400)
    expect(badNo.json().error.details[0].field).toBe('flight.flightNo')
  })

  it('refuses an occupation in a refused class with 400 OCCUPATION_REFUSED naming the occupation', async () => {
    const body = quoteBody('ht-regression')
    // 建筑工人 is class 5: refused by the regression product (5, 6), accepted by travel (6 only).
    const builder = { ...body.insured, occupationinfo: '0700003' }
    const refused = await buyer.quote({
      ...body,
      insured: builder,
      holder: { ...body.holder, occupationinfo: '0700003' },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.details[0].field).toBe('insured.occupationinfo')
    expect(refused.json().error).toMatchObject({
      code: 'OCCUPATION_REFUSED',
      message: '建筑工人（5类职业）暂不可投保本产品',
    })
    const travel = quoteBody('ht-travel')
    const ok = await buyer.quote({
      ...travel,
      holder: { ...travel.holder, occupationinfo: '0700003' },
      insured: { ...travel.insured, occupationinfo: '0700003' },
    })
    expect(ok.statusCode).toBe(200)
  })

  it('answers 503 PARTNER_UNAVAILABLE in Chinese when the partner is down', async () => {
    t.faults({ mode: 'down', operations: ['quote'] })
    const res = await buyer.quote(quoteBody('ht-accident'))
    expect(res.statusCode).toBe(503)
    expect(res.json().error).toMatchObject({
      code: 'PARTNER_UNAVAILABLE',
      message: '保险公司系统繁忙，请稍后重试',
    })
  })

  it('is switched down and back up by the demo through PUT /api/sandbox/partner-faults (staff only)', async () => {
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/sandbox/partner-faults',
      payload: { faults: [{ mode: 'down', operations: ['quote'] }] },
    })
    expect(anonymous.statusCode).toBe(401)
    expect((await buyer.quote(quoteBody('ht-accident'))).statusCode).toBe(200)
    const editor = await staffLogin(t.app, 'editor')
    const put = (faults: unknown) => as(t.app, editor, 'PUT', '/api/sandbox/partner-faults', { faults })
    const down = await put([{ mode: 'down', operations: ['quote'] }])
    expect(down.statusCode).toBe(200)
    expect(down.json()).toEqual({ faults: [{ mode: 'down', operations: ['quote'] }] })
    expect((await buyer.quote(quoteBody('ht-accident'))).statusCode).toBe(503)
    const bad = await put([{ mode: 'explode' }])
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.details[0].field).toMatch(/^faults/)
    expect((await put([])).json()).toEqual({ faults: [] })
    expect((await buyer.quote(quoteBody('ht-accident'))).statusCode).toBe(200)
  })
})

describe('POST /api/partner/applications', () => {
  it('creates our order once the partner underwrote it: 201, waiting for payment at the partner price', async () => {
    const quote = await buyer.quoted('ht-travel')
    const res = await buyer.apply(quote.quoteId)
    expect(res.statusCode).toBe(201)
    const application = res.json<{ orderId: string; underwritingNo: string; premiumFen: number }>()
    expect(application.underwritingNo).toMatch(/^HTA/)
    expect(application.premiumFen).toBe(100)
    const order = (await buyer.call('GET', `/api/orders/${application.orderId}`)).json()
    expect(order).toMatchObject({ status: 'PENDING_PAYMENT', premiumFen: 100, source: 'partner:huating' })
    expect(await buyer.partnerOrder(application.orderId)).toMatchObject({
      status: 'PENDING_PAYMENT',
      partnerStatus: 'UNDERWRITTEN',
    })
  })

  it('the same Idempotency-Key gives the same order; the same quote again is 409', async () => {
    const quote = await buyer.quoted('ht-accident')
    const first = await buyer.apply(quote.quoteId, undefined, 'same-key')
    const again = await buyer.apply(quote.quoteId, undefined, 'same-key')
    expect(again.statusCode).toBe(201)
    expect(again.json().orderId).toBe(first.json().orderId)
    const other = await buyer.apply(quote.quoteId, undefined, 'other-key')
    expect(other.statusCode).toBe(409)
    expect(other.json().error.code).toBe('QUOTE_USED')
    expect(await orderCount()).toBe(1)
  })

  it('makes one order when the process dies before the answer, and the key is sent again', async () => {
    const quote = await buyer.quoted('ht-accident')
    const body = { quoteId: quote.quoteId, healthAnswers: { hq1: false, hq2: false, hq3: false } }
    const first = await crashThenRetry(
      { db: t.db, faults: idempotencyFaults },
      'apply-crash-0001',
      (headers) => buyer.call('POST', '/api/partner/applications', body, headers),
    )
    expect(first.statusCode).toBe(201)
    expect(await orderCount()).toBe(1)
  })

  it('shows the partner refusal in Chinese (422) and creates nothing', async () => {
    const insured = { ...person('李拒保', residentId('1988-05-06')), birthday: '1988-05-06' }
    const body = quoteBody('ht-accident')
    const quote = await buyer.quoted('ht-accident', {
      insured: { ...body.insured, ...insured, relationType: '2' },
    })
    const res = await buyer.apply(quote.quoteId)
    expect(res.statusCode).toBe(422)
    expect(res.json().error).toMatchObject({
      code: 'UNDERWRITING_REFUSED',
      message: '很抱歉，被保险人未通过保险公司核保',
    })
    expect(await orderCount()).toBe(0)
  })

  it('a refusal switched on at the sandbox is a refusal too', async () => {
    t.faults({ mode: 'refuse', operations: ['underwrite'], times: 1 })
    const quote = await buyer.quoted('ht-regression')
    const res = await buyer.apply(quote.quoteId)
    expect(res.statusCode).toBe(422)
    expect(res.json().error.code).toBe('UNDERWRITING_REFUSED')
  })

  it('a health "yes" is 422 HEALTH_DECLINED before the partner is asked; a missing answer names it', async () => {
    const quote = await buyer.quoted('ht-accident')
    const declined = await buyer.apply(quote.quoteId, { hq1: false, hq2: true, hq3: false })
    expect(declined.statusCode).toBe(422)
    expect(declined.json().error.code).toBe('HEALTH_DECLINED')
    const missing = await buyer.apply(quote.quoteId, { hq1: false, hq2: false })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error.details[0].field).toBe('healthAnswers.hq3')
    const underwrites = await t.db.db
      .selectFrom('partner_calls')
      .select('id')
      .where('operation', '=', 'underwrite')
      .execute()
    expect(underwrites).toHaveLength(0)
  })

  for (const mode of ['timeout', 'down', 'malformed'] as const) {
    it(`partner ${mode} at underwriting: 503 请稍后重试, nothing created, the same quote works once it is back, one application at the partner`, async () => {
      const quote = await buyer.quoted('ht-accident')
      // Both attempts of the call (one in-call retry) fail.
      t.faults({ mode, operations: ['underwrite'], times: 2, delayMs: 1000 })
      const res = await buyer.apply(quote.quoteId)
      expect(res.statusCode).toBe(503)
      expect(res.json().error).toMatchObject({ code: 'PARTNER_UNAVAILABLE' })
      expect(res.json().error.message).toContain('请稍后重试')
      expect(await orderCount()).toBe(0)
      // Underwriting is idempotent by our request id: retried, every attempt with the quote's one id.
      const calls = await t.db.db
        .selectFrom('partner_calls')
        .select(['outcome', 'request_id'])
        .where('operation', '=', 'underwrite')
        .execute()
      expect(calls.map((c) => c.outcome)).toEqual(Array(2).fill(mode === 'down' ? 'unreachable' : mode))
      const retried = await buyer.apply(quote.quoteId)
      expect(retried.statusCode).toBe(201)
      expect(await orderCount()).toBe(1)
      const ids = await t.db.db
        .selectFrom('partner_calls')
        .select('request_id')
        .where('operation', '=', 'underwrite')
        .execute()
      expect(new Set(ids.map((c) => c.request_id)).size).toBe(1)
      // The timed-out requests were carried out at the partner after we gave up: still one application.
      await t.sandbox.idle()
      const applications = [...t.sandbox.ledger.applications.values()]
      expect(applications).toHaveLength(1)
      expect(applications[0].applyNo).toBe(retried.json<{ underwritingNo: string }>().underwritingNo)
    })
  }
})
