import { describe, expect, it } from 'vitest'
import { QueryLimitError, encodeQuery, parseQuery } from '../../../../src/lib/request'

describe('encodeQuery', () => {
  it('encodes scalars, arrays as repeated keys, objects in brackets, skips null/undefined', () => {
    const date = new Date('2026-11-22T00:00:00.000Z')
    expect(encodeQuery({ a: 1, b: '意外', c: [1, 2], d: { e: true }, f: null, g: undefined, h: date })).toBe(
      'a=1&b=%E6%84%8F%E5%A4%96&c=1&c=2&d%5Be%5D=true&h=2026-11-22T00%3A00%3A00.000Z',
    )
  })

  it('accepts exactly 20 array entries and refuses 21', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => i)
    expect(encodeQuery({ a: twenty }).split('&')).toHaveLength(20)
    expect(() => encodeQuery({ a: [...twenty, 20] })).toThrow(QueryLimitError)
  })

  it('accepts 5 levels of brackets and refuses 6', () => {
    const nest = (n: number): Record<string, unknown> => (n === 0 ? { v: 1 } : { n: nest(n - 1) })
    expect(encodeQuery(nest(5) as never)).toContain('v%5D=1')
    expect(() => encodeQuery(nest(6) as never)).toThrow(/depth of 5/)
  })

  it('accepts 1000 parameters and refuses 1001', () => {
    const many = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i]))
    expect(encodeQuery(many).split('&')).toHaveLength(1000)
    expect(() => encodeQuery({ ...many, extra: 1 })).toThrow(/parameterLimit of 1000/)
  })
})

describe('parseQuery', () => {
  it('round-trips what encodeQuery writes', () => {
    const params = { q: '百万 医疗', ids: ['a', 'b'], f: { insurer: 'HZ' } }
    expect(parseQuery(`?${encodeQuery(params)}`)).toEqual(params)
  })

  it('enforces the same limits', () => {
    const arr = Array.from({ length: 21 }, () => 'a=1').join('&')
    expect(() => parseQuery(arr)).toThrow(/arrayLimit/)
    expect(() => parseQuery('a[b][c][d][e][f][g]=1')).toThrow(/depth/)
    const many = Array.from({ length: 1001 }, (_, i) => `k${i}=1`).join('&')
    expect(() => parseQuery(many)).toThrow(/parameterLimit/)
  })
})
