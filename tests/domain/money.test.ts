import { describe, expect, it } from 'vitest'
import { formatFen, parseYuan } from '../../src/domain/money'

describe('money', () => {
  it('shows fen as yuan, dropping decimals of whole yuan', () => {
    expect(formatFen(128_050)).toBe('1280.50')
    expect(formatFen(10_000)).toBe('100')
    expect(formatFen(-5)).toBe('-0.05')
  })

  it('reads typed yuan as fen without floating point, refusing what is not an amount', () => {
    const max = 1_000_000_000
    expect(parseYuan('1280', max)).toBe(128_000)
    expect(parseYuan(' 1280.5 ', max)).toBe(128_050)
    expect(parseYuan('0.29', max)).toBe(29) // 0.29 * 100 is 28.999… in floating point
    expect(parseYuan('10000000', max)).toBe(max)
    for (const bad of ['', '0', '0.00', '-1', '1.234', '1e5', '10000000.01', '１２', '12.', 'abc'])
      expect(parseYuan(bad, max), bad).toBeNull()
  })
})
