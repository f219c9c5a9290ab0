import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductDetail } from '../../src/types/generated/api/catalog'
import { createTestApp, json, testClock, type TestApp } from './helpers'

// Server clock: 2026-11-22 12:00 in Shanghai -> policies start 2026-11-23 by default.
const clock = testClock(new Date('2026-11-22T04:00:00.000Z'))
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ now: clock.now })
})
afterAll(() => t.close())

const quote = (body: object) => json(t.app, { method: 'POST', url: '/api/quotes', body })
const detail = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json<ProductDetail>()

const classic = {
  productId: 'p-critical-classic',
  planCode: 'standard',
  gender: 'M',
  coveragePeriod: 'to70',
  paymentPeriod: '20',
  socialInsurance: 'Y',
}

describe('POST /api/quotes', () => {
  it('prices from the product premium table by 周岁 on the effective date (tomorrow in Shanghai)', async () => {
    const product = await detail('p-critical-classic')
    const rates = product.plans.find((p) => p.code === 'standard')!.premiumRates
    // Turns 30 on 2026-11-23, the default effective date.
    const res = await quote({ ...classic, birthDate: '1996-11-23' })
    expect(res.statusCode).toBe(200)
    const row = rates.find(
      (r) =>
        r.ageMin <= 30 &&
        r.ageMax >= 30 &&
        ['M', 'ANY'].includes(r.gender) &&
        r.coveragePeriod === 'to70' &&
        r.paymentPeriod === '20',
    )!
    expect(res.json()).toEqual({
      premiumFen: row.premiumFen,
      ageOnEffectiveDate: 30,
      effectiveDate: '2026-11-23',
      planCode: 'standard',
      coveragePeriod: 'to70',
      paymentPeriod: '20',
    })
    // One day younger: still 29 on the effective date.
    const younger = await quote({ ...classic, birthDate: '1996-11-24' })
    expect(younger.json()).toMatchObject({ ageOnEffectiveDate: 29 })
  })

  it('prices women lower than men on a gender-rated product and honours age instead of birth date', async () => {
    const male = (await quote({ ...classic, age: 35 })).json<{ premiumFen: number }>()
    const female = (await quote({ ...classic, age: 35, gender: 'F' })).json<{ premiumFen: number }>()
    expect(female.premiumFen).toBeLessThan(male.premiumFen)
  })

  it('counts a leap-day birthday on Mar 1 in a common year (explicit effective date)', async () => {
    const body = { ...classic, birthDate: '2008-02-29' }
    const before = await quote({ ...body, effectiveDate: '2027-02-28' })
    const after = await quote({ ...body, effectiveDate: '2027-03-01' })
    expect(before.json()).toMatchObject({ ageOnEffectiveDate: 18, effectiveDate: '2027-02-28' })
    expect(after.json()).toMatchObject({ ageOnEffectiveDate: 19, effectiveDate: '2027-03-01' })
  })

  it('uses social insurance on medical products', async () => {
    const base = {
      productId: 'p-medical-million',
      planCode: 'standard',
      gender: 'F',
      coveragePeriod: '1y',
      paymentPeriod: 'single',
      age: 32,
    }
    const withSocial = (await quote({ ...base, socialInsurance: 'Y' })).json<{ premiumFen: number }>()
    const without = (await quote({ ...base, socialInsurance: 'N' })).json<{ premiumFen: number }>()
    expect(without.premiumFen).toBeGreaterThan(withSocial.premiumFen)
  })

  it('answers 422 NOT_INSURABLE with a Chinese reason when the insured is too old or too young', async () => {
    const old = await quote({ ...classic, birthDate: '1960-01-01' })
    expect(old.statusCode).toBe(422)
    expect(old.json()).toEqual({
      error: {
        code: 'NOT_INSURABLE',
        message: '被保险人已66周岁，超过本产品承保年龄（出生满28天至55周岁）',
        details: [
          { field: 'birthDate', message: '被保险人已66周岁，超过本产品承保年龄（出生满28天至55周岁）' },
        ],
      },
    })
    const baby = await quote({ ...classic, birthDate: '2026-11-01' }) // 22 days old on Nov 23
    expect(baby.statusCode).toBe(422)
    expect(baby.json().error.message).toBe('被保险人年龄不足，本产品承保出生满28天至55周岁')

    const tooLongToPay = await quote({ ...classic, age: 45, paymentPeriod: '30' })
    expect(tooLongToPay.statusCode).toBe(422)
    expect(tooLongToPay.json().error.message).toContain('交费期满时被保险人将超过70周岁')

    const unknownPlan = await quote({ ...classic, age: 30, planCode: 'gold' })
    expect(unknownPlan.statusCode).toBe(422)
    expect(unknownPlan.json().error.details[0].field).toBe('planCode')
  })

  it('answers 400 naming the field for bad input', async () => {
    const cases: [object, string, string][] = [
      [{ ...classic, birthDate: '2023-02-29' }, 'birthDate', '出生日期（birthDate）格式不正确'],
      [{ ...classic, birthDate: '1990/01/01' }, 'birthDate', '出生日期（birthDate）格式不正确'],
      [{ ...classic, age: 30, gender: 'X' }, 'gender', '性别（gender）的取值不在允许范围内'],
      [{ ...classic, age: '30' }, 'age', '年龄（age）类型不正确，应为整数'],
      [
        { ...classic, age: 30, socialInsurance: undefined },
        'socialInsurance',
        '缺少必填项：社保情况（socialInsurance）',
      ],
      [{ ...classic }, 'birthDate', '缺少必填项：出生日期（birthDate）或年龄（age）'],
      [{ ...classic, age: 30, extra: 1 }, 'extra', '不支持的字段：extra'],
      [
        { ...classic, age: 30, effectiveDate: '2026-11-22' },
        'effectiveDate',
        '生效日期（effectiveDate）不能早于2026-11-23',
      ],
      [
        { ...classic, age: 30, effectiveDate: '2027-12-01' },
        'effectiveDate',
        '生效日期（effectiveDate）最晚为180天后',
      ],
    ]
    for (const [body, field, message] of cases) {
      const res = await quote(body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      const error = res.json<{ error: { code: string; message: string; details: { field: string }[] } }>()
        .error
      expect(error.code).toBe('INVALID_INPUT')
      expect(error.details.map((d) => d.field)).toContain(field)
      expect(error.message).toBe(message)
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    })
    expect(notJson.statusCode).toBe(400)
  })

  it('answers 404 for an unknown product', async () => {
    const res = await quote({ ...classic, productId: 'p-missing', age: 30 })
    expect(res.statusCode).toBe(404)
    expect(res.json().error.message).toBe('产品不存在')
  })
})
