import { describe, expect, it } from 'vitest'
import {
  ageRangeLabel,
  quotePremium,
  type PremiumRate,
  type PricingProduct,
  type QuoteFactors,
} from '../../src/domain/pricing'

const rate = (
  r: Partial<PremiumRate> & Pick<PremiumRate, 'ageMin' | 'ageMax' | 'premiumFen'>,
): PremiumRate => ({
  gender: 'ANY',
  coveragePeriod: 'to70',
  paymentPeriod: '20',
  socialInsurance: 'ANY',
  ...r,
})

// A critical-illness style product: 出生满28天 to 55周岁, to-70 or whole-life cover.
const product: PricingProduct = {
  ageMin: { years: 0, days: 28 },
  ageMax: 55,
  coveragePeriods: ['to70', 'life'],
  paymentPeriods: ['single', '10', '20'],
  plans: [
    {
      code: 'BASIC',
      premiumRates: [
        rate({ ageMin: 0, ageMax: 17, premiumFen: 98_000 }),
        rate({ ageMin: 18, ageMax: 40, gender: 'M', premiumFen: 256_000 }),
        rate({ ageMin: 18, ageMax: 40, gender: 'F', premiumFen: 231_000 }),
        rate({ ageMin: 41, ageMax: 50, premiumFen: 498_000 }),
        rate({
          ageMin: 0,
          ageMax: 55,
          coveragePeriod: 'life',
          paymentPeriod: 'single',
          premiumFen: 3_600_000,
        }),
        rate({ ageMin: 0, ageMax: 40, coveragePeriod: 'to70', paymentPeriod: '10', premiumFen: 420_000 }),
        // A specific social-insurance row beats the ANY row of the same band.
        rate({ ageMin: 0, ageMax: 17, socialInsurance: 'Y', premiumFen: 88_000 }),
      ],
    },
    { code: 'PLUS', premiumRates: [rate({ ageMin: 0, ageMax: 55, premiumFen: 500_000 })] },
  ],
}

const factors = (f: Partial<QuoteFactors>): QuoteFactors => ({
  planCode: 'BASIC',
  gender: 'M',
  coveragePeriod: 'to70',
  paymentPeriod: '20',
  socialInsurance: 'N',
  effectiveDate: '2026-11-23',
  ...f,
})

