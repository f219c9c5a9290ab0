import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  assignVariant,
  bucketOf,
  BUCKETS,
  fnv1a32,
  goalProblems,
  hash32,
  trackedBlocks,
  variantProblems,
  type Variant,
} from '../../src/domain/experiments'

// Which variant a visitor sees (a deterministic hash: sticky, uniform, independent between tests) and what a
// test's variants and goal may be.

const variants = (weights: number[]): Variant[] =>
  weights.map((weight, i) => ({ key: 'ABCD'[i], version: i + 1, weight, label: '' }))

/** 100,000 random visitor ids as the aid cookie makes them. */
const visitors = Array.from({ length: 100_000 }, () => randomBytes(16).toString('base64url'))

function split(experimentId: string, list: Variant[]) {
  const counts: Record<string, number> = {}
  for (const visitor of visitors) {
    const key = assignVariant(experimentId, visitor, list)
    counts[key] = (counts[key] ?? 0) + 1
  }
  return counts
}

describe('the hash', () => {
  it('is FNV-1a 32 (the published test vectors) over UTF-8 bytes', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5)
    expect(fnv1a32('a')).toBe(0xe40c292c)
    expect(fnv1a32('foobar')).toBe(0xbf9cf968)
    expect(fnv1a32('页面')).not.toBe(fnv1a32('页'))
  })

  it('is pinned: a change would reshuffle the visitors of every running test', () => {
    expect(hash32('exp-1:visitor')).toBe(409979177)
    expect(hash32('页面')).toBe(480497673)
    expect(bucketOf('exp-1', 'AAAAAAAAAAAAAAAAAAAAAA')).toBe(3240)
  })
})

describe('assignVariant', () => {
  it('is sticky: the same test and visitor give the same variant, every time', () => {
    const list = variants([50, 50])
    for (const visitor of visitors.slice(0, 1000))
      expect(assignVariant('exp-1', visitor, list)).toBe(assignVariant('exp-1', visitor, list))
  })

  it('splits 100k visitors 50/50 within ±1 %', () => {
    const counts = split('exp-even', variants([50, 50]))
    expect(Math.abs(counts.A / visitors.length - 0.5)).toBeLessThan(0.01)
    expect(Math.abs(counts.B / visitors.length - 0.5)).toBeLessThan(0.01)
  })

  it('follows uneven weights (10/20/30/40) within ±1 %', () => {
    const counts = split('exp-uneven', variants([10, 20, 30, 40]))
    const share = (key: string) => (counts[key] ?? 0) / visitors.length
    expect(Math.abs(share('A') - 0.1)).toBeLessThan(0.01)
    expect(Math.abs(share('B') - 0.2)).toBeLessThan(0.01)
    expect(Math.abs(share('C') - 0.3)).toBeLessThan(0.01)
    expect(Math.abs(share('D') - 0.4)).toBeLessThan(0.01)
  })

  it('gives a 1 % variant about 1 %', () => {
    const counts = split('exp-small', variants([99, 1]))
    expect(Math.abs(counts.B / visitors.length - 0.01)).toBeLessThan(0.002)
  })

  it('spreads buckets uniformly over 0..9999 (chi-square over 100 cells)', () => {
    const cells = new Array<number>(100).fill(0)
    for (const visitor of visitors) cells[Math.floor((bucketOf('exp-u', visitor) / BUCKETS) * 100)]++
    const expected = visitors.length / 100
    const chi2 = cells.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0)
    // 99 degrees of freedom: the 99.9th percentile is about 148.
    expect(chi2).toBeLessThan(148)
  })

  it('assigns two tests independently (the same visitor is reshuffled)', () => {
    const list = variants([50, 50])
    let same = 0
    for (const visitor of visitors)
      if (assignVariant('t1', visitor, list) === assignVariant('t2', visitor, list)) same++
    expect(Math.abs(same / visitors.length - 0.5)).toBeLessThan(0.01)
  })

  it('sequential ids (not random) are spread too', () => {
    const list = variants([50, 50])
    let a = 0
    for (let i = 0; i < 20_000; i++) if (assignVariant('exp-seq', `visitor-${i}`, list) === 'A') a++
    expect(Math.abs(a / 20_000 - 0.5)).toBeLessThan(0.015)
  })
})

describe('variantProblems', () => {
  it('accepts 2 to 4 variants A..D with distinct versions and weights summing to 100', () => {
    expect(variantProblems(variants([50, 50]))).toEqual([])
    expect(variantProblems(variants([25, 25, 25, 25]))).toEqual([])
    expect(variantProblems(variants([98, 1, 1]))).toEqual([])
  })

  it('refuses one variant, five, wrong keys, weights not summing to 100, zero or fractional weights', () => {
    expect(variantProblems(variants([100])).map((p) => p.field)).toContain('variants')
    const five = [...variants([20, 20, 20, 20]), { key: 'E', version: 9, weight: 20, label: '' }]
    expect(variantProblems(five).map((p) => p.field)).toEqual(['variants', 'variants/4/key'])
    expect(
      variantProblems([
        { key: 'B', version: 1, weight: 50, label: '' },
        { key: 'A', version: 2, weight: 50, label: '' },
      ]).map((p) => p.field),
    ).toEqual(['variants/0/key', 'variants/1/key'])
    expect(variantProblems(variants([50, 40]))).toEqual([
      { field: 'variants', message: '各版本流量之和须为 100%，现为 90%' },
    ])
    expect(variantProblems(variants([100, 0])).map((p) => p.field)).toEqual([
      'variants/0/weight',
      'variants/1/weight',
    ])
    expect(variantProblems(variants([50.5, 49.5])).map((p) => p.field)).toEqual([
      'variants/0/weight',
      'variants/1/weight',
    ])
  })

  it('refuses the same version twice, naming both variants', () => {
    const list = variants([50, 50])
    list[1].version = 1
    expect(variantProblems(list)).toEqual([
      { field: 'variants/1/version', message: '版本 B 与 A 是同一个页面版本（v1），各组须是不同的版本' },
    ])
  })
})

describe('goals and blocks', () => {
  it('a click goal names a block id', () => {
    expect(goalProblems({ kind: 'click', blockId: 'banner-0' })).toEqual([])
    expect(goalProblems({ kind: 'click', blockId: '' })).toHaveLength(1)
    expect(goalProblems({ kind: 'paid' })).toEqual([])
  })

  it('names top-level blocks as events do: their id, else type-index', () => {
    expect(
      trackedBlocks({
        blocks: [
          { type: 'title', text: 'x' },
          { type: 'banner', id: 'hero' },
          { type: 'markdown', id: 'bad id!' },
        ],
      }),
    ).toEqual([
      { id: 'title-0', type: 'title', index: 0 },
      { id: 'hero', type: 'banner', index: 1 },
      { id: 'markdown-2', type: 'markdown', index: 2 },
    ])
    expect(trackedBlocks({})).toEqual([])
  })
})
