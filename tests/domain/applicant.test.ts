import { describe, expect, it } from 'vitest'
import {
  checkApplication,
  deathCoverFen,
  derivedFromCertificate,
  idValidityFor,
  insuredFromHolder,
  minorDeathCoverLimitFen,
  relationCanFit,
  validateHolder,
  validateInsured,
  type ApplicationCheckInput,
  type InsuredInput,
  type PersonInput,
} from '../../src/domain/applicant'
import type { PricingProduct } from '../../src/domain/pricing'

// Real GB 11643 numbers (checksums computed, not invented).
const HOLDER_ID = '110101199003078515' // 1990-03-07, male
const CHILD_ID = '310104202002290021' // 2020-02-29 (leap day), female
const TEEN_ID = '310104201006150136' // 2010-06-15, male
const OLD_ID = '11010519491231002X' // 1949-12-31, female
const TODAY = '2026-11-22'
const EFFECTIVE = '2026-11-23'

const holder: PersonInput = {
  name: '张三',
  certType: 'ID_CARD',
  certNo: HOLDER_ID,
  certTime: 0,
  certStartDate: '2020-01-01',
  certEndDate: '2040-01-01',
  gender: 'M',
  birthday: '1990-03-07',
}

const child: InsuredInput = {
  name: '张小花',
  certType: 'ID_CARD',
  certNo: CHILD_ID,
  certTime: 0,
  // A resident ID issued under 16 is valid 5 years.
  certStartDate: '2022-01-01',
  certEndDate: '2027-01-01',
  gender: 'F',
  birthday: '2020-02-29',
  relationType: '3',
  hasSocialInsurance: 'Y',
  phone: '13800138000',
  email: '',
}

const product: PricingProduct = {
  ageMin: { years: 0, days: 28 },
  ageMax: 60,
  coveragePeriods: ['1y'],
  paymentPeriods: ['single'],
  plans: [
    {
      code: 'A',
      premiumRates: [
        {
          ageMin: 0,
          ageMax: 17,
          gender: 'ANY',
          coveragePeriod: '1y',
          paymentPeriod: 'single',
          socialInsurance: 'ANY',
          premiumFen: 5000,
        },
        {
          ageMin: 18,
          ageMax: 60,
          gender: 'ANY',
          coveragePeriod: '1y',
          paymentPeriod: 'single',
          socialInsurance: 'Y',
          premiumFen: 12000,
        },
        {
          ageMin: 18,
          ageMax: 60,
          gender: 'ANY',
          coveragePeriod: '1y',
          paymentPeriod: 'single',
          socialInsurance: 'N',
          premiumFen: 20000,
        },
      ],
    },
  ],
}

const input = (over: Partial<ApplicationCheckInput> = {}): ApplicationCheckInput => ({
  holder,
  insured: child,
  product,
  planCode: 'A',
  coveragePeriod: '1y',
  paymentPeriod: 'single',
  planDeathCoverFen: 0,
  today: TODAY,
  effectiveDate: EFFECTIVE,
  ...over,
})

const fields = (errors: { field: string }[]) => errors.map((e) => e.field)

