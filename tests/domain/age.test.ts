import { describe, expect, it } from 'vitest'
import {
  addDays,
  addYears,
  ageOn,
  daysBetween,
  defaultEffectiveDate,
  isIsoDate,
  parseIsoDate,
  shanghaiDate,
} from '../../src/domain/age'

describe('ageOn (周岁)', () => {
  it.each([
    // [birth, on, age]
    ['1990-05-20', '2026-05-19', 35], // the day before the birthday
    ['1990-05-20', '2026-05-20', 36], // on the birthday the age rises
    ['1990-05-20', '2026-05-21', 36],
    ['2000-01-01', '2000-01-01', 0], // born today
    ['2000-12-31', '2001-12-30', 0],
    ['2000-12-31', '2001-12-31', 1],
    ['2008-02-29', '2026-02-28', 17], // leap-day birth, common year: not yet on Feb 28
    ['2008-02-29', '2026-03-01', 18], // ... but on Mar 1
    ['2008-02-29', '2028-02-28', 19], // leap year: Feb 28 is still the day before
    ['2008-02-29', '2028-02-29', 20], // leap year: on Feb 29 itself
    ['2004-02-29', '2022-03-01', 18], // turning 18 (policyholder age) on Mar 1 of a common year
    ['2004-02-29', '2022-02-28', 17],
    ['1960-03-01', '2025-02-28', 64],
    ['1960-03-01', '2025-03-01', 65],
  ])('born %s is %s on %s', (birth, on, age) => {
    expect(ageOn(birth, on)).toBe(age)
  })

  it('is negative before birth', () => {
    expect(ageOn('2026-11-23', '2026-11-22')).toBe(-1)
  })

  it('rejects dates that do not exist', () => {
    expect(() => ageOn('2023-02-29', '2026-01-01')).toThrow(RangeError)
  })
})

describe('calendar dates', () => {
  it('validates real calendar dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true)
    expect(isIsoDate('2023-02-29')).toBe(false)
    expect(isIsoDate('1900-02-29')).toBe(false) // century, not divisible by 400
    expect(isIsoDate('2000-02-29')).toBe(true)
    expect(isIsoDate('2024-13-01')).toBe(false)
    expect(isIsoDate('2024-1-01')).toBe(false)
    expect(parseIsoDate('2024-04-31')).toBeNull()
  })

  it('adds days across month, year and leap boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31')
    expect(addDays('2026-01-01', 28)).toBe('2026-01-29')
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366)
    expect(daysBetween('1970-01-01', '2026-11-22')).toBe(20779) // Date.UTC(2026, 10, 22) / 86400000
  })

  it('moves Feb 29 to Mar 1 when adding years into a common year', () => {
    expect(addYears('2024-02-29', 1)).toBe('2025-03-01')
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29')
    expect(addYears('2024-03-15', 18)).toBe('2042-03-15')
  })

  it('takes the calendar day in Asia/Shanghai, whatever the machine zone', () => {
    // 2026-11-22T16:30:00Z is 00:30 on Nov 23 in Shanghai
    expect(shanghaiDate(Date.UTC(2026, 10, 22, 16, 30))).toBe('2026-11-23')
    expect(shanghaiDate(Date.UTC(2026, 10, 22, 15, 59))).toBe('2026-11-22')
    expect(defaultEffectiveDate(Date.UTC(2026, 10, 22, 4, 0))).toBe('2026-11-23')
    expect(defaultEffectiveDate(Date.UTC(2026, 11, 31, 16, 0))).toBe('2027-01-02')
  })
})
