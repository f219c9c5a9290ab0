import type { Policy } from '../../../../src/types/generated/api/policy'

/** A mall policy of 张三 for himself, waiting to take effect; tests override what they are about. */
export function samplePolicy(overrides: Partial<Policy> = {}): Policy {
  const person = {
    name: '张三',
    certType: 'ID_CARD',
    certNoMasked: '1101**********8515',
    gender: 'M',
    birthday: '1990-03-07',
  } as const
  return {
    id: 'pol-1',
    policyNo: 'GH2026112200000007',
    orderId: 'o1',
    status: 'PENDING_EFFECTIVE',
    source: 'mall',
    productId: 'p-med',
    productName: '测试百万医疗险',
    insurerName: '云禾保险',
    planName: '标准版',
    coveragePeriod: '1y',
    paymentPeriod: 'single',
    premiumFen: 13600,
    holder: { ...person },
    insured: { ...person, relationType: '1' },
    coverages: [{ name: '一般医疗', amountFen: 200_000_000, description: '' }],
    clauses: [{ id: 'main', title: '医疗险条款' }],
    issuedAt: '2026-11-22T12:00:00.000+08:00',
    effectiveAt: '2026-11-23T00:00:00.000+08:00',
    expiresAt: '2027-11-23T00:00:00.000+08:00',
    coolingOffEndsAt: '2026-12-08T00:00:00.000+08:00',
    surrenderedAt: null,
    refundFen: null,
    surrenderReason: null,
    exclusions: [],
    ...overrides,
  }
}
