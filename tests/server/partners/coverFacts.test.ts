import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { idValidityFor } from '../../../src/domain/applicant'
import type { Order } from '../../../src/types/generated/api/order'
import type { PartnerQuoteRequest } from '../../../src/types/generated/api/partner'
import type { Policy } from '../../../src/types/generated/api/policy'
import { checkRequest } from '../../../server/modules/partners/sandbox/rules'
import { readPdf } from '../readPdf'
import {
  createPartnerApp,
  PartnerBuyer,
  person,
  quoteBody,
  residentId,
  TRIP,
  type PartnerTestApp,
} from './partnerFlow'

// What the partner products must know, checked on the server: the air product's flight (a real airline's
// number, a day in the sale window, one policy per person per flight, kept on the order and the policy), the
// travel product's trip (kept, sent to the partner, the cover follows it), ages on the cover's first day, and
// certificate validity and relations re-checked. Today is 2026-11-25 (Asia/Shanghai).

let t: PartnerTestApp
let buyer: PartnerBuyer

beforeEach(async () => {
  t = await createPartnerApp({ now: () => new Date('2026-11-25T04:00:00.000Z') })
  buyer = await PartnerBuyer.login(t.app)
})
afterEach(async () => t.close())

const errorOf = (res: { json: <T>() => T }) =>
  res.json<{ error: { code: string; message: string; details?: { field: string; message: string }[] } }>()
    .error

async function refused(body: PartnerQuoteRequest, field: string, message: RegExp) {
  const res = await buyer.quote(body)
  expect(res.statusCode, res.body).toBe(400)
  const error = errorOf(res)
  expect(error.details?.[0]?.field).toBe(field)
  expect(error.message).toMatch(message)
}

/** Someone else (a second person in the tests), born on `birthday`, with an ID card issued on 2024-01-01. */
function other(birthday: string, sequence = '235') {
  const validity = idValidityFor(birthday, '2024-01-01')!
  return {
    ...person('李四', residentId(birthday, sequence)),
    birthday,
    gender: Number(sequence[2]) % 2 === 1 ? 'M' : 'F',
    certStartDate: '2024-01-01',
    certTime: validity.certTime as 0 | 1,
    certEndDate: validity.certEndDate || undefined,
  }
}

describe('the air product: the flight', () => {
  it('refuses an unknown airline (ZZ9999), a number of digits only (000) and a date outside the sale window', async () => {
    const air = (flightNo: string, date = '2026-12-01') => quoteBody('ht-air', { flight: { flightNo, date } })
    await refused(air('ZZ9999'), 'flight.flightNo', /航空公司代码ZZ不存在/)
    await refused(air('000'), 'flight.flightNo', /航班号格式不正确/)
    await refused(air('12345'), 'flight.flightNo', /航班号格式不正确/)
    await refused(air('MU0'), 'flight.flightNo', /航班号格式不正确/)
    await refused(air('MU5101', '2026-11-24'), 'flight.date', /不能早于今天/)
    await refused(air('MU5101', '2026-02-30'), 'flight.date', /请选择正确的航班日期/)
    await refused(air('MU5101', '2026-12-26'), 'flight.date', /30天内/)
    // Real designators with a digit (3U, 9C) and a suffix letter are flights.
    for (const flightNo of ['3U8881', '9C8911', 'CA1234A', 'mu 5101'])
      expect((await buyer.quote(air(flightNo))).statusCode, flightNo).toBe(200)
  })

  it('keeps the flight on the order, the policy and the partner order (航班号 / 航班日期)', async () => {
    const { orderId } = await buyer.applied('ht-air', { flight: { flightNo: 'mu5101', date: '2026-12-01' } })
    const flight = { flightNo: 'MU5101', date: '2026-12-01' }
    expect((await buyer.call('GET', `/api/orders/${orderId}`)).json<Order>().flight).toEqual(flight)
    await buyer.pay(orderId)
    await t.settle()
    const status = await buyer.partnerOrder(orderId)
    expect(status).toMatchObject({ partnerStatus: 'ISSUED', flight })
    const policy = (await buyer.call('GET', `/api/policies/${status.policyId}`)).json<Policy>()
    expect(policy.flight).toEqual(flight)
    expect(policy.effectiveAt.slice(0, 10)).toBe('2026-12-01')
    // The e-policy PDF says which flight it covers.
    const pdf = await buyer.call('GET', `/api/policies/${policy.id}/epolicy.pdf`)
    const first = (await readPdf(pdf.rawPayload)).pages[0].replace(/\s+/g, '')
    expect(first).toContain('航班号MU5101（中国东方航空）')
    expect(first).toContain('航班日期2026-12-01')
  })

  it('sells one policy per person per flight: the second application gets 409 in Chinese, another flight is fine', async () => {
    await buyer.applied('ht-air')
    const again = await buyer.quote(quoteBody('ht-air'))
    expect(again.statusCode).toBe(409)
    expect(errorOf(again)).toMatchObject({
      code: 'FLIGHT_ALREADY_INSURED',
      message: '被保险人已投保该航班（每人每个航班限投保一份），请勿重复投保',
    })
    await buyer.applied('ht-air', { flight: { flightNo: 'MU5102', date: '2026-12-01' } })
  })

  it('20 applications at once for one person and flight: one order, 19 answers 409', async () => {
    // The partner underwrites all 20 at once: a timeout for a busy machine, not the tests' short one.
    await t.close()
    t = await createPartnerApp({
      now: () => new Date('2026-11-25T04:00:00.000Z'),
      partners: { huating: { timeoutMs: 20_000, retries: 0, retryDelayMs: 10 } },
    })
    buyer = await PartnerBuyer.login(t.app)
    const quotes = []
    for (let i = 0; i < 20; i++) quotes.push(await buyer.quoted('ht-air'))
    const answers = await Promise.all(quotes.map((q) => buyer.apply(q.quoteId)))
    const codes = answers.map((a) => a.statusCode).sort()
    expect(codes, answers.map((a) => a.body).join('\n')).toContain(201)
    expect(codes.filter((c) => c === 201)).toHaveLength(1)
    expect(codes.filter((c) => c === 409)).toHaveLength(19)
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(errorOf(a).message).toMatch(/已投保该航班/)
    const orders = await t.db.db
      .selectFrom('orders')
      .select('id')
      .where('product_id', '=', 'ht-air')
      .execute()
    expect(orders).toHaveLength(1)
  })
})

