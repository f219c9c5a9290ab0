import { describe, expect, it } from 'vitest'
import {
  canMove,
  claimTypesFor,
  eventDateProblem,
  isValidBankCard,
  missingDocuments,
} from '../../src/domain/claims'

const policy = { effectiveDate: '2026-01-01', endDate: '2027-01-01', waitingDays: 30 }

describe('claim window', () => {
  it('needs the event inside the cover and after the waiting period, except for accidents', () => {
    expect(eventDateProblem('2026-01-30', policy, 'medical', '2026-06-01')).toMatch(
      /等待期内（等待期至 2026-01-30）/,
    )
    expect(eventDateProblem('2026-01-31', policy, 'medical', '2026-06-01')).toBeNull()
    expect(eventDateProblem('2026-01-01', policy, 'accident', '2026-06-01')).toBeNull()
    expect(eventDateProblem('2025-12-31', policy, 'accident', '2026-06-01')).toMatch(/早于保单生效日/)
    expect(eventDateProblem('2026-12-31', policy, 'medical', '2027-02-01')).toBeNull()
    expect(eventDateProblem('2027-01-01', policy, 'medical', '2027-02-01')).toMatch(/保障至 2026-12-31/)
    expect(eventDateProblem('2026-06-02', policy, 'medical', '2026-06-01')).toBe('出险日期不能晚于今天')
    expect(eventDateProblem('2030-01-01', { ...policy, endDate: null }, 'death', '2030-01-02')).toBeNull()
  })
})

describe('bank card', () => {
  it('checks the Luhn digit of 16–19 digit cards', () => {
    expect(isValidBankCard('6222021234567890128')).toBe(true)
    expect(isValidBankCard('6222021234567890127')).toBe(false)
    expect(isValidBankCard('4111111111111111')).toBe(true)
    expect(isValidBankCard('411111111111111')).toBe(false)
    expect(isValidBankCard('41111111111111x1')).toBe(false)
  })
})

describe('claim types and documents', () => {
  it('offers the types of the product category and names what is missing', () => {
    expect(claimTypesFor('health').map((t) => t.code)).toEqual(['medical', 'critical_illness'])
    expect(claimTypesFor('unknown')).toEqual([])
    const [medical] = claimTypesFor('medical')
    expect(missingDocuments(medical, { id_card: 1, invoice: 2 })).toEqual([
      { kind: 'diagnosis', name: '诊断证明', more: 1 },
      { kind: 'discharge', name: '出院小结', more: 1 },
    ])
  })

  it('moves only along the review, and a decided claim never moves back', () => {
    expect(canMove('UNDER_REVIEW', 'NEED_SUPPLEMENT')).toBe(true)
    expect(canMove('NEED_SUPPLEMENT', 'WITHDRAWN')).toBe(true)
    expect(canMove('APPROVED', 'WITHDRAWN')).toBe(false)
    expect(canMove('PAID', 'UNDER_REVIEW')).toBe(false)
  })
})
