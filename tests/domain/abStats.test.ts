import { describe, expect, it } from 'vitest'
import {
  analyzeTest,
  criticalZ,
  differenceInterval,
  horizonProblem,
  chiSquareTail,
  normalCdf,
  normalQuantile,
  sampleRatioP,
  sampleSizePerVariant,
  twoProportionZTest,
  wilsonInterval,
} from '../../src/domain/abStats'

// The A/B test's statistics against values computed independently (Python's statistics.NormalDist and the
// textbook formulas, as statsmodels' proportions_ztest(…, prop_var=False) and proportion_confint(method='wilson')
// compute them).

describe('the normal distribution', () => {
  it('Φ and Φ⁻¹ at known points', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 9)
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 7)
    expect(normalCdf(-1)).toBeCloseTo(0.15865525393145707, 7)
    expect(normalQuantile(0.975)).toBeCloseTo(1.9599639845400536, 8)
    expect(normalQuantile(0.8)).toBeCloseTo(0.8416212335729144, 8)
    expect(normalQuantile(1 - 0.05 / 4)).toBeCloseTo(2.2414027276049464, 8)
    expect(normalQuantile(1e-6)).toBeCloseTo(-4.753424308822899, 6)
    expect(() => normalQuantile(1)).toThrow(RangeError)
  })

  it('Bonferroni: the critical z of 1, 2 and 3 comparisons', () => {
    expect(criticalZ(1)).toBeCloseTo(1.959964, 6)
    expect(criticalZ(2)).toBeCloseTo(2.241403, 6)
    expect(criticalZ(3)).toBeCloseTo(2.39398, 6)
  })
})

describe('the horizon (visitors per variant, α = 0.05 two-sided, power 0.8)', () => {
  it('10 % → 12 % needs 3,841 per variant (3840.85 rounded up)', () => {
    expect(sampleSizePerVariant({ baselineRate: 0.1, minEffect: 0.2 })).toBe(3841)
  })

  it('5 % → 5.5 % needs 31,234; 2 % → 3 % needs 3,826; 50 % → 55 % needs 1,565', () => {
    expect(sampleSizePerVariant({ baselineRate: 0.05, minEffect: 0.1 })).toBe(31234)
    expect(sampleSizePerVariant({ baselineRate: 0.02, minEffect: 0.5 })).toBe(3826)
    expect(sampleSizePerVariant({ baselineRate: 0.5, minEffect: 0.1 })).toBe(1565)
  })

  it('three variants test two comparisons at α/2: 10 % → 12 % needs 4,652', () => {
    expect(sampleSizePerVariant({ baselineRate: 0.1, minEffect: 0.2, variants: 3 })).toBe(4652)
  })

  it('refuses a baseline outside (0, 1), no effect, or a target rate of 100 % or more', () => {
    expect(horizonProblem({ baselineRate: 0, minEffect: 0.1 })?.field).toBe('baselineRate')
    expect(horizonProblem({ baselineRate: 0.1, minEffect: 0 })?.field).toBe('minEffect')
    expect(horizonProblem({ baselineRate: 0.6, minEffect: 1 })?.field).toBe('minEffect')
    expect(() => sampleSizePerVariant({ baselineRate: 0.6, minEffect: 1 })).toThrow(RangeError)
  })
})

describe('the tests and intervals', () => {
  it('the pooled two-proportion z-test: 200/1000 vs 250/1000 → z 2.6774, p 0.00742', () => {
    const { z, p } = twoProportionZTest(200, 1000, 250, 1000)
    expect(z).toBeCloseTo(2.677397763, 6)
    expect(p).toBeCloseTo(0.0074196493, 6)
  })

  it('120/1000 vs 150/1000 → z 1.9630, p 0.0496 (just significant at 0.05)', () => {
    const { z, p } = twoProportionZTest(120, 1000, 150, 1000)
    expect(z).toBeCloseTo(1.963049808, 6)
    expect(p).toBeCloseTo(0.0496403869, 6)
  })

  it('no variance (nobody or everybody converted, no visitors): z 0, p 1', () => {
    expect(twoProportionZTest(0, 100, 0, 100)).toEqual({ z: 0, p: 1 })
    expect(twoProportionZTest(100, 100, 100, 100)).toEqual({ z: 0, p: 1 })
    expect(twoProportionZTest(0, 0, 1, 10)).toEqual({ z: 0, p: 1 })
  })

  it('Wilson 95 %: 200/1000 → [0.17638, 0.22592]; 0/50 → [0, 0.07135]; 50/50 → [0.92865, 1]; 1/10', () => {
    const a = wilsonInterval(200, 1000)
    expect(a.low).toBeCloseTo(0.1763770904, 7)
    expect(a.high).toBeCloseTo(0.2259189646, 7)
    const none = wilsonInterval(0, 50)
    expect(none.low).toBeCloseTo(0, 9)
    expect(none.high).toBeCloseTo(0.0713475991, 7)
    const all = wilsonInterval(50, 50)
    expect(all.low).toBeCloseTo(0.9286524009, 7)
    expect(all.high).toBeCloseTo(1, 9)
    const one = wilsonInterval(1, 10)
    expect(one.low).toBeCloseTo(0.0178762131, 7)
    expect(one.high).toBeCloseTo(0.4041500268, 7)
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 })
  })

  it('the interval of the difference: 250/1000 − 200/1000 → [0.01346, 0.08654]', () => {
    const d = differenceInterval(200, 1000, 250, 1000)
    expect(d.low).toBeCloseTo(0.0134636217, 7)
    expect(d.high).toBeCloseTo(0.0865363783, 7)
  })
})

