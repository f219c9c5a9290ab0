// One sale's trail as the server returns it (GET /api/studio/compliance/sales/:id): a health product bought
// through the mall, its product page at version 2, 投保须知 at version 2 (version 1 is in the versions too, to
// prove the replay shows the one the trail points at), the purchase texts at version 3; record 9 was changed.
import type {
  ProductVersions,
  SalesPageVersion,
  TrailDetail,
  TrailRecord,
  TrailSummary,
} from '../../../../src/types/generated/api/trail'
import type { ProductDetail } from '../../../../src/types/generated/api/catalog'

export const SALE_ID = '6f1c2a7e-8b0d-4c1e-9f3a-2b5d7e9c1a00'
export const PRODUCT_ID = 'p-medical-million'

const product = (version: number, planName: string): ProductDetail => ({
  pageVersion: version,
  id: PRODUCT_ID,
  name: '百万医疗险',
  tagline: '一般医疗和重疾医疗都能报',
  image: '/images/products/medical.png',
  categoryCode: 'medical',
  insurerCode: 'guoheng',
  insurerName: '国恒人寿',
  tags: ['续保稳定'],
  minPremiumFen: 13600,
  salesCount: 1000,
  rating: 4.8,
  description: [{ tag: 'p', children: ['住院医疗费用报销，最高 600 万。'] }],
  ageMin: { years: 0, days: 28 },
  ageMax: 60,
  waitingPeriodDays: 30,
  coolingOffDays: 15,
  needsAddress: false,
  healthQuestions: [],
  clauses: [],
  notice: [],
  faqs: [],
  coveragePeriods: ['1y'],
  paymentPeriods: ['single'],
  plans: [
    {
      code: 'A',
      name: planName,
      coverages: [
        { name: '一般医疗保险金', amountFen: 300_000_000, description: '免赔额 1 万元' },
        { name: '重大疾病医疗保险金', amountFen: 600_000_000, description: '' },
      ],
      premiumRates: [
        {
          ageMin: 31,
          ageMax: 35,
          gender: 'ANY',
          coveragePeriod: '1y',
          paymentPeriod: 'single',
          socialInsurance: 'Y',
          premiumFen: 32800,
        },
      ],
    },
    {
      code: 'B',
      name: '升级版',
      coverages: [{ name: '质子重离子', amountFen: 600_000_000, description: '' }],
      premiumRates: [],
    },
  ],
  riskLevel: null,
})

const version = (
  id: number,
  kind: SalesPageVersion['kind'],
  key: string,
  number: number,
  title: string,
  content: object,
  offlineAt: string | null,
): SalesPageVersion => ({
  id,
  kind,
  key,
  version: number,
  hash: `${'ab'.repeat(8)}${id}`.padEnd(64, '0'),
  title,
  onlineAt: '2026-11-01T00:00:00.000Z',
  offlineAt,
  content: content as SalesPageVersion['content'],
})

const noticeKey = `${PRODUCT_ID}:notice`

export const versions: SalesPageVersion[] = [
  version(11, 'product', PRODUCT_ID, 1, '百万医疗险', product(1, '旧版基础计划'), '2026-11-20T00:00:00.000Z'),
  version(12, 'product', PRODUCT_ID, 2, '百万医疗险', product(2, '基础版'), null),
  version(
    21,
    'document',
    noticeKey,
    1,
    '投保须知',
    {
      title: '投保须知',
      markdown: '第一版须知：旧的免赔额说明。',
      body: [{ tag: 'p', children: ['第一版须知：旧的免赔额说明。'] }],
    },
    '2026-11-20T00:00:00.000Z',
  ),
  version(
    22,
    'document',
    noticeKey,
    2,
    '投保须知',
    {
      title: '投保须知',
      markdown: '第二版须知：免赔额 1 万元，等待期 30 天。',
      body: [
        { tag: 'h2', children: ['投保须知'] },
        { tag: 'p', children: ['第二版须知：免赔额 1 万元，等待期 30 天。'] },
      ],
    },
    null,
  ),
  version(
    31,
    'purchase_texts',
    'mall',
    3,
    '投保页面文字',
    {
      recordingNotice: '第三版告知：您在投保页面的浏览和操作将被记录。',
      recordingUse: '我们仅在投保范围内使用这些记录。',
      documentsAgreement: '我已阅读并同意{documents}，已知晓投保过程将被记录',
      healthNotice: '请如实告知被保险人（{insured}）的健康状况。',
      coolingOff: '犹豫期：自保单生效之日起{days}日内为犹豫期',
      noCoolingOff: '本产品不设犹豫期',
      policyRecorded: '您投保时看到的页面版本均已记录。',
    },
    null,
  ),
]

