import { describe, expect, it } from 'vitest'
import {
  monthDays,
  nextStreak,
  parseMonth,
  rewardFor,
  SIGN_IN_LADDER,
  signInDay,
} from '../../src/domain/signIn'

describe('sign-in days, streaks and rewards', () => {
  it('counts a sign-in for the calendar day in Asia/Shanghai, not UTC', () => {
    // 2026-12-31 23:30 Shanghai is still the 31st; 16:00 UTC on the 31st is already 2027-01-01 there.
    expect(signInDay(Date.parse('2026-12-31T23:30:00+08:00'))).toBe('2026-12-31')
    expect(signInDay(Date.parse('2026-12-31T16:00:00Z'))).toBe('2027-01-01')
    expect(signInDay(Date.parse('2026-12-31T15:59:59Z'))).toBe('2026-12-31')
  })

  it('grows the streak only from yesterday, across month and year ends', () => {
    expect(nextStreak('2026-11-25', null)).toBe(1)
    expect(nextStreak('2026-11-25', { day: '2026-11-24', streak: 3 })).toBe(4)
    expect(nextStreak('2026-12-01', { day: '2026-11-30', streak: 6 })).toBe(7)
    expect(nextStreak('2027-01-01', { day: '2026-12-31', streak: 7 })).toBe(8)
    expect(nextStreak('2028-03-01', { day: '2028-02-29', streak: 2 })).toBe(3)
    // A missed day starts again; it is not back-filled.
    expect(nextStreak('2026-11-25', { day: '2026-11-23', streak: 9 })).toBe(1)
  })

  it('rewards by streak day in a 7-day cycle, the 7th the bonus', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((day) => rewardFor(day))).toEqual([...SIGN_IN_LADDER])
    expect(rewardFor(7)).toBeGreaterThan(rewardFor(6))
    expect(rewardFor(8)).toBe(rewardFor(1))
    expect(rewardFor(14)).toBe(rewardFor(7))
    expect(rewardFor(0)).toBe(0)
    expect(rewardFor(1.5)).toBe(0)
  })

  it('lists the days of a month, leap Februaries included, and reads only real months', () => {
    expect(monthDays('2028-02')).toHaveLength(29)
    expect(monthDays('2026-02')).toHaveLength(28)
    expect(monthDays('2026-12').at(-1)).toBe('2026-12-31')
    expect(parseMonth('2026-11')).toBe('2026-11')
    expect(parseMonth('2026-13')).toBeNull()
    expect(parseMonth('2026-1')).toBeNull()
  })
})
