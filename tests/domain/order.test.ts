import { describe, expect, it } from 'vitest'
import {
  isPayable,
  nextOrderStatus,
  ORDER_PAYMENT_WINDOW_MS,
  orderStatusAt,
  statusesAllowing,
} from '../../src/domain/order'
import {
  canSurrenderInCoolingOff,
  formatPolicyNo,
  POLICY_NO_PATTERN,
  policyStatusAt,
} from '../../src/domain/policy'
import {
  addMonths,
  coverageEndDate,
  formatShanghaiDateTime,
  policyPeriod,
  toShanghaiIso,
} from '../../src/domain/dates'

describe('order status machine', () => {
  it('pays, issues and surrenders in order', () => {
    expect(nextOrderStatus('PENDING_PAYMENT', 'PAY_SUCCEEDED')).toBe('PAID')
    expect(nextOrderStatus('PAID', 'ISSUE')).toBe('ISSUED')
    expect(nextOrderStatus('ISSUED', 'SURRENDER')).toBe('SURRENDERED')
  })

  it('refuses events that skip or reverse a step', () => {
    expect(nextOrderStatus('PENDING_PAYMENT', 'ISSUE')).toBeNull()
    expect(nextOrderStatus('PAID', 'PAY_SUCCEEDED')).toBeNull()
    expect(nextOrderStatus('CLOSED', 'PAY_SUCCEEDED')).toBeNull()
    expect(nextOrderStatus('ISSUED', 'CANCEL')).toBeNull()
    expect(nextOrderStatus('SURRENDERED', 'SURRENDER')).toBeNull()
  })

  it('sends every allowed source of an event to one status (guarded SQL updates rely on it)', () => {
    for (const event of ['PAY_SUCCEEDED', 'PAY_FAILED', 'CANCEL', 'EXPIRE', 'ISSUE', 'SURRENDER'] as const) {
      const targets = new Set(statusesAllowing(event).map((status) => nextOrderStatus(status, event)))
      expect(targets.size).toBe(1)
    }
  })

  it('lets a failed payment be retried but not a closed order', () => {
    expect(isPayable('PAY_FAILED')).toBe(true)
    expect(isPayable('PENDING_PAYMENT')).toBe(true)
    expect(isPayable('CLOSED')).toBe(false)
    expect(isPayable('ISSUED')).toBe(false)
    expect(statusesAllowing('PAY_SUCCEEDED').sort()).toEqual(['PAY_FAILED', 'PENDING_PAYMENT'])
  })

  it('closes an unpaid order exactly 30 minutes after creation', () => {
    const createdAtMs = Date.parse('2026-11-22T12:00:00+08:00')
    expect(ORDER_PAYMENT_WINDOW_MS).toBe(1_800_000)
    expect(orderStatusAt({ status: 'PENDING_PAYMENT', createdAtMs }, createdAtMs + 1_799_999)).toBe(
      'PENDING_PAYMENT',
    )
    expect(orderStatusAt({ status: 'PENDING_PAYMENT', createdAtMs }, createdAtMs + 1_800_000)).toBe('CLOSED')
    expect(orderStatusAt({ status: 'PAY_FAILED', createdAtMs }, createdAtMs + 3_600_000)).toBe('CLOSED')
    expect(orderStatusAt({ status: 'ISSUED', createdAtMs }, createdAtMs + 3_600_000)).toBe('ISSUED')
  })
})

