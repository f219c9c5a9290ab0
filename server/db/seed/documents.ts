import { coolingOffSentence } from '../../../src/domain/policy'
import type { HealthFollowUp, HealthQuestion } from '../../../src/types/generated/api/catalog'
import type { CategoryCode } from './insurers'
import type { ProductSeed } from './products'

// Clauses, 投保须知, health questions and FAQs for the demo products, written from templates that
// take each product's own numbers. Fictional text for a demo, not legal documents.

const PERIOD_NAMES: Record<string, string> = {
  '1y': '1年',
  '1m': '1个月',
  '30d': '30天',
  '3d': '3天',
  '5d': '5天',
  '7d': '7天',
  '10d': '10天',
  '15d': '15天',
  '20d': '20天',
  '90d': '90天',
  '20y': '20年',
  '30y': '30年',
  to25: '至25周岁',
  to30: '至30周岁',
  to70: '至70周岁',
  life: '终身',
}
export const periodName = (code: string) => PERIOD_NAMES[code] ?? code

/** A health question of the seed: its text, and its 智能核保 follow-ups where a 是 may still be accepted. */
export type HealthQuestionSeed = string | { text: string; followUp: HealthFollowUp }

// 智能核保 for an abnormal check-up: a small thyroid, breast or lung nodule that a follow-up check found benign
// is accepted as standard; one under watch is accepted without cover for it (除外承保); anything else declines.
const NODULE_FOLLOW_UP: HealthFollowUp = {
  exclusion: '甲状腺、乳腺、肺部结节及其引起的疾病',
  questions: [
    {
      id: 'kind',
      text: '异常的是哪一项？',
      options: [
        { value: 'thyroid', label: '甲状腺结节', next: 'size' },
        { value: 'breast', label: '乳腺结节', next: 'size' },
        { value: 'lung', label: '肺结节', next: 'size' },
        { value: 'other', label: '其他异常（肿块、指标明显异常等）', outcome: 'decline' },
      ],
    },
    {
      id: 'size',
      text: '结节最大直径是多少？',
      options: [
        { value: 'small', label: '小于1厘米', next: 'result' },
        { value: 'large', label: '1厘米及以上，或不清楚', outcome: 'decline' },
      ],
    },
    {
      id: 'result',
      text: '最近一次复查的结果是？',
      options: [
        { value: 'benign', label: '已复查，结节消失或医生诊断为良性、无需随访', outcome: 'standard' },
        { value: 'watch', label: '已复查，无明显变化，医生建议定期随访', outcome: 'exclusion' },
        { value: 'none', label: '尚未复查，或医生建议穿刺、手术', outcome: 'decline' },
      ],
    },
  ],
}

/** The questions of a cancer-only product (防癌险): the ones people with other conditions can answer 否. */
export const CANCER_ONLY_QUESTIONS: HealthQuestionSeed[] = [
  '被保险人是否曾患有或正在患有恶性肿瘤、原位癌？',
  '被保险人过去1年内是否被医生建议做进一步检查以排除恶性肿瘤而未执行？',
]

/** A small outpatient product's looser notification: the medical set without the check-up question. */
export const OUTPATIENT_QUESTIONS: HealthQuestionSeed[] = [
  '被保险人过去1年内是否因疾病住院治疗，或被医生建议住院、手术而未进行？',
  '被保险人是否曾患有或正在患有恶性肿瘤、白血病、肝硬化、尿毒症、心肌梗死、脑卒中等疾病？',
]

const HEALTH_SETS: Partial<Record<CategoryCode, HealthQuestionSeed[]>> = {
  medical: [
    ...OUTPATIENT_QUESTIONS,
    {
      text: '被保险人过去2年内体检结果是否有异常（如结节、肿块、指标明显异常）而未复查排除？',
      followUp: NODULE_FOLLOW_UP,
    },
  ],
  critical: [
    '被保险人是否曾患有或正在患有恶性肿瘤、原位癌或癌前病变？',
    '被保险人是否患有高血压（收缩压≥160mmHg）、糖尿病、冠心病、慢性肾病？',
    '被保险人过去2年内是否被医生建议进一步检查、住院或手术而未执行？',
    '被保险人的父母、兄弟姐妹中是否有两人及以上在60岁前患有癌症？',
  ],
  health: ['被保险人过去1年内是否因疾病住院治疗？', '被保险人是否正在接受药物治疗或等待检查结果？'],
  life: [
    '被保险人是否曾患有或正在患有恶性肿瘤、心脑血管疾病、肝硬化或肾衰竭？',
    '被保险人是否从事高空、井下、爆破、潜水等高风险职业？',
  ],
}

const toQuestion = (seed: HealthQuestionSeed, index: number): HealthQuestion =>
  typeof seed === 'string' ? { id: `hq${index + 1}`, text: seed } : { id: `hq${index + 1}`, ...seed }

export function healthQuestions(product: ProductSeed): HealthQuestion[] {
  if (product.questions) return product.questions.map(toQuestion)
  // Pure accident, travel, property and savings products carry no health notification.
  if (product.tags.includes('意外') && product.category !== 'life') return []
  return (HEALTH_SETS[product.category] ?? []).map(toQuestion)
}

const yuan = (amount: number) =>
  amount >= 10_000 && amount % 10_000 === 0 ? `${amount / 10_000}万元` : `${amount}元`

