import { describe, expect, it } from 'vitest'
import { expiryReminderFor } from '../../src/domain/policy'
import {
  expiryInstantMs,
  lastUsableDay,
  unspentOf,
  warningDue,
  yearExpiringThisYear,
} from '../../src/domain/pointsExpiry'
import { cycleBeansFor, SIGN_IN_CYCLE_BEANS } from '../../src/domain/signIn'

const shanghai = (local: string) => Date.parse(`${local}+08:00`)

describe('points expiry', () => {
  it('keeps a year’s points until 31 December of the next year, in Shanghai', () => {
    expect(lastUsableDay(2026)).toBe('2027-12-31')
    expect(expiryInstantMs(2026)).toBe(shanghai('2028-01-01T00:00:00'))
    // 2027-12-31 16:00 UTC is already 2028 in Shanghai: last year's points are the ones expiring this year.
    expect(yearExpiringThisYear(Date.parse('2027-12-31T15:59:59Z'))).toBe(2026)
    expect(yearExpiringThisYear(Date.parse('2027-12-31T16:00:00Z'))).toBe(2027)
  })

  it('warns from 1 December (30 days before the last day) until the points expire', () => {
    expect(warningDue(2026, shanghai('2027-11-30T23:59:59'))).toBe(false)
    expect(warningDue(2026, shanghai('2027-12-01T00:00:00'))).toBe(true)
    expect(warningDue(2026, shanghai('2027-12-31T23:59:59'))).toBe(true)
    expect(warningDue(2026, shanghai('2028-01-01T00:00:00'))).toBe(false)
  })

  it('expires what is left after spending took the oldest points first, never more than is usable', () => {
    expect(unspentOf(20, 8, 17)).toBe(12)
    expect(unspentOf(20, 25, 3)).toBe(0)
    expect(unspentOf(20, 0, 10)).toBe(10) // some are frozen in an exchange: only the usable can expire
  })
})

describe('policy expiry reminders', () => {
  it('sends the nearest of 30, 7 and 1 days at or above the days left', () => {
    expect([31, 30, 8, 7, 2, 1, 0, -1].map(expiryReminderFor)).toEqual([null, 30, 30, 7, 7, 1, null, null])
  })
})

describe('sign-in beans', () => {
  it('pays the cycle’s beans on every 7th day of a streak only', () => {
    expect([1, 6, 7, 8, 14, 0].map((d) => cycleBeansFor(d))).toEqual([
      0,
      0,
      SIGN_IN_CYCLE_BEANS,
      0,
      SIGN_IN_CYCLE_BEANS,
      0,
    ])
  })
})
