// The statistics of an A/B test (docs/analytics.md#ab-tests). The test is stated once, here:
// - a fixed-horizon, two-sided, pooled two-proportion z-test of each variant against the control A at α = 0.05;
// - with more than two variants, Bonferroni: each of the m = variants − 1 comparisons at α / m;
// - the horizon: the visitors each variant needs (power 0.8 to find the smallest relative effect worth finding
//   from the baseline rate), computed when the test is created and stored with it;
// - per variant the Wilson 95 % interval of its rate; per comparison the (Wald, unpooled) interval of the
//   difference at the same 1 − α / m level as the test (95 % with two variants);
// - a verdict only once every variant has reached the horizon. Before it the numbers are shown without one:
//   reading the p-value again and again as data arrive and stopping at the first p < 0.05 ("peeking") makes a
//   false winner far likelier than 5 %; a fixed horizon read once keeps the error at α.

export const ALPHA = 0.05
export const POWER = 0.8

/**
 * erfc(x) to a relative error of about 1e-11: below 3 from erf's series e^{-x²} Σ 2ⁿ x^{2n+1} / (2n+1)!! (all
 * terms positive, no cancellation), from 3 up from its continued fraction (which keeps small tails exact, so tiny
 * p-values keep their digits).
 */
function erfc(x: number): number {
  if (x < 0) return 2 - erfc(-x)
  if (x < 3) {
    let term = x
    let sum = x
    for (let n = 1; term > 1e-17 * sum; n++) {
      term *= (2 * x * x) / (2 * n + 1)
      sum += term
    }
    return 1 - (2 / Math.sqrt(Math.PI)) * Math.exp(-x * x) * sum
  }
  let fraction = x
  for (let n = 80; n >= 1; n--) fraction = x + n / 2 / fraction
  return Math.exp(-x * x) / (Math.sqrt(Math.PI) * fraction)
}

/** Φ(x), the standard normal distribution function. */
export const normalCdf = (x: number) => 0.5 * erfc(-x / Math.SQRT2)

/** The probability beyond |z| on both sides: 2 (1 − Φ(|z|)). */
export const twoSidedP = (z: number) => erfc(Math.abs(z) / Math.SQRT2)

/**
 * Φ⁻¹(p), the standard normal quantile (Acklam's rational approximation, then one Halley step against Φ:
 * accurate to about 1e-12).
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`quantile of ${p}`)
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ]
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572]
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ]
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416]
  const low = 0.02425
  let x: number
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p))
    x =
      (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
  } else if (p <= 1 - low) {
    const q = p - 0.5
    const r = q * q
    x =
      ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
      (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p))
    x =
      -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
  }
  const e = normalCdf(x) - p
  const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2)
  return x - u / (1 + (x * u) / 2)
}

/** Comparisons with the control of a test of `variants` variants (Bonferroni's m). */
export const comparisonsOf = (variants: number) => Math.max(1, variants - 1)

/** The two-sided critical z of one comparison among m: Φ⁻¹(1 − α / (2m)). */
export const criticalZ = (comparisons = 1, alpha = ALPHA) => normalQuantile(1 - alpha / (2 * comparisons))

export interface HorizonInput {
  /** The goal rate expected of the control, 0 < p < 1. */
  baselineRate: number
  /** The smallest relative change worth finding (0.1 = +10 % of the baseline rate). */
  minEffect: number
  /** How many variants (Bonferroni over variants − 1 comparisons). */
  variants?: number
  alpha?: number
  power?: number
}

/** Why a horizon cannot be computed (a Chinese message naming the field), or null. */
export function horizonProblem({
  baselineRate,
  minEffect,
}: HorizonInput): { field: string; message: string } | null {
  if (!(baselineRate > 0 && baselineRate < 1))
    return { field: 'baselineRate', message: '基准转化率须大于 0 且小于 100%' }
  if (!(minEffect > 0)) return { field: 'minEffect', message: '最小可检测提升须大于 0' }
  if (!(baselineRate * (1 + minEffect) < 1))
    return { field: 'minEffect', message: '基准转化率提升后须小于 100%，请调小最小可检测提升' }
  return null
}