export function description(product: ProductSeed, insurerName: string): string {
  const plan = product.plans[0]
  return [
    `## ${product.name}`,
    '',
    product.tagline + '。',
    '',
    '### 产品亮点',
    ...product.highlights.map((h) => `- ${h}`),
    '',
    `### 保障内容（${plan.name}）`,
    '',
    '| 保障项目 | 保额 | 说明 |',
    '|---|---|---|',
    ...plan.coverages.map(
      ([name, amount, note]) => `| ${name} | ${amount === 1 ? '服务' : yuan(amount)} | ${note} |`,
    ),
    '',
    `承保公司：${insurerName}。本页面为演示环境内容，产品与公司均为虚构。`,
  ].join('\n')
}

export function notice(product: ProductSeed, insurerName: string): string {
  const minAge = product.ageMin.days ? `出生满${product.ageMin.days}天` : `${product.ageMin.years}周岁`
  return [
    '# 投保须知',
    '',
    `1. 本产品由${insurerName}承保，国恒保险经纪有限公司（演示）提供销售服务。`,
    `2. 投保年龄：${minAge}至${product.ageMax}周岁（以保单生效日的周岁年龄计算）；投保人须年满18周岁。`,
    `3. 保险期间：${product.coveragePeriods.map(periodName).join('、')}；缴费方式：${product.paymentPeriods.map((p) => (p === 'single' ? '一次交清' : `${p}年交`)).join('、')}。`,
    product.waitingDays > 0
      ? `4. 等待期：${product.waitingDays}天。等待期内因疾病发生的保险事故不承担保险责任；因意外伤害导致的不受等待期限制。`
      : '4. 本产品无等待期，自保单生效日起承担保险责任。',
    `5. ${coolingOffSentence(product.coolingOffDays)}。`,
    '6. 请您如实告知被保险人健康状况及职业，未如实告知可能导致保险公司拒绝赔付或解除合同。',
    '7. 本产品的销售页面将被记录，以便回溯销售过程（互联网保险销售行为可回溯管理）。',
    '8. 保单生效后，电子保单将发送至投保人手机号，电子保单与纸质保单具有同等法律效力。',
  ].join('\n')
}

export function clauses(
  product: ProductSeed,
  insurerName: string,
): { id: string; title: string; markdown: string }[] {
  const liabilities = product.plans[0].coverages
    .map(
      ([name, amount, note], i) =>
        `${i + 1}. **${name}**：${note}${amount > 1 ? `，最高给付${yuan(amount)}` : ''}。`,
    )
    .join('\n')
  return [
    {
      id: 'main',
      title: `${product.name}条款`,
      markdown: [
        `# ${product.name}条款`,
        '',
        `${insurerName}`,
        '',
        '## 第一条 合同构成',
        '本合同由保险条款、投保单、保险单、批单及其他约定书面协议构成。',
        '',
        '## 第二条 保险责任',
        '在本合同保险期间内，本公司承担下列保险责任：',
        '',
        liabilities,
        '',
        '## 第三条 责任免除',
        '因下列情形之一导致保险事故的，本公司不承担保险责任：投保人对被保险人的故意杀害、故意伤害；被保险人故意犯罪或抗拒依法采取的刑事强制措施；被保险人主动吸食或注射毒品；战争、军事冲突、暴乱或武装叛乱；核爆炸、核辐射或核污染。',
        '',
        '## 第四条 保险金申请',
        '保险事故发生后，请于10日内通知本公司，并提供保险金申请书、被保险人身份证明、相关医疗证明及费用凭证。',
      ].join('\n'),
    },
    {
      id: 'exclusions',
      title: '责任免除说明',
      markdown:
        '# 责任免除说明\n\n请重点阅读条款中“责任免除”部分，以及加粗显示的免赔额、等待期、赔付比例等内容。',
    },
  ]
}

export function productFaqs(product: ProductSeed): [string, string][] {
  return [
    [
      '投保后多久生效？',
      product.waitingDays > 0
        ? `次日零时生效，疾病责任有${product.waitingDays}天等待期。`
        : '支付成功后次日零时生效。',
    ],
    [
      '如何申请理赔？',
      '在“我的保单”中选择对应保单，点击“申请理赔”并上传材料，审核通过后赔款将打入您指定的银行账户。',
    ],
    [
      '可以退保吗？',
      product.coolingOffDays > 0
        ? `${coolingOffSentence(product.coolingOffDays)}；犹豫期后退保退还现金价值或未满期净保费。`
        : `${coolingOffSentence(0)}，保单生效后退保按未满期净保费退还。`,
    ],
  ]
}

export const GENERAL_FAQS: [string, string][] = [
  [
    '在国恒保险商城买保险安全吗？',
    '这是演示环境：所有保险公司与产品均为虚构，支付使用沙箱，不会产生真实扣款。',
  ],
  ['如何查看我的保单？', '登录后进入“我的 - 我的保单”即可查看全部保单与电子保单。'],
  ['为什么要实名认证？', '依据监管要求，投保人需完成实名认证，以保障您的账户与资金安全。'],
  ['验证码收不到怎么办？', '请确认手机号正确并检查短信拦截设置；60秒后可重新获取。'],
  ['什么是犹豫期？', '犹豫期内解除合同，保险公司将无息退还全部保费；犹豫期后退保可能有损失。'],
  ['什么是等待期？', '等待期内因疾病发生的保险事故，保险公司不承担保险责任；意外事故通常不受等待期限制。'],
]
