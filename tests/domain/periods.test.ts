import { describe, expect, it } from 'vitest'
import {
  coveragePeriodLabel,
  parseCoveragePeriod,
  paymentPeriodLabel,
  premiumCadenceLabel,
} from '../../src/domain/periods'

describe('period codes', () => {
  it.each([
    ['1y', '1年'],
    ['20y', '20年'],
    ['6m', '6个月'],
    ['30d', '30天'],
    ['to70', '保至70周岁'],
    ['life', '终身'],
    ['weird', 'weird'],
  ])('coverage %s reads %s', (code, label) => expect(coveragePeriodLabel(code)).toBe(label))

  it.each([
    ['single', '一次交清'],
    ['10', '10年交'],
    ['to60', '交至60周岁'],
  ])('payment %s reads %s', (code, label) => expect(paymentPeriodLabel(code)).toBe(label))

  it('rejects malformed codes', () => {
    expect(parseCoveragePeriod('0y')).toBeNull()
    expect(parseCoveragePeriod('to')).toBeNull()
  })

  it('marks yearly premiums', () => {
    expect(premiumCadenceLabel('single')).toBe('')
    expect(premiumCadenceLabel('20')).toBe('/年')
  })
})