/**
 * Visitors per variant for the fixed horizon: to detect p1 → p2 = p1 (1 + effect) with a two-sided pooled
 * two-proportion z-test at α (over m comparisons: α / m) with the given power,
 * n = (z_{α/2m} √(2 p̄ (1 − p̄)) + z_β √(p1 (1 − p1) + p2 (1 − p2)))² / (p2 − p1)², p̄ = (p1 + p2) / 2, rounded up.
 */
export function sampleSizePerVariant(input: HorizonInput): number {
  const problem = horizonProblem(input)
  if (problem) throw new RangeError(problem.message)
  const { baselineRate: p1, minEffect, variants = 2, alpha = ALPHA, power = POWER } = input
  const p2 = p1 * (1 + minEffect)
  const mean = (p1 + p2) / 2
  const zAlpha = criticalZ(comparisonsOf(variants), alpha)
  const zBeta = normalQuantile(power)
  const root = zAlpha * Math.sqrt(2 * mean * (1 - mean)) + zBeta * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))
  // A hair below an integer is that integer (floating point), not one more visitor.
  return Math.ceil((root * root) / ((p2 - p1) * (p2 - p1)) - 1e-9)
}

export interface Interval {
  low: number
  high: number
}

/** The Wilson score interval of x successes in n (95 % by default); [0, 1] for n = 0. */
export function wilsonInterval(x: number, n: number, z = criticalZ()): Interval {
  if (n <= 0) return { low: 0, high: 1 }
  const p = x / n
  const z2 = z * z
  const denominator = 1 + z2 / n
  const center = (p + z2 / (2 * n)) / denominator
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))
  return { low: Math.max(0, center - half), high: Math.min(1, center + half) }
}

export interface ZTest {
  /** (p2 − p1) / se with the pooled rate; 0 when there is no variance (no visitors, or all or none converted). */
  z: number
  /** Two-sided. */
  p: number
}

/** The pooled two-proportion z-test of x2/n2 against x1/n1. */
export function twoProportionZTest(x1: number, n1: number, x2: number, n2: number): ZTest {
  if (n1 <= 0 || n2 <= 0) return { z: 0, p: 1 }
  const pooled = (x1 + x2) / (n1 + n2)
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
  if (!(se > 0)) return { z: 0, p: 1 }
  const z = (x2 / n2 - x1 / n1) / se
  return { z, p: Math.min(1, twoSidedP(z)) }
}

/** The Wald interval of p2 − p1 (unpooled standard error) at the critical z given. */
export function differenceInterval(
  x1: number,
  n1: number,
  x2: number,
  n2: number,
  z = criticalZ(),
): Interval {
  if (n1 <= 0 || n2 <= 0) return { low: -1, high: 1 }
  const p1 = x1 / n1
  const p2 = x2 / n2
  const se = Math.sqrt((p1 * (1 - p1)) / n1 + (p2 * (1 - p2)) / n2)
  return { low: Math.max(-1, p2 - p1 - z * se), high: Math.min(1, p2 - p1 + z * se) }
}

export interface VariantCounts {
  key: string
  /** Visitors exposed to the variant. */
  visitors: number
  /** Of them, those who reached the goal after their exposure. */
  conversions: number
}

export interface VariantResult extends VariantCounts {
  rate: number
  /** Wilson 95 %. */
  rateInterval: Interval
  /** visitors / horizon, at most 1. */
  progress: number
  /** Against the control (absent for the control itself). */
  comparison?: {
    difference: number
    /** At 1 − α / m (95 % with one comparison). */
    differenceInterval: Interval
    relativeLift: number | null
    z: number
    p: number
    /** p < α / m; null before the horizon (no verdict is read from interim numbers). */
    significant: boolean | null
  }
}

export type Verdict =
  /** Some variant has not reached the horizon: 数据收集中. */
  | { state: 'collecting' }
  /** 胜出: the best variant significantly better than the control, or the control when every other is worse. */
  | { state: 'winner'; winner: string }
  /** 无显著差异. */
  | { state: 'no-difference' }

