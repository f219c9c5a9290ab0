import { compileMarkdown } from '../../../../scripts/page-configs/markdown'
import type { ProductDetail } from '../../../../src/types/generated/api/catalog'
import type { OrderApplication, OrderRefund } from '../../../../src/types/generated/api/order'
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
    health: { insuredRelation: '1', passed: true, answeredAt: '2026-11-22T12:01:00.000+08:00' },
    orderId: null,
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
