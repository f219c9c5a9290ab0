// Premium trial: picks the premium table row for the insured's factors. Pure; the server uses it for
// POST /api/quotes and for re-pricing orders, the client for labels and limits.
import { addDays, addYears, ageOn, compareIsoDates, isIsoDate } from './age'
import { coveragePeriodLabel, parseCoveragePeriod, parsePaymentPeriod, paymentPeriodLabel } from './periods'

export type Gender = 'M' | 'F'
export type YesNo = 'Y' | 'N'

/** Premium per payment for one age band (ages are 周岁 on the effective date, both ends included). */
export interface PremiumRate {
  ageMin: number
  ageMax: number
  gender: Gender | 'ANY'
  coveragePeriod: string
  paymentPeriod: string
  socialInsurance: YesNo | 'ANY'
  premiumFen: number
}

export interface PricingPlan {
  code: string
  name?: string
  premiumRates: readonly PremiumRate[]
}

/** What pricing needs of a product; ProductDetail satisfies it. */
export interface PricingProduct {
  /** Youngest insurable: `years` 周岁 plus `days` (e.g. {years: 0, days: 28} = 出生满28天). */
  ageMin: { years: number; days?: number }
  /** Oldest insurable, in 周岁 (inclusive). */
  ageMax: number
  coveragePeriods: readonly string[]
  paymentPeriods: readonly string[]
  plans: readonly PricingPlan[]
}

export interface QuoteFactors {
  planCode: string
  /** The insured's birth date; when given, `age` is ignored. */
  birthDate?: string
  /** 周岁 on the effective date, when the birth date is not known yet. */
  age?: number
  gender: Gender
  coveragePeriod: string
  paymentPeriod: string
  socialInsurance: YesNo
  effectiveDate: string
}

export type QuoteRefusalCode =
  | 'PLAN_NOT_FOUND'
  | 'PERIOD_NOT_OFFERED'
  | 'AGE_MISSING'
  | 'BIRTH_AFTER_EFFECTIVE'
  | 'AGE_BELOW_MIN'
  | 'AGE_ABOVE_MAX'
  | 'PERIOD_EXCEEDS_AGE'
  | 'NO_RATE'

export type QuoteResult =
  | {
      ok: true
      premiumFen: number
      /** 周岁 on the effective date. */
      age: number
      planCode: string
      coveragePeriod: string
      paymentPeriod: string
      effectiveDate: string
    }
  | {
      ok: false
      code: QuoteRefusalCode
      /** Chinese, shown to the user as is. */
      message: string
      /** The factor the refusal is about. */
      field: keyof QuoteFactors
    }

/** "出生满28天至65周岁", "18至60周岁": the insurable age range as a consumer reads it. */
export function ageRangeLabel(product: Pick<PricingProduct, 'ageMin' | 'ageMax'>): string {
  const { years, days = 0 } = product.ageMin
  const from =
    years === 0 ? (days > 0 ? `出生满${days}天` : '0') : days > 0 ? `${years}周岁零${days}天` : `${years}`
  return `${from}至${product.ageMax}周岁`
}

const refuse = (code: QuoteRefusalCode, field: keyof QuoteFactors, message: string): QuoteResult => ({
  ok: false,
  code,
  field,
  message,
})

/** Is the insured old enough on the effective date? Uses the birth date when known (days count). */
function belowMinimum(
  product: Pick<PricingProduct, 'ageMin'>,
  age: number,
  birthDate: string | undefined,
  effectiveDate: string,
) {
  const { years, days = 0 } = product.ageMin
  if (birthDate === undefined) return age < years
  const earliest = addDays(addYears(birthDate, years), days)
  return compareIsoDates(effectiveDate, earliest) < 0
}

function periodConflict(coverageCode: string, paymentCode: string, age: number): string | null {
  const coverage = parseCoveragePeriod(coverageCode)
  const payment = parsePaymentPeriod(paymentCode)
  if (!coverage || !payment) return null
  if (coverage.kind === 'toAge' && age >= coverage.age)
    return `被保险人已满${coverage.age}周岁，不能选择${coveragePeriodLabel(coverageCode)}`
  if (payment.kind === 'toAge' && age >= payment.age)
    return `被保险人已满${payment.age}周岁，不能选择${paymentPeriodLabel(paymentCode)}`
  if (payment.kind === 'years') {
    if (coverage.kind === 'toAge' && age + payment.count > coverage.age)
      return `交费期满时被保险人将超过${coverage.age}周岁，请选择更短的交费期间`
    if (coverage.kind === 'years' && payment.count > coverage.count) return '交费期间不能长于保障期间'
    if (coverage.kind === 'days' || coverage.kind === 'months') return '短期保障只能一次交清'
  }
  return null
}