let seq = 0
const record = (
  kind: TrailRecord['kind'],
  label: string,
  data: TrailRecord['data'],
  browser = false,
): TrailRecord => {
  seq += 1
  const minute = String(seq).padStart(2, '0')
  return {
    seq,
    // A browser event reaches the server a few seconds after the browser saw it.
    at: `2026-11-25T02:${minute}:${browser ? '03' : '00'}.000Z`,
    clientAt: browser ? `2026-11-25T02:${minute}:00.000Z` : null,
    happenedAt: `2026-11-25T02:${minute}:00.000Z`,
    source: browser ? 'browser' : 'server',
    kind,
    label,
    data,
    eventId: browser ? `evt-${seq}` : null,
    prevHash: seq === 1 ? '' : `hash-${seq - 1}`,
    hash: `hash-${seq}`,
  }
}

export const records: TrailRecord[] = [
  record('trail_opened', '打开产品页面', { productVersion: 2 }),
  record(
    'screen_enter',
    '进入页面「百万医疗险」',
    { screen: `/product?id=${PRODUCT_ID}`, title: '百万医疗险', productVersion: 2 },
    true,
  ),
  record('recording_notice', '阅读可回溯告知并进入投保', {
    productVersion: 2,
    textsVersion: 3,
    planCode: 'A',
    planName: '基础版',
    coveragePeriod: '1y',
    paymentPeriod: 'single',
  }),
  record('document_open', '打开《投保须知》', { documentId: 'notice', documentVersion: 2 }, true),
  record(
    'document_end',
    '阅读到《投保须知》末尾',
    { documentId: 'notice', documentVersion: 2, scrolledToEnd: true, durationMs: 95_000 },
    true,
  ),
  record('document_confirmed', '确认已阅读《投保须知》', {
    documentId: 'notice',
    documentTitle: '投保须知',
    documentVersion: 2,
    documentHash: 'c0ffee'.repeat(10) + 'abcd',
  }),
  record('consent', '同意处理敏感个人信息', {
    consent: '同意为投保、理赔处理我的敏感个人信息（健康状况、证件号码等）',
    consentVersion: 'v2',
    consentedAt: '2026-11-25T02:07:00.000Z',
  }),
  record('health_answered', '完成健康告知', {
    insuredRelation: '本人',
    answers: [
      { questionId: 'q1', question: '过去两年内是否住院治疗？', answer: 'no' },
      {
        questionId: 'q2',
        question: '是否患有高血压？',
        answer: 'yes',
        followUp: ['血压控制在 140/90 以下'],
      },
    ],
    outcome: 'exclusion',
    exclusions: ['高血压及其并发症'],
  }),
  record('quote_shown', '展示保费', {
    premiumFen: 32800,
    displayedPremiumFen: 32800,
    holder: '张*',
    insured: '张*',
  }),
  record('price_change_shown', '提示保费变化', { previousPremiumFen: 32800, premiumFen: 35650 }),
  record('price_change_accepted', '接受新的保费', { previousPremiumFen: 32800, premiumFen: 35650 }),
  record('order_created', '创建订单', { orderNo: 'OD2026112500001', premiumFen: 35650 }),
  record('payment', '支付成功', { paymentNo: 'PAY2026112500001', payChannel: 'wechat', premiumFen: 35650 }),
  record('policy_issued', '保单承保', {
    policyNo: 'GH2026112500000001',
    effectiveDate: '2026-11-26',
    expiresAt: '2027-11-25T16:00:00.000Z',
  }),
]

export const summary: TrailSummary = {
  id: SALE_ID,
  productId: PRODUCT_ID,
  productName: '百万医疗险',
  channel: 'mall',
  stage: 'issued',
  policyNo: 'GH2026112500000001',
  orderNo: 'OD2026112500001',
  phone: '138****0000',
  startedAt: '2026-11-25T02:01:00.000Z',
  lastAt: '2026-11-25T02:14:00.000Z',
  records: records.length,
}

export const trail = (chainOk = false): TrailDetail => ({
  summary,
  contractEndsAt: '2027-11-25T16:00:00.000Z',
  keepUntil: '2032-11-25T16:00:00.000Z',
  chain: chainOk
    ? { ok: true, records: records.length, brokenAtSeq: null, message: `${records.length} 条记录完整` }
    : { ok: false, records: records.length, brokenAtSeq: 9, message: '第 9 条记录的内容被改动' },
  records,
  versions,
})

const summaryOf = (v: SalesPageVersion) => {
  const { content: _content, ...rest } = v
  return rest
}

export const productVersions: ProductVersions = {
  productId: PRODUCT_ID,
  productName: '百万医疗险',
  product: versions.filter((v) => v.kind === 'product').map(summaryOf),
  documents: [
    {
      key: noticeKey,
      title: '投保须知',
      versions: versions.filter((v) => v.key === noticeKey).map(summaryOf),
    },
  ],
}