describe('the travel product: the trip', () => {
  it('asks for the trip: destination from the list, departure from tomorrow, at most the cover’s 7 days', async () => {
    const travel = (trip?: PartnerQuoteRequest['trip']) => ({ ...quoteBody('ht-travel'), trip })
    await refused(travel(), 'trip', /请填写旅行目的地/)
    await refused(travel({ ...TRIP, destination: '火星' }), 'trip.destination', /从列表中选择/)
    await refused(travel({ ...TRIP, startDate: '2026-11-25' }), 'trip.startDate', /最早为明天/)
    await refused(travel({ ...TRIP, endDate: '2026-11-30' }), 'trip.endDate', /不能早于出发日期/)
    await refused(travel({ ...TRIP, endDate: '2026-12-08' }), 'trip.endDate', /最长7天/)
  })

  it('keeps the trip, sends it to the partner, and the cover runs from departure to the end of the return day', async () => {
    const { orderId } = await buyer.applied('ht-travel')
    const order = (await buyer.call('GET', `/api/orders/${orderId}`)).json<Order>()
    expect(order.trip).toEqual(TRIP)
    const row = await t.db.db
      .selectFrom('orders')
      .select('start_date')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(row.start_date).toBe('2026-12-01')
    const quoteCall = await t.db.db
      .selectFrom('partner_calls')
      .select('request')
      .where('operation', '=', 'quote')
      .executeTakeFirstOrThrow()
    expect(quoteCall.request).toMatchObject({
      trip: { destination: '云南', departDate: '20261201', returnDate: '20261205' },
    })
    await buyer.pay(orderId)
    await t.settle()
    const status = await buyer.partnerOrder(orderId)
    expect(status.trip).toEqual(TRIP)
    const policy = (await buyer.call('GET', `/api/policies/${status.policyId}`)).json<Policy>()
    expect(policy.trip).toEqual(TRIP)
    expect(policy.effectiveAt).toBe('2026-12-01T00:00:00.000+08:00')
    expect(policy.expiresAt).toBe('2026-12-06T00:00:00.000+08:00')
  })
})

