// A/B tests of a published page (docs/analytics.md#ab-tests): which variant a visitor sees, and what a test's
// variants and goal may be. Pure: the server assigns with it, the studio checks a form with it.

/** Variant keys in order: A is the control. */
export const VARIANT_KEYS = ['A', 'B', 'C', 'D'] as const
export type VariantKey = (typeof VARIANT_KEYS)[number]
export const CONTROL: VariantKey = 'A'
export const MIN_VARIANTS = 2
export const MAX_VARIANTS = VARIANT_KEYS.length
/** Buckets a visitor falls into (weights are whole percents: each percent is 100 buckets). */
export const BUCKETS = 10_000
export const MAX_LABEL_LENGTH = 20

export interface Variant {
  key: string
  /** A version of the page (studio_page_versions). */
  version: number
  /** Percent of the visitors, a whole number; the weights of a test sum to 100. */
  weight: number
  label: string
}

export type ExperimentGoal = { kind: 'click'; blockId: string } | { kind: 'draw' } | { kind: 'paid' }

export const GOAL_NAMES: Record<ExperimentGoal['kind'], string> = {
  click: '点击模块',
  draw: '参与抽奖',
  paid: '支付订单',
}

/** A problem with a test's settings: the field (as the API names it) and a Chinese message. */
export interface VariantProblem {
  field: string
  message: string
}

const encoder = new TextEncoder()

/** FNV-1a, 32 bits, of the text's UTF-8 bytes. */
export function fnv1a32(text: string): number {
  let h = 0x811c9dc5
  for (const byte of encoder.encode(text)) {
    h ^= byte
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/**
 * FNV-1a then murmur3's finalizer, so that every bit of the result depends on every bit of the input (plain
 * FNV-1a's low bits mix poorly, and the bucket is taken from them).
 */
export function hash32(text: string): number {
  let h = fnv1a32(text)
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** The visitor's bucket in a test, 0..BUCKETS-1: the same for the same test and visitor, wherever computed. */
export const bucketOf = (experimentId: string, visitor: string) =>
  hash32(`${experimentId}:${visitor}`) % BUCKETS

/**
 * The variant a visitor sees: their bucket against the cumulative weights (A takes the first weight × 100
 * buckets, B the next…). Deterministic, hence sticky without storing anything; a different test id shuffles the
 * visitors anew, so two tests' assignments are independent.
 */
export function assignVariant(
  experimentId: string,
  visitor: string,
  variants: readonly Pick<Variant, 'key' | 'weight'>[],
): string {
  const bucket = bucketOf(experimentId, visitor)
  let upTo = 0
  for (const variant of variants) {
    upTo += variant.weight * (BUCKETS / 100)
    if (bucket < upTo) return variant.key
  }
  // Weights summing to less than 100 (never valid): the rest is the control's.
  return variants[0]?.key ?? CONTROL
}

/**
 * What is wrong with a test's variants (empty when nothing): 2 to 4 variants keyed A, B, C, D in that order,
 * whole weights of at least 1 summing to 100, distinct versions, labels of at most 20 characters.
 */
export function variantProblems(variants: readonly Variant[]): VariantProblem[] {
  const problems: VariantProblem[] = []
  if (variants.length < MIN_VARIANTS || variants.length > MAX_VARIANTS)
    problems.push({
      field: 'variants',
      message: `需要 ${MIN_VARIANTS}～${MAX_VARIANTS} 个版本（A 为对照组），现有 ${variants.length} 个`,
    })
  const seen = new Map<number, string>()
  variants.forEach((variant, i) => {
    const at = `variants/${i}`
    const expected = VARIANT_KEYS[i]
    if (variant.key !== expected)
      problems.push({
        field: `${at}/key`,
        message: `第 ${i + 1} 个版本的代号应为 ${expected ?? '（超出 D）'}`,
      })
    if (!Number.isInteger(variant.weight) || variant.weight < 1 || variant.weight > 99)
      problems.push({ field: `${at}/weight`, message: `版本 ${variant.key} 的流量须为 1～99 的整数（%）` })
    if (!Number.isInteger(variant.version) || variant.version < 1)
      problems.push({ field: `${at}/version`, message: `版本 ${variant.key} 须选择页面的一个版本` })
    else {
      const other = seen.get(variant.version)
      if (other)
        problems.push({
          field: `${at}/version`,
          message: `版本 ${variant.key} 与 ${other} 是同一个页面版本（v${variant.version}），各组须是不同的版本`,
        })
      else seen.set(variant.version, variant.key)
    }
    if (variant.label.length > MAX_LABEL_LENGTH)
      problems.push({
        field: `${at}/label`,
        message: `版本 ${variant.key} 的名称不能超过 ${MAX_LABEL_LENGTH} 个字`,
      })
  })
  const total = variants.reduce((sum, v) => sum + v.weight, 0)
  if (variants.length && total !== 100)
    problems.push({ field: 'variants', message: `各版本流量之和须为 100%，现为 ${total}%` })
  return problems
}

/** Block ids of events (the block's id, else `<type>-<index>`): the pattern a click goal's block must match. */
export const BLOCK_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

/** What is wrong with a goal (empty when nothing). */
export function goalProblems(goal: ExperimentGoal): VariantProblem[] {
  if (goal.kind === 'click' && !BLOCK_ID_PATTERN.test(goal.blockId))
    return [{ field: 'goal/blockId', message: '点击目标须选择一个模块' }]
  return []
}

/** The goal in words: 点击模块 banner-1 / 参与抽奖 / 支付订单. */
export const goalText = (goal: ExperimentGoal) =>
  goal.kind === 'click' ? `${GOAL_NAMES.click} ${goal.blockId}` : GOAL_NAMES[goal.kind]

/**
 * The block ids of a config's top-level blocks, as events name them (the block's `id` when it has a valid one,
 * else `<type>-<index>`), with a short description: what a click goal may pick.
 */
export function trackedBlocks(config: { blocks?: unknown }): { id: string; type: string; index: number }[] {
  const blocks = Array.isArray(config.blocks) ? (config.blocks as unknown[]) : []
  return blocks.flatMap((block, index) => {
    if (typeof block !== 'object' || block === null) return []
    const { id, type } = block as { id?: unknown; type?: unknown }
    const kind = typeof type === 'string' ? type : 'block'
    const own = typeof id === 'string' && BLOCK_ID_PATTERN.test(id) ? id : null
    return [{ id: own ?? `${kind}-${index}`, type: kind, index }]
  })
}