export interface TestResult {
  horizon: number
  comparisons: number
  /** The per-comparison significance level α / m. */
  alpha: number
  /** Level of the difference intervals (1 − α / m). */
  differenceLevel: number
  /** The least variant's progress to the horizon, 0..1. */
  progress: number
  reachedHorizon: boolean
  variants: VariantResult[]
  verdict: Verdict
}

/**
 * The results of a test: every variant against the first (the control). The verdict is read only once every
 * variant reached `horizon` visitors.
 */
export function analyzeTest(counts: readonly VariantCounts[], horizon: number, alpha = ALPHA): TestResult {
  const comparisons = comparisonsOf(counts.length)
  const level = alpha / comparisons
  const zCritical = criticalZ(comparisons, alpha)
  const rateZ = criticalZ(1, alpha)
  const reachedHorizon = counts.length > 0 && counts.every((c) => c.visitors >= horizon)
  const control = counts[0]
  const variants: VariantResult[] = counts.map((c, i) => {
    const rate = c.visitors > 0 ? c.conversions / c.visitors : 0
    const result: VariantResult = {
      ...c,
      rate,
      rateInterval: wilsonInterval(c.conversions, c.visitors, rateZ),
      progress: horizon > 0 ? Math.min(1, c.visitors / horizon) : 1,
    }
    if (i > 0 && control) {
      const test = twoProportionZTest(control.conversions, control.visitors, c.conversions, c.visitors)
      const controlRate = control.visitors > 0 ? control.conversions / control.visitors : 0
      result.comparison = {
        difference: rate - controlRate,
        differenceInterval: differenceInterval(
          control.conversions,
          control.visitors,
          c.conversions,
          c.visitors,
          zCritical,
        ),
        relativeLift: controlRate > 0 ? rate / controlRate - 1 : null,
        z: test.z,
        p: test.p,
        significant: reachedHorizon ? test.p < level : null,
      }
    }
    return result
  })
  return {
    horizon,
    comparisons,
    alpha: level,
    differenceLevel: 1 - level,
    progress: variants.length ? Math.min(...variants.map((v) => v.progress)) : 0,
    reachedHorizon,
    variants,
    verdict: reachedHorizon ? verdictOf(variants) : { state: 'collecting' },
  }
}

function verdictOf(variants: readonly VariantResult[]): Verdict {
  const challengers = variants.slice(1)
  const better = challengers
    .filter((v) => v.comparison?.significant && v.comparison.difference > 0)
    .sort((a, b) => b.rate - a.rate)
  if (better.length) return { state: 'winner', winner: better[0].key }
  const allWorse =
    challengers.length > 0 &&
    challengers.every((v) => v.comparison?.significant && v.comparison.difference < 0)
  if (allWorse && variants[0]) return { state: 'winner', winner: variants[0].key }
  return { state: 'no-difference' }
}

/**
 * Sample ratio mismatch: the p-value of Pearson's chi-square test that the visitors split as the weights say
 * (k − 1 degrees of freedom, 1 to 3, in closed form). A very small value (below 0.001) means the assignment or the
 * counting is broken (a cache serving one variant to everyone, events lost for one variant): the results are
 * not to be trusted. Null without visitors.
 */
export function sampleRatioP(visitors: readonly number[], weights: readonly number[]): number | null {
  const total = visitors.reduce((a, b) => a + b, 0)
  const weightSum = weights.reduce((a, b) => a + b, 0)
  if (total <= 0 || weightSum <= 0 || visitors.length !== weights.length || visitors.length < 2) return null
  const chi2 = visitors.reduce((sum, observed, i) => {
    const expected = (total * weights[i]) / weightSum
    return sum + (observed - expected) ** 2 / expected
  }, 0)
  return chiSquareTail(chi2, visitors.length - 1)
}

/** P(χ²_k > x) for k = 1, 2, 3. */
export function chiSquareTail(x: number, k: number): number {
  if (x <= 0) return 1
  if (k === 1) return erfc(Math.sqrt(x / 2))
  if (k === 2) return Math.exp(-x / 2)
  if (k === 3) return erfc(Math.sqrt(x / 2)) + Math.sqrt((2 * x) / Math.PI) * Math.exp(-x / 2)
  throw new RangeError(`chi-square with ${k} degrees of freedom`)
}
