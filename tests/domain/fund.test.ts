import { describe, expect, it } from 'vitest'
import { projectFund, requiredAnnualPremium, totalPremiumFen, valueAtAge } from '../../src/domain/fund'

const plan = { annualPremiumFen: 1_000_000, paymentYears: 3, entryAge: 30, toAge: 40 }

describe('fund projections', () => {
  it('compounds each year-start premium at the rate', () => {
    const rows = projectFund(plan, 0.02)
    expect(rows).toHaveLength(10)
    // Year 1: 10000 yuan * 1.02
    expect(rows[0]).toMatchObject({ policyYear: 1, age: 31, paidFen: 1_000_000, valueFen: 1_020_000 })
    // Year 3: ((10000*1.02 + 10000)*1.02 + 10000)*1.02 = 31216.08
    expect(rows[2].valueFen).toBe(3_121_608)
    expect(rows[9].paidFen).toBe(3_000_000)
    expect(rows[9].valueFen).toBe(Math.round(3_121_608.08 * 1.02 ** 7))
  })

  it('keeps guaranteed and illustrated apart: a higher rate gives more, zero rate gives premiums minus charge', () => {
    const guaranteed = projectFund(plan, 0.0175)
    const illustrated = projectFund(plan, 0.03)
    expect(illustrated[9].valueFen).toBeGreaterThan(guaranteed[9].valueFen)
    expect(projectFund({ ...plan, firstYearChargeRate: 0.05 }, 0)[9].valueFen).toBe(3_000_000 - 50_000)
  })

  it('pays payouts as a share of total premium and never below zero', () => {
    const rows = projectFund(
      { ...plan, toAge: 50, payout: { startAge: 45, endAge: 48, ratioOfTotalPremium: 0.25 } },
      0.02,
    )
    expect(rows.find((r) => r.age === 45)?.payoutFen).toBe(750_000)
    expect(rows.find((r) => r.age === 44)?.payoutFen).toBe(0)
    expect(rows.every((r) => r.valueFen >= 0)).toBe(true)
    expect(rows[rows.length - 1].totalPayoutFen).toBe(3_000_000)
  })

  it('returns nothing for an empty horizon', () => {
    expect(projectFund({ ...plan, toAge: 30 }, 0.02)).toEqual([])
    expect(totalPremiumFen(plan)).toBe(3_000_000)
  })

  it('reversal finds the smallest premium reaching the target (and the next step down does not)', () => {
    const target = { kind: 'value' as const, atAge: 40, amountFen: 50_000_000 }
    const premium = requiredAnnualPremium(plan, target, 0.0175, { stepFen: 100 })!
    expect(premium % 100).toBe(0)
    expect(
      valueAtAge(projectFund({ ...plan, annualPremiumFen: premium }, 0.0175), 40),
    ).toBeGreaterThanOrEqual(50_000_000)
    expect(valueAtAge(projectFund({ ...plan, annualPremiumFen: premium - 100 }, 0.0175), 40)).toBeLessThan(
      50_000_000,
    )
    expect(requiredAnnualPremium(plan, target, 0.03)!).toBeLessThan(premium)
  })

  it('reversal for a yearly payout, and null when the maximum premium is not enough', () => {
    const payoutPlan = { ...plan, toAge: 50, payout: { startAge: 45, endAge: 48, ratioOfTotalPremium: 0.25 } }
    expect(requiredAnnualPremium(payoutPlan, { kind: 'payout', amountFen: 1_500_000 }, 0.02)).toBe(2_000_000)
    expect(
      requiredAnnualPremium(plan, { kind: 'value', atAge: 40, amountFen: 1e12 }, 0.02, { maxFen: 1_000_000 }),
    ).toBeNull()
  })
})