describe('policy dates', () => {
  it('starts cover the next day at 00:00 Asia/Shanghai, even late in the evening', () => {
    // 23:30 in Shanghai is 15:30 UTC the same day.
    const period = policyPeriod({
      issuedAtMs: Date.parse('2026-11-22T23:30:00+08:00'),
      coveragePeriod: '1y',
      coolingOffDays: 15,
      insuredBirthday: '1990-01-01',
    })
    expect(period.effectiveDate).toBe('2026-11-23')
    expect(period.effectiveAt).toBe('2026-11-23T00:00:00.000+08:00')
    expect(period.expiresAt).toBe('2027-11-23T00:00:00.000+08:00')
    expect(period.coolingOffEndsAt).toBe('2026-12-08T00:00:00.000+08:00')
  })

  it('rolls to the next day just after midnight UTC+8 when UTC is still on the previous day', () => {
    const period = policyPeriod({
      issuedAtMs: Date.parse('2026-11-22T00:10:00+08:00'),
      coveragePeriod: 'life',
      coolingOffDays: 20,
      insuredBirthday: '1990-01-01',
    })
    expect(period.effectiveDate).toBe('2026-11-23')
    expect(period.expiresAt).toBeNull()
  })

  it('dates cover "to age" from the insured birthday, leap days included', () => {
    expect(coverageEndDate('to70', '2026-11-23', '2000-02-29')).toBe('2070-03-01')
    expect(coverageEndDate('30d', '2026-11-23', '2000-01-01')).toBe('2026-12-23')
    expect(coverageEndDate('6m', '2026-08-31', '2000-01-01')).toBe('2027-02-28')
    expect(() => coverageEndDate('forever', '2026-11-23', '2000-01-01')).toThrow(RangeError)
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29')
  })

  it('formats instants in +08:00 whatever the machine zone', () => {
    expect(toShanghaiIso(Date.parse('2026-11-22T04:00:00Z'))).toBe('2026-11-22T12:00:00.000+08:00')
    expect(formatShanghaiDateTime('2026-11-22T16:30:00Z')).toBe('2026-11-23 00:30')
  })
})

describe('policy status', () => {
  const policy = {
    effectiveAt: '2026-11-23T00:00:00.000+08:00',
    expiresAt: '2027-11-23T00:00:00.000+08:00',
    coolingOffEndsAt: '2026-12-08T00:00:00.000+08:00',
    surrenderedAt: null,
  }
  it('moves from pending to in force to expired on the boundaries', () => {
    expect(policyStatusAt(policy, Date.parse('2026-11-22T23:59:59.999+08:00'))).toBe('PENDING_EFFECTIVE')
    expect(policyStatusAt(policy, Date.parse('2026-11-23T00:00:00+08:00'))).toBe('IN_FORCE')
    expect(policyStatusAt(policy, Date.parse('2027-11-23T00:00:00+08:00'))).toBe('EXPIRED')
    expect(policyStatusAt({ ...policy, surrenderedAt: '2026-11-25T10:00:00+08:00' }, 0)).toBe('SURRENDERED')
  })

  it('allows a full-refund surrender only before the cooling-off end', () => {
    expect(canSurrenderInCoolingOff(policy, Date.parse('2026-12-07T23:59:59+08:00'))).toBe(true)
    expect(canSurrenderInCoolingOff(policy, Date.parse('2026-12-08T00:00:00+08:00'))).toBe(false)
    expect(canSurrenderInCoolingOff({ ...policy, surrenderedAt: '2026-11-25T10:00:00+08:00' }, 0)).toBe(false)
  })

  it('numbers policies GH + issue day + 8 digits', () => {
    expect(formatPolicyNo('2026-11-22', 42)).toBe('GH2026112200000042')
    expect(POLICY_NO_PATTERN.test(formatPolicyNo('2026-11-22', 99_999_999))).toBe(true)
    expect(() => formatPolicyNo('2026-11-22', 100_000_000)).toThrow(RangeError)
  })
})

describe('the cooling-off wording (one sentence from the product data)', () => {
  it('counts from the effective date, and says plainly when there is none', async () => {
    const { coolingOffSentence, coolingOffShort } = await import('../../src/domain/policy')
    expect(coolingOffSentence(15)).toBe('犹豫期：自保单生效之日起15日内为犹豫期，期间解除合同将全额退还保费')
    expect(coolingOffSentence(0)).toBe('本产品不设犹豫期')
    expect(coolingOffShort(15)).toBe('生效后15天内可全额退保')
    expect(coolingOffShort(0)).toBe('不设犹豫期')
    expect(coolingOffSentence(0)).not.toMatch(/0日/)
  })
})

describe('coverage amounts (one formatter for every screen)', () => {
  it('reads like a brochure', async () => {
    const { formatCoverageAmount } = await import('../../src/domain/money')
    expect(formatCoverageAmount(300_000_000)).toBe('300万')
    expect(formatCoverageAmount(15_000_000)).toBe('15万')
    expect(formatCoverageAmount(80_000)).toBe('800元')
    expect(formatCoverageAmount(100)).toBe('包含')
  })
})
