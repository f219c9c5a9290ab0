import { compileMarkdown } from '../../../../../src/page-config/markdown'
import type { ProductDetail, ProductSummary } from '../../../../../src/types/generated/api/catalog'

export function summary(id: string, patch: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id,
    name: `产品${id}`,
    tagline: '保障全面',
    image: '/images/products/x.svg',
    categoryCode: 'accident',
    insurerCode: 'QS',
    insurerName: '青松保险',
    tags: ['意外'],
    minPremiumFen: 9900,
    salesCount: 1000,
    rating: 4.5,
    ...patch,
  }
}

export const categories = {
  items: [
    { code: 'accident', name: '意外', icon: '/i.svg', productCount: 2 },
    { code: 'medical', name: '医疗', icon: '/i.svg', productCount: 1 },
  ],
}

export const insurers = {
  items: [
    { code: 'QS', name: '青松保险股份有限公司（虚构）', shortName: '青松保险', logo: '/qs.svg' },
    { code: 'YH', name: '云禾健康保险股份有限公司（虚构）', shortName: '云禾健康', logo: '/yh.svg' },
  ],
}

/** A critical-illness style product with two plans and age/gender-rated tables. */
export function detail(id: string, patch: Partial<ProductDetail> = {}): ProductDetail {
  const rates = (base: number) =>
    ['to70', 'life'].flatMap((coveragePeriod) =>
      ['10', '20'].flatMap((paymentPeriod) =>
        (['M', 'F'] as const).map((gender) => ({
          ageMin: 0,
          ageMax: 55,
          gender,
          coveragePeriod,
          paymentPeriod,
          socialInsurance: 'ANY' as const,
          premiumFen: base + (gender === 'F' ? -100 : 0),
        })),
      ),
    )
  return {
    ...summary(id, { categoryCode: 'critical', name: `康享重疾${id}`, minPremiumFen: 150000 }),
    description: compileMarkdown('## 产品亮点\n\n- 120种重疾'),
    ageMin: { years: 0, days: 28 },
    ageMax: 55,
    waitingPeriodDays: 90,
    coolingOffDays: 15,
    needsAddress: false,
    healthQuestions: [{ id: 'h1', text: '是否患有以下疾病？' }],
    clauses: [{ id: 'c1', title: '康享重疾保险条款', body: compileMarkdown('第一条 保险责任……') }],
    notice: compileMarkdown('## 投保须知\n\n请如实告知。'),
    faqs: [{ q: '等待期是多久？', a: compileMarkdown('90天。') }],
    coveragePeriods: ['to70', 'life'],
    paymentPeriods: ['10', '20'],
    plans: [
      {
        code: 'standard',
        name: '30万保额',
        coverages: [
          { name: '重大疾病', amountFen: 30_000_000, description: '120种' },
          { name: '轻症', amountFen: 9_000_000, description: '30%保额' },
        ],
        premiumRates: rates(280_000),
      },
      {
        code: 'plus',
        name: '50万保额',
        coverages: [
          { name: '重大疾病', amountFen: 50_000_000, description: '120种' },
          { name: '身故', amountFen: 50_000_000, description: '18岁后' },
        ],
        premiumRates: rates(460_000),
      },
    ],
    riskLevel: null,
    ...patch,
  }
}
