import { describe, expect, it } from 'vitest'
import {
  formatMatchTime,
  isLocked,
  maskNickname,
  nextLock,
  pickOutcome,
  scorePicks,
} from '../../src/domain/guess'

// The guessing game's rules shared by the server and the block: when an item locks, what comes next, how a pick
// is judged once the result is in, and how a leaderboard shows a name.

const at = (iso: string) => Date.parse(iso)

describe('locks', () => {
  const lockAt = '2026-12-05T19:30:00+08:00'

  it('takes picks until the lock time and not from that moment on (server time, any offset)', () => {
    expect(isLocked(lockAt, at('2026-12-05T19:29:59.999+08:00'))).toBe(false)
    expect(isLocked(lockAt, at('2026-12-05T19:30:00+08:00'))).toBe(true)
    expect(isLocked(lockAt, at('2026-12-05T11:30:00Z'))).toBe(true)
    expect(isLocked(lockAt, at('2026-12-05T11:29:59Z'))).toBe(false)
  })

  it('counts down to the earliest lock still ahead, in any order, and to none once all have locked', () => {
    const items = [
      { lockAt: '2026-12-12T19:30:00+08:00' },
      { lockAt: '2026-12-05T19:30:00+08:00' },
      { lockAt: '2026-12-06T02:30:00+08:00' },
    ]
    expect(nextLock(items, at('2026-11-25T10:00:00+08:00'))).toBe('2026-12-05T19:30:00+08:00')
    expect(nextLock(items, at('2026-12-05T19:30:00+08:00'))).toBe('2026-12-06T02:30:00+08:00')
    expect(nextLock(items, at('2026-12-06T03:00:00+08:00'))).toBe('2026-12-12T19:30:00+08:00')
    expect(nextLock(items, at('2026-12-12T19:30:00+08:00'))).toBeNull()
    expect(nextLock([], 0)).toBeNull()
  })

  it('reads a match time in Beijing time, whatever offset it was written with', () => {
    expect(formatMatchTime('2026-12-05T20:00:00+08:00')).toBe('12月5日 20:00')
    expect(formatMatchTime('2026-12-05T19:00:00.000Z')).toBe('12月6日 03:00')
    expect(formatMatchTime('不是时间')).toBe('')
  })
})

describe('result scoring', () => {
  it('judges a pick against the result: none, pending, right or wrong', () => {
    expect(pickOutcome(null, null)).toBe('none')
    expect(pickOutcome(null, 'home')).toBe('none')
    expect(pickOutcome('home', null)).toBe('pending')
    expect(pickOutcome('home', 'home')).toBe('right')
    expect(pickOutcome('draw', 'home')).toBe('wrong')
  })

  it('sums a user’s picks; items not picked count for nothing', () => {
    expect(
      scorePicks([
        { myPick: 'home', result: 'home' },
        { myPick: 'away', result: 'home' },
        { myPick: 'draw', result: null },
        { myPick: null, result: 'draw' },
        { myPick: 'few', result: 'few' },
      ]),
    ).toEqual({ right: 2, wrong: 1, pending: 1 })
    expect(scorePicks([])).toEqual({ right: 0, wrong: 0, pending: 0 })
  })
})

describe('leaderboard names', () => {
  it('shows the first and last character and hides the rest', () => {
    expect(maskNickname('早起的球迷')).toBe('早**迷')
    expect(maskNickname('用户8888')).toBe('用**8')
    expect(maskNickname('晚到')).toBe('晚*')
    expect(maskNickname('喵')).toBe('喵*')
    expect(maskNickname('  ')).toBe('匿名用户')
    // Characters, not UTF-16 units: an emoji is one.
    expect(maskNickname('⚽球王⚽')).toBe('⚽**⚽')
  })
})
