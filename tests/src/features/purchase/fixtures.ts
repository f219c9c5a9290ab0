import { compileMarkdown } from '../../../../src/page-config/markdown'
import type { ProductDetail } from '../../../../src/types/generated/api/catalog'
import type { Order, OrderApplication, OrderRefund } from '../../../../src/types/generated/api/order'
import type { Payment } from '../../../../src/types/generated/api/payment'
import type { Quote } from '../../../../src/types/generated/api/quote'

export const product: ProductDetail = {
  id: 'p-med',
  name: '测试百万医疗险',
  tagline: '',
  image: '/x.svg',
  categoryCode: 'medical',
  insurerCode: 'YH',
  insurerName: '云禾保险',
  tags: [],
  minPremiumFen: 13600,
  salesCount: 1,
  rating: 4.5,
  description: [],
  ageMin: { years: 0, days: 28 },
  ageMax: 65,
  waitingPeriodDays: 30,
  coolingOffDays: 15,
  needsAddress: false,
  healthQuestions: [{ id: 'hq1', text: '过去1年内是否住院？' }],
  clauses: [{ id: 'main', title: '医疗险条款', body: compileMarkdown('## 第一条 保险责任') }],
  notice: compileMarkdown('## 投保须知正文'),
  faqs: [],
  coveragePeriods: ['1y'],
  paymentPeriods: ['single'],
  riskLevel: null,
  plans: [
    {
      code: 'standard',
      name: '标准版',
      coverages: [{ name: '一般医疗', amountFen: 200_000_000, description: '' }],
      premiumRates: [
        {
          ageMin: 0,
          ageMax: 65,
          gender: 'ANY',
          coveragePeriod: '1y',
          paymentPeriod: 'single',
          socialInsurance: 'ANY',
          premiumFen: 13600,
        },
      ],
    },
  ],
}

export function application(overrides: Partial<OrderApplication> = {}): OrderApplication {
  return {
    id: 'app-1',
    productId: 'p-med',
    productName: product.name,
    planCode: 'standard',
    coveragePeriod: '1y',
    paymentPeriod: 'single',
    recordingNoticeAt: '2026-11-22T12:00:00.000+08:00',
    documents: [
      { id: 'notice', kind: 'notice', title: '投保须知', openedAt: null, confirmedAt: null },
      { id: 'clause:main', kind: 'clause', title: '医疗险条款', openedAt: null, confirmedAt: null },
    ],
    health: {
      insuredRelation: '1',
      passed: true,
      outcome: 'standard',
      exclusions: [],
      answeredAt: '2026-11-22T12:01:00.000+08:00',
    },
    orderId: null,
    renewal: null,
    createdAt: '2026-11-22T12:00:00.000+08:00',
    ...overrides,
  }
}

/** The premium trial's answer for the fixture product. */
export const quote: Quote = {
  premiumFen: 13600,
  ageOnEffectiveDate: 36,
  effectiveDate: '2026-11-23',
  planCode: 'standard',
  coveragePeriod: '1y',
  paymentPeriod: 'single',
}

/** A whole refund of the fixture premium: a capture the closed order could not keep, settled. */
export function refund(overrides: Partial<OrderRefund> = {}): OrderRefund {
  return {
    id: 'rf_1',
    amountFen: 13600,
    status: 'SUCCEEDED',
    reason: 'ORDER_CLOSED',
    createdAt: '2026-11-22T12:00:00.000+08:00',
    settledAt: '2026-11-22T12:00:02.000+08:00',
    ...overrides,
  }
}

const person = {
  name: '张三',
  certType: 'ID_CARD',
  certNo: '110101199003078515',
  certTime: 0 as const,
  certStartDate: '2020-01-01',
  certEndDate: '2040-01-01',
  gender: 'M',
  birthday: '1990-03-07',
}

/** An order of the fixture product, unpaid with 20 minutes left unless overridden. */
export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 'o1',
    orderNo: 'GO2026112243200123456',
    status: 'PENDING_PAYMENT',
    productId: 'p-med',
    productName: '测试百万医疗险',
    insurerName: '云禾保险',
    planCode: 'standard',
    planName: '标准版',
    coveragePeriod: '1y',
    paymentPeriod: 'single',
    premiumFen: 13600,
    holder: person,
    insured: { ...person, relationType: '1', hasSocialInsurance: 'Y', phone: '13800138000' },
    address: null,
    consents: [
      {
        document: 'notice',
        title: '投保须知',
        openedAt: '2026-11-22T12:00:00.000+08:00',
        confirmedAt: '2026-11-22T12:00:05.000+08:00',
      },
    ],
    coolingOffDays: 15,
    createdAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 20 * 60_000).toISOString(),
    paidAt: null,
    policyId: null,
    source: 'mall',
    refunds: [],
    partnerIssue: null,
    ...overrides,
  }
}

/** A payment of order o1 as GET /api/payments/:id and POST /api/orders/:id/pay answer. */
export function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    paymentId: 'pay_a',
    orderId: 'o1',
    channel: 'wechat',
    scene: 'native',
    amountFen: 13600,
    status: 'PENDING',
    qrContent: '',
    payUrl: '',
    invoke: null,
    expiresAt: new Date(Date.now() + 300_000).toISOString(),
    createdAt: new Date().toISOString(),
    ...overrides,
  }
}