describe('quotePremium', () => {
  it.each([
    // [birthDate, gender, social, expected premium fen, expected age]
    ['1996-11-23', 'M', 'N', 256_000, 30],
    ['1996-11-23', 'F', 'N', 231_000, 30],
    ['2008-11-24', 'M', 'N', 98_000, 17], // turns 18 the day after the effective date
    ['2008-11-23', 'M', 'N', 256_000, 18], // turns 18 on the effective date
    ['2010-05-01', 'F', 'Y', 88_000, 16], // exact social-insurance row wins
    ['1985-01-01', 'F', 'N', 498_000, 41],
  ] as const)('born %s, %s, social %s -> %i fen', (birthDate, gender, socialInsurance, premiumFen, age) => {
    expect(quotePremium(product, factors({ birthDate, gender, socialInsurance }))).toEqual({
      ok: true,
      premiumFen,
      age,
      planCode: 'BASIC',
      coveragePeriod: 'to70',
      paymentPeriod: '20',
      effectiveDate: '2026-11-23',
    })
  })

  it('uses the age on the effective date for a leap-day birth', () => {
    // Born 2008-02-29: on 2026-02-28 still 17 (child band), on 2026-03-01 18 (adult band).
    const before = quotePremium(product, factors({ birthDate: '2008-02-29', effectiveDate: '2026-02-28' }))
    const after = quotePremium(product, factors({ birthDate: '2008-02-29', effectiveDate: '2026-03-01' }))
    expect(before).toMatchObject({ ok: true, age: 17, premiumFen: 98_000 })
    expect(after).toMatchObject({ ok: true, age: 18, premiumFen: 256_000 })
  })

  it('prices by age when no birth date is given', () => {
    expect(quotePremium(product, factors({ age: 45 }))).toMatchObject({
      ok: true,
      age: 45,
      premiumFen: 498_000,
    })
    expect(quotePremium(product, factors({ age: 0 }))).toMatchObject({ ok: true, premiumFen: 98_000 })
  })

  it('picks the table of the chosen plan and periods', () => {
    expect(quotePremium(product, factors({ planCode: 'PLUS', age: 30 }))).toMatchObject({
      premiumFen: 500_000,
    })
    expect(
      quotePremium(product, factors({ age: 30, coveragePeriod: 'life', paymentPeriod: 'single' })),
    ).toMatchObject({ premiumFen: 3_600_000 })
    expect(quotePremium(product, factors({ age: 30, paymentPeriod: '10' }))).toMatchObject({
      premiumFen: 420_000,
    })
  })

  it('refuses a baby younger than 28 days, counting days from the birth date', () => {
    const young = quotePremium(product, factors({ birthDate: '2026-10-27' })) // 27 days old
    expect(young).toEqual({
      ok: false,
      code: 'AGE_BELOW_MIN',
      field: 'birthDate',
      message: '被保险人年龄不足，本产品承保出生满28天至55周岁',
    })
    expect(quotePremium(product, factors({ birthDate: '2026-10-26' }))).toMatchObject({ ok: true, age: 0 })
  })

  it('refuses an insured past the maximum age with a Chinese reason', () => {
    expect(quotePremium(product, factors({ birthDate: '1970-11-23' }))).toEqual({
      ok: false,
      code: 'AGE_ABOVE_MAX',
      field: 'birthDate',
      message: '被保险人已56周岁，超过本产品承保年龄（出生满28天至55周岁）',
    })
    // One day younger is still 55 and insurable by age, but no 20-pay row covers 55 -> no rate.
    expect(quotePremium(product, factors({ birthDate: '1970-11-24' }))).toMatchObject({
      ok: false,
      code: 'PERIOD_EXCEEDS_AGE',
    })
  })

  it('refuses a birth date after the effective date', () => {
    expect(quotePremium(product, factors({ birthDate: '2026-12-01' }))).toMatchObject({
      ok: false,
      code: 'BIRTH_AFTER_EFFECTIVE',
      field: 'birthDate',
    })
  })

  it('refuses periods that end after the cover ends', () => {
    // 52 + 20 years of payments > 70
    expect(quotePremium(product, factors({ age: 52 }))).toEqual({
      ok: false,
      code: 'PERIOD_EXCEEDS_AGE',
      field: 'paymentPeriod',
      message: '交费期满时被保险人将超过70周岁，请选择更短的交费期间',
    })
  })

  it('refuses unknown plans, periods the product does not offer, and missing rows', () => {
    expect(quotePremium(product, factors({ planCode: 'GOLD', age: 30 }))).toMatchObject({
      code: 'PLAN_NOT_FOUND',
      field: 'planCode',
    })
    expect(quotePremium(product, factors({ coveragePeriod: '1y', age: 30 }))).toMatchObject({
      code: 'PERIOD_NOT_OFFERED',
      field: 'coveragePeriod',
    })
    expect(quotePremium(product, factors({ paymentPeriod: '5', age: 30 }))).toMatchObject({
      field: 'paymentPeriod',
    })
    const none = quotePremium(product, factors({ age: 45, paymentPeriod: '10' }))
    expect(none).toMatchObject({ ok: false, code: 'NO_RATE' })
    expect(none.ok ? '' : none.message).toContain('45周岁')
  })

  it('asks for an age when neither birth date nor a valid age is given', () => {
    expect(quotePremium(product, factors({}))).toMatchObject({ code: 'AGE_MISSING' })
    expect(quotePremium(product, factors({ age: -1 }))).toMatchObject({ code: 'AGE_MISSING' })
  })
})

describe('ageRangeLabel', () => {
  it('reads like the product page', () => {
    expect(ageRangeLabel(product)).toBe('出生满28天至55周岁')
    expect(ageRangeLabel({ ageMin: { years: 18 }, ageMax: 60 })).toBe('18至60周岁')
  })
})
