// Builds premium tables (the PremiumRate rows of the contract) from a few pricing parameters, so the
// 30 demo products get consistent, realistic-looking tables without hand-typing thousands of numbers.

import type { PremiumRate } from '../../../src/types/generated/api/catalog'

export type RateRow = PremiumRate

export type Pricing =
  /** One price for everyone, per coverage period (accident, travel, property). */
  | { kind: 'flat'; byCoveragePeriod: Record<string, number> }
  /** Yearly renewable medical: age bands, with and without social insurance. */
  | { kind: 'medical'; baseFen: number }
  /** Long-term products priced by age and gender, per payment period. */
  | { kind: 'level'; baseFen: number; femaleFactor: number; ageSlope: number }

const MEDICAL_BANDS: [number, number, number][] = [
  [0, 4, 1.9],
  [5, 10, 1.0],
  [11, 17, 0.8],
  [18, 30, 0.9],
  [31, 40, 1.35],
  [41, 45, 2.1],
  [46, 50, 2.9],
  [51, 55, 4.0],
  [56, 60, 5.3],
  [61, 65, 7.2],
  [66, 70, 9.6],
]

// More years to pay means a smaller premium each time; single payment is the whole price at once.
const PAYMENT_FACTORS: Record<string, number> = {
  single: 8.5,
  '1': 1,
  '5': 2.1,
  '10': 1.15,
  '15': 0.85,
  '20': 0.68,
  '30': 0.52,
}

const round = (fen: number) => Math.max(100, Math.round(fen / 100) * 100)

function bands(ageMin: number, ageMax: number, width: number): [number, number][] {
  const out: [number, number][] = []
  for (let start = ageMin; start <= ageMax; start = start - (start % width) + width) {
    out.push([start, Math.min(ageMax, start - (start % width) + width - 1)])
  }
  return out
}

export function buildRates(
  pricing: Pricing,
  ages: { min: number; max: number },
  coveragePeriods: string[],
  paymentPeriods: string[],
): RateRow[] {
  if (pricing.kind === 'flat') {
    return coveragePeriods.flatMap((coveragePeriod) =>
      paymentPeriods.map((paymentPeriod) => ({
        ageMin: ages.min,
        ageMax: ages.max,
        gender: 'ANY' as const,
        coveragePeriod,
        paymentPeriod,
        socialInsurance: 'ANY' as const,
        premiumFen:
          pricing.byCoveragePeriod[coveragePeriod] ?? round(pricing.byCoveragePeriod[coveragePeriods[0]]),
      })),
    )
  }
  if (pricing.kind === 'medical') {
    const rows: RateRow[] = []
    for (const [lo, hi, factor] of MEDICAL_BANDS) {
      if (hi < ages.min || lo > ages.max) continue
      for (const social of ['Y', 'N'] as const) {
        rows.push({
          ageMin: Math.max(lo, ages.min),
          ageMax: Math.min(hi, ages.max),
          gender: 'ANY',
          coveragePeriod: coveragePeriods[0],
          paymentPeriod: paymentPeriods[0],
          socialInsurance: social,
          premiumFen: round(pricing.baseFen * factor * (social === 'N' ? 1.65 : 1)),
        })
      }
    }
    return rows
  }
  const rows: RateRow[] = []
  for (const coveragePeriod of coveragePeriods) {
    const periodFactor = coveragePeriod === 'life' ? 1.35 : coveragePeriod === 'to70' ? 0.8 : 1
    for (const paymentPeriod of paymentPeriods) {
      for (const [lo, hi] of bands(ages.min, ages.max, 5)) {
        for (const gender of ['M', 'F'] as const) {
          const ageFactor = Math.pow(1 + pricing.ageSlope, lo)
          const genderFactor = gender === 'F' ? pricing.femaleFactor : 1
          rows.push({
            ageMin: lo,
            ageMax: hi,
            gender,
            coveragePeriod,
            paymentPeriod,
            socialInsurance: 'ANY',
            premiumFen: round(
              pricing.baseFen *
                ageFactor *
                genderFactor *
                periodFactor *
                (PAYMENT_FACTORS[paymentPeriod] ?? 1),
            ),
          })
        }
      }
    }
  }
  return rows
}