describe('ages on the cover’s first day', () => {
  // ht-accident insures 18 to 65: born 1960-11-26, 65 today, 66 tomorrow when the cover starts.
  const turning66 = other('1960-11-26')

  it('refuses an insured who is 65 today and 66 on the cover’s first day (tomorrow)', async () => {
    const body = quoteBody('ht-accident')
    await refused(
      { ...body, insured: { ...body.insured, ...turning66, relationType: '4' } },
      'insured.birthday',
      /保障起始日（2026-11-26）的年龄须在18至65周岁之间/,
    )
  })

  it('counts the travel cover’s age on the day of departure', async () => {
    // ht-travel insures up to 70: 70 today, 71 on 2026-11-30, the trip starts 2026-12-01.
    const body = quoteBody('ht-travel')
    const turning71 = other('1955-11-30')
    await refused(
      { ...body, insured: { ...body.insured, ...turning71, relationType: '4' } },
      'insured.birthday',
      /保障起始日（2026-12-01）/,
    )
  })

  it('the sandbox partner counts ages on the cover’s first day too', () => {
    const request = {
      productCode: '02YW0001',
      payPeriodType: 'Y',
      applicant: { name: '张三', idType: '01', idNo: 'x', sex: '1', birthDate: '19900307' },
      insured: { name: '李四', idType: '01', idNo: 'y', sex: '1', birthDate: '19601126' },
    }
    expect(checkRequest(request, '2026-11-25', 'quote')).toMatchObject({ ok: false, code: 'E2003' })
    const flight = {
      ...request,
      productCode: '03800002',
      insured: { ...request.insured, birthDate: '19451201' },
    }
    // 80 until 2026-12-01: the air product (18-80) refuses a flight on that day.
    expect(
      checkRequest(
        { ...flight, flight: { flightNo: 'MU5101', flightDate: '20261201' } },
        '2026-11-25',
        'quote',
      ),
    ).toMatchObject({ ok: false, code: 'E2003' })
    expect(
      checkRequest(
        { ...flight, flight: { flightNo: 'MU5101', flightDate: '20261130' } },
        '2026-11-25',
        'quote',
      ),
    ).toMatchObject({ ok: true })
  })
})

describe('certificates and relations, re-checked on the server', () => {
  it('refuses a long-term resident ID for someone of 26 and an expired one', async () => {
    const born = '2000-05-01'
    const young = { ...person('王五', residentId(born, '111')), birthday: born }
    const body = quoteBody('ht-accident')
    const holder = (extra: Record<string, unknown>) => ({ ...body.holder, ...young, ...extra })
    await refused(
      {
        ...body,
        holder: holder({ certTime: 1, certStartDate: '2026-06-01', certEndDate: undefined }),
        insured: {
          ...body.insured,
          ...young,
          certTime: 1,
          certStartDate: '2026-06-01',
          certEndDate: undefined,
        },
      },
      'holder.certTime',
      /长期有效的身份证仅签发给46周岁及以上人员/,
    )
    await refused(
      {
        ...body,
        holder: holder({ certStartDate: '2016-06-01', certEndDate: '2026-06-01' }),
        insured: { ...body.insured, ...young, certStartDate: '2016-06-01', certEndDate: '2026-06-01' },
      },
      'holder.certEndDate',
      /证件已过期/,
    )
    // Issued at 26, an ID card is valid 20 years, not 10.
    await refused(
      {
        ...body,
        holder: holder({ certStartDate: '2026-06-01', certEndDate: '2036-06-01' }),
        insured: { ...body.insured, ...young, certStartDate: '2026-06-01', certEndDate: '2036-06-01' },
      },
      'holder.certEndDate',
      /有效期为20年/,
    )
  })

  it('refuses a parent younger than the holder, a child older, and a spouse under the legal marriage age', async () => {
    const body = quoteBody('ht-accident')
    const insured = (birthday: string, relationType: '2' | '3' | '4', sequence = '235') => ({
      ...body,
      insured: { ...body.insured, ...other(birthday, sequence), relationType },
    })
    // The holder was born 1990-03-07.
    await refused(insured('1995-01-01', '4'), 'insured.relationType', /父母应比投保人至少大16岁/)
    await refused(insured('1980-01-01', '3'), 'insured.relationType', /子女应比投保人至少小16岁/)
    // A man of 21 is under the marriage age (22).
    await refused(insured('2005-01-01', '2', '235'), 'insured.relationType', /法定婚龄/)
    expect((await buyer.quote(insured('1965-01-01', '4'))).statusCode).toBe(200)
  })
})
