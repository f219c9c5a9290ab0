import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  campaignStatus,
  chancesLeft,
  drawMessage,
  pickPrize,
  prizeOpen,
  unitFromMac,
  windowProblem,
} from '../../src/domain/campaigns'

// The fair draw: a number in [0, 1) from HMAC(seed, campaign:user:seq), mapped by weight onto the prizes that
// still have stock, in config order.

const prizes = [
  { id: 'phone', weight: 1 },
  { id: 'points', weight: 9 },
  { id: 'thanks', weight: 90 },
]

describe('draw mapping', () => {
  it('gives each prize the share of [0, 1) its weight is of the total, in config order', () => {
    expect(pickPrize(0, prizes)).toBe('phone')
    expect(pickPrize(0.0099, prizes)).toBe('phone')
    expect(pickPrize(0.01, prizes)).toBe('points')
    expect(pickPrize(0.0999, prizes)).toBe('points')
    expect(pickPrize(0.1, prizes)).toBe('thanks')
    expect(pickPrize(0.999999, prizes)).toBe('thanks')
  })

  it('maps onto what is left when a prize is out of stock, and gives nothing when nothing is left', () => {
    const left = prizes.filter((p) => p.id !== 'phone')
    expect(pickPrize(0, left)).toBe('points')
    expect(pickPrize(0.09, left)).toBe('points')
    expect(pickPrize(0.1, left)).toBe('thanks')
    expect(pickPrize(0.5, [])).toBeNull()
    expect(pickPrize(0.5, [{ id: 'x', weight: 0 }])).toBeNull()
    // A zero-weight prize is never drawn, wherever it stands.
    expect(pickPrize(0, [{ id: 'zero', weight: 0 }, ...prizes])).toBe('phone')
  })

  it('spreads draws by weight over many users', () => {
    const seed = Buffer.alloc(32, 7)
    const counts: Record<string, number> = { phone: 0, points: 0, thanks: 0 }
    for (let user = 0; user < 20_000; user++) {
      const mac = createHmac('sha256', seed)
        .update(drawMessage('spring', `u${user}`, 1))
        .digest()
      counts[pickPrize(unitFromMac(mac), prizes) as string] += 1
    }
    // 1 % ± 0.3, 9 % ± 1, 90 % ± 1.5 (far wider than chance allows at this count).
    expect(counts.phone).toBeGreaterThan(140)
    expect(counts.phone).toBeLessThan(260)
    expect(counts.points).toBeGreaterThan(1600)
    expect(counts.points).toBeLessThan(2000)
    expect(counts.thanks).toBeGreaterThan(17700)
  })
})

describe('the fair number', () => {
  it('is the first 48 bits of the MAC over 2^48', () => {
    expect(unitFromMac(new Uint8Array([0, 0, 0, 0, 0, 0, 255]))).toBe(0)
    expect(unitFromMac(new Uint8Array([128, 0, 0, 0, 0, 0]))).toBe(0.5)
    expect(unitFromMac(new Uint8Array([255, 255, 255, 255, 255, 255]))).toBe((2 ** 48 - 1) / 2 ** 48)
  })

  it('is the same for the same seed, campaign, user and sequence, and differs for the next draw', () => {
    const seed = Buffer.from('11'.repeat(32), 'hex')
    const u = (seq: number) =>
      unitFromMac(
        createHmac('sha256', seed)
          .update(drawMessage('c1', 'user-1', seq))
          .digest(),
      )
    expect(u(1)).toBe(u(1))
    expect(u(1)).not.toBe(u(2))
  })
})

describe('the window', () => {
  const window = { startAt: '2027-01-01T10:00:00+08:00', endAt: '2027-01-08T00:00:00+08:00' }
  it('opens at its start and closes at its end, on server time', () => {
    expect(windowProblem(window, Date.parse('2027-01-01T09:59:59+08:00'))).toBe('活动尚未开始')
    expect(windowProblem(window, Date.parse('2027-01-01T10:00:00+08:00'))).toBeNull()
    expect(windowProblem(window, Date.parse('2027-01-07T23:59:59+08:00'))).toBeNull()
    expect(windowProblem(window, Date.parse('2027-01-08T00:00:00+08:00'))).toBe('活动已结束')
  })
})

describe('chances left', () => {
  it('counts the total and, under a daily limit, today, never below zero', () => {
    expect(chancesLeft({ perUserTotal: 10, perUserPerDay: 2 }, 3, 1)).toEqual({ left: 1, leftTotal: 7 })
    expect(chancesLeft({ perUserTotal: 10, perUserPerDay: 2 }, 9, 0)).toEqual({ left: 1, leftTotal: 1 })
    expect(chancesLeft({ perUserTotal: 10, perUserPerDay: 2 }, 4, 2)).toEqual({ left: 0, leftTotal: 6 })
    expect(chancesLeft({ perUserTotal: 3 }, 1, 1)).toEqual({ left: 2, leftTotal: 2 })
    expect(chancesLeft({ perUserTotal: 3 }, 5, 5)).toEqual({ left: 0, leftTotal: 0 })
  })

  it('tells a window upcoming, live or ended, the end itself being past', () => {
    expect(campaignStatus(100, 200, 99)).toBe('upcoming')
    expect(campaignStatus(100, 200, 100)).toBe('live')
    expect(campaignStatus(100, 200, 200)).toBe('ended')
  })
})

describe('a prize still to be drawn', () => {
  const prize = { weight: 5, stock: 2, awarded: 0, dailyCap: 1, awardedToday: 0 }
  it('has weight, stock left and room under today’s cap (the server and the preview sandbox judge alike)', () => {
    expect(prizeOpen(prize)).toBe(true)
    expect(prizeOpen({ ...prize, weight: 0 })).toBe(false)
    expect(prizeOpen({ ...prize, awarded: 2 })).toBe(false)
    expect(prizeOpen({ ...prize, awardedToday: 1 })).toBe(false)
    expect(prizeOpen({ ...prize, stock: null, awarded: 99, dailyCap: null, awardedToday: 99 })).toBe(true)
  })
})
