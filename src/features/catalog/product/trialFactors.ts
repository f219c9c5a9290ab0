import { useMemo, useState } from 'react'
import type { ProductDetail, Plan, QuoteRequest } from '../api'
import { addYears, defaultEffectiveDate } from '../../../domain/age'
import { canBeInsured, HOLDER_MIN_AGE } from '../../../domain/relations'
import { insurableAgeProblem, type Gender, type YesNo } from '../../../domain/pricing'
import { useFamilyMembers, type FamilyMember } from '../../family/api'
import { useMe, type Me } from '../../member/api'
import { specialNotifyHref } from '../../purchase/paths'

// The premium trial's factors (docs/architecture.md) and how they travel on: to POST /api/quotes and, on 立即投保,
// to the purchase flow as query parameters.

export interface TrialFactors {
  planCode: string
  birthDate: string
  gender: Gender
  coveragePeriod: string
  paymentPeriod: string
  socialInsurance: YesNo
}

const DEFAULT_AGE = 30

/** Coverage periods that have at least one premium row in the plan, in the product's order. */
export function coverageOptions(product: ProductDetail, plan: Plan | undefined): string[] {
  return product.coveragePeriods.filter((c) => plan?.premiumRates.some((r) => r.coveragePeriod === c))
}

/** Payment periods priced for the plan and coverage period. */
export function paymentOptions(
  product: ProductDetail,
  plan: Plan | undefined,
  coveragePeriod: string,
): string[] {
  return product.paymentPeriods.filter((p) =>
    plan?.premiumRates.some((r) => r.coveragePeriod === coveragePeriod && r.paymentPeriod === p),
  )
}

/** Sensible first factors: the first plan and periods, an insured of 30 (or the nearest insurable age). */
export function defaultFactors(product: ProductDetail, today: string): TrialFactors {
  const plan = product.plans[0]
  const coveragePeriod = coverageOptions(product, plan)[0] ?? product.coveragePeriods[0] ?? ''
  const minYears = product.ageMin.years + ((product.ageMin.days ?? 0) > 0 ? 1 : 0)
  const age = Math.max(Math.min(DEFAULT_AGE, product.ageMax), minYears)
  return {
    planCode: plan?.code ?? '',
    birthDate: addYears(today, -age),
    gender: 'M',
    coveragePeriod,
    paymentPeriod: paymentOptions(product, plan, coveragePeriod)[0] ?? product.paymentPeriods[0] ?? '',
    socialInsurance: 'Y',
  }
}

/**
 * Whom the trial prices once the user is known: the user (the real-name record's birth date and gender) when
 * the product covers them, else the first family member it covers (a children's product, or one the user is
 * too old or young for), else nobody (the default insured stays). The same person the purchase flow then starts with, so the price does not jump.
 */
export function realInsured(
  product: ProductDetail,
  effectiveDate: string,
  me: Me | null | undefined,
  members: readonly FamilyMember[] | undefined,
): Pick<TrialFactors, 'birthDate' | 'gender'> | null {
  const self = me?.realName
  if (self?.birthDate && self.gender) {
    if (insurableAgeProblem(product, self.birthDate, effectiveDate) === null)
      return { birthDate: self.birthDate, gender: self.gender }
  } else if (product.ageMax >= HOLDER_MIN_AGE) return null
  // The user is not covered (or, unknown, cannot be: a children's product): a family member who is.
  const member = members?.find(
    (m) =>
      canBeInsured(m.relation) &&
      (m.gender === 'M' || m.gender === 'F') &&
      insurableAgeProblem(product, m.birthday, effectiveDate) === null,
  )
  return member ? { birthDate: member.birthday, gender: member.gender as Gender } : null
}

/** The factors a trial starts with once the user (and their family) are known: the defaults for their real insured. */
export function firstFactors(
  product: ProductDetail,
  today: string,
  effectiveDate: string,
  me: Me | null | undefined,
  members: readonly FamilyMember[] | undefined,
): TrialFactors {
  const defaults = defaultFactors(product, today)
  const insured = realInsured(product, effectiveDate, me, members)
  return insured ? changeFactors(product, defaults, insured) : defaults
}

/**
 * The trial's factors: the defaults, then (until the user picks a birth date or gender) the real insured of
 * `realInsured` as soon as the user and their family are loaded.
 */
export function useTrialFactors(
  product: ProductDetail,
  today: string,
): [TrialFactors, (next: TrialFactors) => void] {
  const me = useMe().data
  const members = useFamilyMembers(Boolean(me))
  const [effectiveDate] = useState(() => defaultEffectiveDate(Date.now()))
  const settled =
    me === null || (me !== undefined && (members.data !== undefined || members.error !== undefined))
  const memberItems = members.data?.items
  // What the user picked themselves wins over the defaults and the real insured.
  const [picked, setPicked] = useState<Partial<TrialFactors>>({})
  const base = useMemo(
    () =>
      settled ? firstFactors(product, today, effectiveDate, me, memberItems) : defaultFactors(product, today),
    [product, today, settled, effectiveDate, me, memberItems],
  )
  const factors = useMemo(() => changeFactors(product, base, picked), [product, base, picked])
  const set = (next: TrialFactors) =>
    setPicked(
      Object.fromEntries(
        (Object.keys(next) as (keyof TrialFactors)[])
          .filter((key) => key in picked || next[key] !== base[key])
          .map((key) => [key, next[key]]),
      ),
    )
  return [factors, set]
}

/** Applies a change and keeps the periods consistent with what the plan prices. */
export function changeFactors(
  product: ProductDetail,
  current: TrialFactors,
  patch: Partial<TrialFactors>,
): TrialFactors {
  const next = { ...current, ...patch }
  const plan = product.plans.find((p) => p.code === next.planCode)
  const coverages = coverageOptions(product, plan)
  if (!coverages.includes(next.coveragePeriod) && coverages.length) next.coveragePeriod = coverages[0]
  const payments = paymentOptions(product, plan, next.coveragePeriod)
  if (!payments.includes(next.paymentPeriod) && payments.length) next.paymentPeriod = payments[0]
  return next
}

export function toQuoteRequest(productId: string, f: TrialFactors): QuoteRequest {
  return {
    productId,
    planCode: f.planCode,
    birthDate: f.birthDate,
    gender: f.gender,
    coveragePeriod: f.coveragePeriod,
    paymentPeriod: f.paymentPeriod,
    socialInsurance: f.socialInsurance,
  }
}

/** The purchase flow's entry (/specialNotify) with the chosen factors; the query string is the contract. */
export function purchasePath(productId: string, f: TrialFactors): string {
  return specialNotifyHref({
    productId,
    plan: f.planCode,
    coveragePeriod: f.coveragePeriod,
    paymentPeriod: f.paymentPeriod,
    birthDate: f.birthDate,
    gender: f.gender,
    socialInsurance: f.socialInsurance,
  })
}
