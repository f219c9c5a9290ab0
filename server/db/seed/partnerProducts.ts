import type { IssueDeadline } from '../../modules/partners/deadlines'
import type { CoverageSeed, PlanSeed, ProductSeed } from './products'

// The four products the partner insurer 华汀保险 (fictional, code HT) sells through its own API: it underwrites
// and issues, we collect the application and the payment (server/modules/partners). Ids are stable slugs.

export type PartnerFlow = 'huatai' | 'huatairegression' | 'huataitravel' | 'airAccident'

export interface PartnerProductSeed extends ProductSeed {
  channel: 'partner'
  partner: 'huating'
  flow: PartnerFlow
  /** The partner's own product code. */
  partnerProductType: string
  /** The insured must name an occupation (src/domain/occupation.ts). */
  occupationRequired: boolean
  /** The policyholder too (travel). */
  holderOccupationRequired: boolean
  refusedOccupationClasses: number[]
  questions: string[]
  /** By when a paid order must be issued, or is refunded (server/modules/partners/deadlines.ts). */
  issueDeadline: IssueDeadline
}

const ADULT = { years: 18 }

/** Cover from the day after issue: issued within two days of payment, or refunded. */
const AFTER_PAYMENT: IssueDeadline = { rule: 'after_payment', withinMinutes: 48 * 60 }
/** Cover on a given day (flight, trip): issued before it starts; paid on the day itself, within 30 minutes. */
const BEFORE_COVER: IssueDeadline = { rule: 'cover_start', withinMinutes: 30 }

/** Each partner product has one plan at one price for its one coverage period. */
const standardPlan = (period: string, fen: number, coverages: CoverageSeed[]): PlanSeed[] => [
  {
    code: 'standard',
    name: '标准版',
    coverages,
    pricing: { kind: 'flat', byCoveragePeriod: { [period]: fen } },
  },
]

const HEALTH = [
  '被保险人是否曾患有或正在患有恶性肿瘤、心脑血管疾病、癫痫或精神疾病？',
  '被保险人过去1年内是否因疾病或意外住院治疗，或被医生建议住院、手术而未进行？',
  '被保险人是否有肢体残疾、视力或听力障碍？',
]

const partner = {
  channel: 'partner' as const,
  partner: 'huating' as const,
  insurer: 'HT' as const,
  waitingDays: 0,
  paymentPeriods: ['single'],
}

export const PARTNER_PRODUCTS: PartnerProductSeed[] = [
  {
    ...partner,
    id: 'ht-accident',
    issueDeadline: AFTER_PAYMENT,
    flow: 'huatai',
    partnerProductType: '02YW0001',
    occupationRequired: false,
    holderOccupationRequired: false,
    refusedOccupationClasses: [],
    name: '华汀安行综合意外险',
    tagline: '意外身故伤残50万，意外医疗5万',
    category: 'accident',
    tags: ['意外', '合作方出单'],
    sales: 18_240,
    rating: 47,
    highlights: ['华汀保险直接承保出单', '意外医疗0免赔', '含猝死保障'],
    ageMin: ADULT,
    ageMax: 65,
    coolingOffDays: 15,
    coveragePeriods: ['1y'],
    questions: HEALTH,
    plans: standardPlan('1y', 9900, [
      ['意外身故/伤残', 500_000, '按伤残等级比例赔付'],
      ['意外医疗', 50_000, '0免赔，100%报销'],
      ['猝死', 100_000, '含过劳猝死'],
    ]),
  },
  {
    ...partner,
    id: 'ht-regression',
    issueDeadline: AFTER_PAYMENT,
    flow: 'huatairegression',
    partnerProductType: '02WY0004',
    occupationRequired: true,
    holderOccupationRequired: false,
    refusedOccupationClasses: [5, 6],
    name: '华汀职护意外险',
    tagline: '按职业承保，1-4类职业可投',
    category: 'accident',
    tags: ['意外', '合作方出单', '职业'],
    sales: 9_610,
    rating: 46,
    highlights: ['按职业类别承保', '意外伤残最高100万', '意外住院津贴'],
    ageMin: ADULT,
    ageMax: 60,
    coolingOffDays: 15,
    coveragePeriods: ['1y'],
    questions: HEALTH,
    plans: standardPlan('1y', 29900, [
      ['意外身故/伤残', 1_000_000, '按伤残等级比例赔付'],
      ['意外医疗', 50_000, '100元免赔'],
      ['意外住院津贴', 100, '每天，最长180天'],
    ]),
  },
  {
    ...partner,
    id: 'ht-travel',
    issueDeadline: BEFORE_COVER,
    flow: 'huataitravel',
    partnerProductType: '03800001',
    occupationRequired: true,
    holderOccupationRequired: true,
    refusedOccupationClasses: [6],
    name: '华汀畅游境内旅行险',
    tagline: '出游7天，意外与医疗一起保',
    category: 'travel',
    tags: ['旅行', '合作方出单'],
    sales: 42_770,
    rating: 46,
    highlights: ['出游7天', '旅行意外医疗', '行李延误补偿'],
    ageMin: ADULT,
    ageMax: 70,
    coolingOffDays: 0,
    coveragePeriods: ['7d'],
    questions: HEALTH,
    plans: standardPlan('7d', 100, [
      ['旅行意外身故/伤残', 100_000, '境内旅行期间'],
      ['旅行意外医疗', 10_000, '100元免赔'],
      ['行李延误', 300, '延误6小时以上'],
    ]),
  },
  {
    ...partner,
    id: 'ht-air',
    issueDeadline: BEFORE_COVER,
    flow: 'airAccident',
    partnerProductType: '03800002',
    occupationRequired: false,
    holderOccupationRequired: false,
    refusedOccupationClasses: [],
    name: '华汀航空意外险',
    tagline: '按航班投保，保障当次航班',
    category: 'travel',
    tags: ['出行', '合作方出单'],
    sales: 27_300,
    rating: 48,
    highlights: ['按航班投保', '航空意外身故伤残200万', '乘机日期可选30天内'],
    ageMin: ADULT,
    ageMax: 80,
    coolingOffDays: 0,
    coveragePeriods: ['1d'],
    questions: HEALTH,
    plans: standardPlan('1d', 500, [
      ['航空意外身故/伤残', 2_000_000, '乘坐所投保航班期间'],
      ['航空意外医疗', 20_000, '0免赔'],
    ]),
  },
]

export const partnerProductSeed = (id: string): PartnerProductSeed | undefined =>
  PARTNER_PRODUCTS.find((p) => p.id === id)