describe('holder', () => {
  it('accepts an adult with a valid resident ID', () => {
    expect(validateHolder(holder, TODAY)).toEqual([])
  })

  it('rejects a wrong check digit under certNo, in Chinese', () => {
    const errors = validateHolder({ ...holder, certNo: '110101199003078516' }, TODAY)
    expect(errors).toEqual([{ field: 'holder.certNo', message: '身份证号校验位不正确，请核对' }])
  })

  it('locks birth date and gender to the resident ID', () => {
    const errors = validateHolder({ ...holder, birthday: '1990-03-08', gender: 'F' }, TODAY)
    expect(fields(errors)).toEqual(['holder.birthday', 'holder.gender'])
    expect(derivedFromCertificate('ID_CARD', HOLDER_ID, TODAY)).toEqual({
      birthday: '1990-03-07',
      gender: 'M',
    })
    expect(derivedFromCertificate('PASSPORT', 'E12345678', TODAY)).toBeNull()
  })

  it('requires 18 周岁: refused the day before the 18th birthday, accepted on it', () => {
    const teen = {
      ...holder,
      certNo: TEEN_ID,
      birthday: '2010-06-15',
      gender: 'M',
      // Issued at 16: valid 10 years.
      certStartDate: '2026-07-01',
      certEndDate: '2036-07-01',
    }
    expect(validateHolder(teen, '2028-06-14')).toContainEqual({
      field: 'holder.birthday',
      message: '投保人须年满18周岁',
    })
    expect(validateHolder(teen, '2028-06-15')).toEqual([])
  })

  it('accepts a resident ID valid 5, 10 or 20 years by the age it was issued at, or long-term from 46; refuses others', () => {
    // Issued at 29 (born 1990-03-07): 20 years.
    expect(
      validateHolder({ ...holder, certStartDate: '2020-01-01', certEndDate: '2040-01-01' }, TODAY),
    ).toEqual([])
    expect(
      validateHolder({ ...holder, certStartDate: '2020-01-01', certEndDate: '2046-01-01' }, TODAY),
    ).toEqual([
      { field: 'holder.certEndDate', message: '身份证有效期应为5年、10年、20年或长期，请核对起止日期' },
    ])
    expect(
      validateHolder({ ...holder, certStartDate: '2020-01-01', certEndDate: '2030-01-01' }, TODAY),
    ).toEqual([
      { field: 'holder.certEndDate', message: '29周岁时签发的身份证有效期为20年，截止日期应为2040-01-01' },
    ])
    expect(idValidityFor('1990-03-07', '2005-01-01')).toEqual({ certTime: 0, certEndDate: '2010-01-01' })
    expect(idValidityFor('1990-03-07', '2010-01-01')).toEqual({ certTime: 0, certEndDate: '2020-01-01' })
    expect(idValidityFor('1949-12-31', '2000-01-01')).toEqual({ certTime: 1, certEndDate: '' })
  })

  it('takes 户口簿 (its citizen ID number) and 出生证明 for a child only, with no validity dates', () => {
    const household = {
      ...child,
      certType: 'HOUSEHOLD_REGISTER',
      certTime: 1,
      certStartDate: '',
      certEndDate: '',
    }
    expect(validateInsured(household, holder, TODAY)).toEqual([])
    const birth = { ...household, certType: 'BIRTH_CERTIFICATE', certNo: 'Q110012345' }
    expect(validateInsured(birth, holder, TODAY)).toEqual([])
    expect(fields(validateInsured({ ...birth, certNo: '12345' }, holder, TODAY))).toEqual(['insured.certNo'])
    expect(validateHolder({ ...holder, certType: 'HOUSEHOLD_REGISTER' }, TODAY)).toContainEqual({
      field: 'holder.certType',
      message: '户口簿、出生证明仅适用于未满18周岁的被保险人，请选择其他证件',
    })
  })

  it('checks certificate validity dates', () => {
    expect(fields(validateHolder({ ...holder, certEndDate: '2026-11-22' }, TODAY))).toEqual([
      'holder.certEndDate',
    ])
    expect(fields(validateHolder({ ...holder, certStartDate: '2027-01-01' }, TODAY))).toContain(
      'holder.certStartDate',
    )
    // Long-term IDs are issued from 46: a 36-year-old cannot have one, a 76-year-old can.
    expect(fields(validateHolder({ ...holder, certTime: 1, certEndDate: '' }, TODAY))).toEqual([
      'holder.certTime',
    ])
    const elder = {
      ...holder,
      name: '李梅',
      certNo: OLD_ID,
      birthday: '1949-12-31',
      gender: 'F',
      certTime: 1,
      certEndDate: '',
    }
    expect(validateHolder(elder, TODAY)).toEqual([])
    expect(
      fields(validateHolder({ ...holder, certType: 'PASSPORT', certNo: 'E12345678', certTime: 1 }, TODAY)),
    ).toEqual(['holder.certTime'])
  })

  it('accepts the other certificate formats and rejects malformed ones', () => {
    const passport = { ...holder, certType: 'PASSPORT', certNo: 'E12345678' }
    expect(validateHolder(passport, TODAY)).toEqual([])
    expect(fields(validateHolder({ ...passport, certType: 'HK_MACAU_PASS', certNo: 'H123' }, TODAY))).toEqual(
      ['holder.certNo'],
    )
    expect(validateHolder({ ...passport, certType: 'HK_MACAU_PASS', certNo: 'H12345678' }, TODAY)).toEqual([])
    expect(fields(validateHolder({ ...holder, certType: 'CERT' }, TODAY))).toEqual(['holder.certType'])
  })
})

