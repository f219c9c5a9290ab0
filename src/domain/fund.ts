// Savings-type fund projections (储备金, 教育金, 锁定高收益, 养老金). All rates come from the page config;
// guaranteed and illustrated values are computed apart. Money is integer fen. Pure, no UI.

export interface FundPlan {
  /** Annual premium in fen, paid at the start of each payment year. */
  annualPremiumFen: number
  paymentYears: number
  entryAge: number
  /** Project until this age (inclusive, policy-year end). */
  toAge: number
  /** Share of the first year's premium taken as initial charge (0..0.5). */
  firstYearChargeRate?: number
  /** Yearly payout as a share of total premium, taken at the end of each year of age in [startAge, endAge]. */
  payout?: { startAge: number; endAge: number; ratioOfTotalPremium: number }
}

export interface FundYear {
  policyYear: number
  /** Age at the end of the policy year. */
  age: number
  /** Cumulative premium paid. */
  paidFen: number
  /** Payout received this year. */
  payoutFen: number
  /** Cumulative payouts. */
  totalPayoutFen: number
  /** Account (cash) value at year end after the payout. */
  valueFen: number
}

export function totalPremiumFen(plan: Pick<FundPlan, 'annualPremiumFen' | 'paymentYears'>): number {
  return plan.annualPremiumFen * plan.paymentYears
}

/** Year-by-year values at one annual rate. */
export function projectFund(plan: FundPlan, rate: number): FundYear[] {
  if (plan.toAge <= plan.entryAge) return []
  const rows: FundYear[] = []
  const total = totalPremiumFen(plan)
  let value = 0
  let paid = 0
  let totalPayout = 0
  for (let year = 1; plan.entryAge + year <= plan.toAge; year++) {
    const age = plan.entryAge + year
    if (year <= plan.paymentYears) {
      const charge = year === 1 ? plan.annualPremiumFen * (plan.firstYearChargeRate ?? 0) : 0
      value += plan.annualPremiumFen - charge
      paid += plan.annualPremiumFen
    }
    value *= 1 + rate
    let payout = 0
    if (plan.payout && age >= plan.payout.startAge && age <= plan.payout.endAge) {
      payout = Math.min(Math.round(total * plan.payout.ratioOfTotalPremium), Math.floor(value))
      value -= payout
    }
    totalPayout += payout
    rows.push({
      policyYear: year,
      age,
      paidFen: paid,
      payoutFen: payout,
      totalPayoutFen: totalPayout,
      valueFen: Math.round(value),
    })
  }
  return rows
}

/** Value at the end of the year the insured reaches `age`, or 0 outside the projection. */
export function valueAtAge(rows: readonly FundYear[], age: number): number {
  return rows.find((r) => r.age === age)?.valueFen ?? 0
}

export type ReversalTarget =
  { kind: 'value'; atAge: number; amountFen: number } | { kind: 'payout'; amountFen: number }

/**
 * The smallest annual premium (a multiple of `stepFen`) that reaches the target at `rate`, or null when even
 * `maxFen` is not enough. Values grow monotonically with the premium, so a binary search is exact.
 */
export function requiredAnnualPremium(
  plan: Omit<FundPlan, 'annualPremiumFen'>,
  target: ReversalTarget,
  rate: number,
  { stepFen = 100, maxFen = 1_000_000_000 }: { stepFen?: number; maxFen?: number } = {},
): number | null {
  const reaches = (premium: number) => {
    const candidate = { ...plan, annualPremiumFen: premium }
    if (target.kind === 'payout') {
      return plan.payout
        ? Math.round(totalPremiumFen(candidate) * plan.payout.ratioOfTotalPremium) >= target.amountFen
        : false
    }
    return valueAtAge(projectFund(candidate, rate), target.atAge) >= target.amountFen
  }
  let hi = Math.floor(maxFen / stepFen)
  if (target.amountFen <= 0) return stepFen
  if (!reaches(hi * stepFen)) return null
  let lo = 1
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2)
    if (reaches(mid * stepFen)) hi = mid
    else lo = mid + 1
  }
  return lo * stepFen
}