/**
 * Why a person born on `birthDate` cannot be this product's insured on `effectiveDate` (its insurable ages),
 * or null when they can: what the insured chooser says beside a family member, before anything is typed.
 */
export function insurableAgeProblem(
  product: Pick<PricingProduct, 'ageMin' | 'ageMax'>,
  birthDate: string,
  effectiveDate: string,
): string | null {
  if (!isIsoDate(birthDate) || !isIsoDate(effectiveDate)) return null
  const range = ageRangeLabel(product)
  if (compareIsoDates(birthDate, effectiveDate) > 0) return `年龄不足，本产品承保${range}`
  const age = ageOn(birthDate, effectiveDate)
  if (belowMinimum(product, age, birthDate, effectiveDate)) return `年龄不足，本产品承保${range}`
  if (age > product.ageMax) return `已${age}周岁，超过本产品承保年龄（${range}）`
  return null
}

/** More specific rows (exact gender / social insurance) win over "ANY" rows. */
function specificity(rate: PremiumRate): number {
  return (rate.gender === 'ANY' ? 0 : 1) + (rate.socialInsurance === 'ANY' ? 0 : 1)
}

/** Prices one set of factors against a product's premium tables. Never throws for bad factors. */
export function quotePremium(product: PricingProduct, factors: QuoteFactors): QuoteResult {
  const plan = product.plans.find((p) => p.code === factors.planCode)
  if (!plan) return refuse('PLAN_NOT_FOUND', 'planCode', '所选保障计划不存在，请重新选择')
  if (!product.coveragePeriods.includes(factors.coveragePeriod))
    return refuse('PERIOD_NOT_OFFERED', 'coveragePeriod', '该产品不提供所选保障期间')
  if (!product.paymentPeriods.includes(factors.paymentPeriod))
    return refuse('PERIOD_NOT_OFFERED', 'paymentPeriod', '该产品不提供所选交费期间')

  let age: number
  const { birthDate, effectiveDate } = factors
  if (birthDate !== undefined && isIsoDate(birthDate) && isIsoDate(effectiveDate)) {
    if (compareIsoDates(birthDate, effectiveDate) > 0)
      return refuse('BIRTH_AFTER_EFFECTIVE', 'birthDate', '出生日期不能晚于保单生效日期')
    age = ageOn(birthDate, effectiveDate)
  } else if (factors.age !== undefined && Number.isInteger(factors.age) && factors.age >= 0) {
    age = factors.age
  } else {
    return refuse('AGE_MISSING', 'birthDate', '请填写被保险人的出生日期或年龄')
  }

  const range = ageRangeLabel(product)
  const ageField = birthDate !== undefined ? 'birthDate' : 'age'
  if (belowMinimum(product, age, birthDate, effectiveDate))
    return refuse('AGE_BELOW_MIN', ageField, `被保险人年龄不足，本产品承保${range}`)
  if (age > product.ageMax)
    return refuse('AGE_ABOVE_MAX', ageField, `被保险人已${age}周岁，超过本产品承保年龄（${range}）`)

  const conflict = periodConflict(factors.coveragePeriod, factors.paymentPeriod, age)
  if (conflict) return refuse('PERIOD_EXCEEDS_AGE', 'paymentPeriod', conflict)

  const candidates = plan.premiumRates.filter(
    (rate) =>
      age >= rate.ageMin &&
      age <= rate.ageMax &&
      (rate.gender === 'ANY' || rate.gender === factors.gender) &&
      rate.coveragePeriod === factors.coveragePeriod &&
      rate.paymentPeriod === factors.paymentPeriod &&
      (rate.socialInsurance === 'ANY' || rate.socialInsurance === factors.socialInsurance),
  )
  const best = candidates.reduce<PremiumRate | undefined>(
    (chosen, rate) => (!chosen || specificity(rate) > specificity(chosen) ? rate : chosen),
    undefined,
  )
  if (!best)
    return refuse(
      'NO_RATE',
      'planCode',
      `${age}周岁被保险人暂不能投保该计划的${coveragePeriodLabel(factors.coveragePeriod)}、${paymentPeriodLabel(factors.paymentPeriod)}方案，请调整投保条件`,
    )
  return {
    ok: true,
    premiumFen: best.premiumFen,
    age,
    planCode: plan.code,
    coveragePeriod: factors.coveragePeriod,
    paymentPeriod: factors.paymentPeriod,
    effectiveDate,
  }
}