describe('insured', () => {
  it('copies the holder for 本人 and refuses a different person under 本人', () => {
    const self = insuredFromHolder(holder, child)
    expect(self).toMatchObject({
      name: '张三',
      certNo: HOLDER_ID,
      birthday: '1990-03-07',
      relationType: '1',
      phone: '13800138000',
    })
    expect(validateInsured(self, holder, TODAY)).toEqual([])
    expect(fields(validateInsured({ ...child, relationType: '1' }, holder, TODAY))).toEqual([
      'insured.relationType',
    ])
  })

  it('refuses the holder as their own child and a child older than the holder', () => {
    expect(
      fields(validateInsured({ ...insuredFromHolder(holder, child), relationType: '3' }, holder, TODAY)),
    ).toEqual(['insured.relationType'])
    const parentAsChild = {
      ...child,
      name: '李梅',
      certNo: OLD_ID,
      birthday: '1949-12-31',
      certTime: 1,
      certEndDate: '',
    }
    expect(fields(validateInsured(parentAsChild, holder, TODAY))).toEqual(['insured.relationType'])
    expect(validateInsured({ ...parentAsChild, relationType: '4' }, holder, TODAY)).toEqual([])
  })

  it('checks phone and email', () => {
    const errors = validateInsured({ ...child, phone: '12800138000', email: 'a@b' }, holder, TODAY)
    expect(errors).toEqual([
      { field: 'insured.phone', message: '请输入正确的11位手机号' },
      { field: 'insured.email', message: '邮箱格式不正确' },
    ])
  })
})

describe('whole application', () => {
  it('prices a valid application on the effective date', () => {
    const result = checkApplication(input())
    expect(result).toMatchObject({ ok: true, quote: { premiumFen: 5000, age: 6 } })
  })

  it('judges the age limit on the effective date, not today', () => {
    // Born 1966-11-23: 59 today, 60 on the effective date (still insurable); born 1965-11-23 turns 61 -> refused.
    const at60 = {
      ...child,
      name: '王五',
      certType: 'PASSPORT',
      certNo: 'E12345678',
      birthday: '1966-11-23',
      relationType: '4',
      certEndDate: '2030-01-01',
    }
    expect(checkApplication(input({ insured: at60 }))).toMatchObject({
      ok: true,
      quote: { age: 60, premiumFen: 12000 },
    })
    const at61 = { ...at60, birthday: '1965-11-23' }
    const refused = checkApplication(input({ insured: at61 }))
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.errors[0]).toMatchObject({ field: 'insured.birthday' })
  })

  it('caps minors death cover: 20万 under 10, 50万 under 18, counting cover already held', () => {
    expect(minorDeathCoverLimitFen(9)).toBe(20_000_000)
    expect(minorDeathCoverLimitFen(17)).toBe(50_000_000)
    expect(minorDeathCoverLimitFen(18)).toBeNull()
    expect(checkApplication(input({ planDeathCoverFen: 20_000_000 })).ok).toBe(true)
    const over = checkApplication(input({ planDeathCoverFen: 30_000_000 }))
    expect(over).toEqual({
      ok: false,
      errors: [
        {
          field: 'insured.birthday',
          message: '未满10周岁的被保险人身故保险金累计不得超过20万元，请选择保额较低的计划',
        },
      ],
    })
    const teen = {
      ...child,
      name: '张小明',
      certNo: TEEN_ID,
      birthday: '2010-06-15',
      gender: 'M',
      // Issued at 11: valid 5 years.
      certStartDate: '2022-01-01',
      certEndDate: '2027-01-01',
    }
    expect(checkApplication(input({ insured: teen, planDeathCoverFen: 50_000_000 })).ok).toBe(true)
    expect(
      checkApplication(
        input({ insured: teen, planDeathCoverFen: 40_000_000, existingDeathCoverFen: 20_000_000 }),
      ).ok,
    ).toBe(false)
  })

  it('counts only 身故 coverages as death cover', () => {
    expect(
      deathCoverFen([
        { name: '意外身故/伤残', amountFen: 10_000_000 },
        { name: '疾病身故', amountFen: 5_000_000 },
        { name: '意外医疗', amountFen: 2_000_000 },
      ]),
    ).toBe(15_000_000)
  })
})

describe('relationCanFit', () => {
  const kids = { ageMin: { years: 0, days: 28 }, ageMax: 17 }
  const adults = { ageMin: { years: 18 }, ageMax: 40 }
  const fits = (product: typeof adults, selfAge: number | null) =>
    ['1', '2', '3', '4'].filter((r) => relationCanFit(r, product, selfAge))

  it('fits only a child to a children’s product, the buyer’s age known or not', () => {
    expect(fits(kids, 36)).toEqual(['3'])
    expect(fits(kids, null)).toEqual(['3'])
  })

  it('fits no parent younger than the buyer, and no child as old as the product’s youngest when the buyer is younger', () => {
    expect(fits(adults, 36)).toEqual(['1', '2', '3', '4'])
    expect(fits(adults, 45)).toEqual(['1', '2', '3'])
    expect(fits({ ageMin: { years: 50 }, ageMax: 80 }, 36)).toEqual(['1', '2', '4'])
  })
})