describe('analyzeTest: a verdict only at the horizon', () => {
  it('before the horizon: 数据收集中, the numbers but no significance, progress of the slowest variant', () => {
    const result = analyzeTest(
      [
        { key: 'A', visitors: 1000, conversions: 100 },
        { key: 'B', visitors: 800, conversions: 160 },
      ],
      3841,
    )
    expect(result.verdict).toEqual({ state: 'collecting' })
    expect(result.reachedHorizon).toBe(false)
    expect(result.progress).toBeCloseTo(800 / 3841, 9)
    expect(result.variants[1].comparison?.significant).toBeNull()
    // The interim numbers are there (p is tiny) but read as nothing.
    expect(result.variants[1].comparison?.p).toBeLessThan(0.001)
  })

  it('at the horizon: B wins when significantly better', () => {
    const result = analyzeTest(
      [
        { key: 'A', visitors: 1000, conversions: 200 },
        { key: 'B', visitors: 1000, conversions: 250 },
      ],
      1000,
    )
    expect(result.verdict).toEqual({ state: 'winner', winner: 'B' })
    expect(result.variants[1].comparison).toMatchObject({ significant: true })
    expect(result.variants[1].comparison?.relativeLift).toBeCloseTo(0.25, 9)
    expect(result.differenceLevel).toBeCloseTo(0.95, 9)
  })

  it('at the horizon: 无显著差异 when p ≥ α', () => {
    const result = analyzeTest(
      [
        { key: 'A', visitors: 1000, conversions: 200 },
        { key: 'B', visitors: 1000, conversions: 215 },
      ],
      1000,
    )
    expect(result.verdict).toEqual({ state: 'no-difference' })
  })

  it('the control wins when every challenger is significantly worse', () => {
    const result = analyzeTest(
      [
        { key: 'A', visitors: 1000, conversions: 250 },
        { key: 'B', visitors: 1000, conversions: 200 },
      ],
      1000,
    )
    expect(result.verdict).toEqual({ state: 'winner', winner: 'A' })
  })

  it('three variants: Bonferroni at 0.025; p = 0.0496 is no longer significant', () => {
    const result = analyzeTest(
      [
        { key: 'A', visitors: 1000, conversions: 120 },
        { key: 'B', visitors: 1000, conversions: 150 },
        { key: 'C', visitors: 1000, conversions: 121 },
      ],
      1000,
    )
    expect(result.comparisons).toBe(2)
    expect(result.alpha).toBeCloseTo(0.025, 12)
    expect(result.variants[1].comparison?.significant).toBe(false)
    expect(result.verdict).toEqual({ state: 'no-difference' })
    // The interval of the difference widens with it (z 2.2414) and so holds 0.
    expect(result.variants[1].comparison?.differenceInterval.low).toBeLessThan(0)
  })

  it('of two significantly better variants the better one wins', () => {
    const result = analyzeTest(
      [
        { key: 'A', visitors: 2000, conversions: 200 },
        { key: 'B', visitors: 2000, conversions: 300 },
        { key: 'C', visitors: 2000, conversions: 340 },
      ],
      2000,
    )
    expect(result.verdict).toEqual({ state: 'winner', winner: 'C' })
  })
})

describe('sample ratio mismatch', () => {
  it('the chi-square tail at the 95th percentiles of 1, 2 and 3 degrees of freedom is 0.05', () => {
    expect(chiSquareTail(3.841458820694124, 1)).toBeCloseTo(0.05, 9)
    expect(chiSquareTail(5.991464547107979, 2)).toBeCloseTo(0.05, 9)
    expect(chiSquareTail(7.814727903251178, 3)).toBeCloseTo(0.05, 9)
    expect(chiSquareTail(0, 1)).toBe(1)
  })

  it('5,200 against 4,800 on a 50/50 split: χ² 16, p 6.33e-5 (broken); 5,030 against 4,970 is fine', () => {
    expect(sampleRatioP([5200, 4800], [50, 50])).toBeCloseTo(6.334248366623977e-5, 12)
    expect(sampleRatioP([5030, 4970], [50, 50])).toBeGreaterThan(0.5)
    expect(sampleRatioP([0, 0], [50, 50])).toBeNull()
  })
})
