// Investor risk assessment (投资者风险承受能力评估): the questionnaire, its scoring into five levels C1–C5, product
// risk levels R1–R5, the suitability rule (Cn may buy up to Rn) and the one-year validity. Shared by the server
// (which scores and enforces) and the screens (which show levels and validity).
import { daysInMonth } from './age'

export interface RiskOption {
  /** A, B, C…: what the client sends back. */
  id: string
  text: string
  score: number
}

export interface RiskQuestion {
  id: string
  title: string
  options: readonly RiskOption[]
}

const options = (...rows: [text: string, score: number][]): RiskOption[] =>
  rows.map(([text, score], i) => ({ id: String.fromCharCode(65 + i), text, score }))

/**
 * The 11 questions, after the industry's standard individual investor questionnaire (age, finances, experience,
 * knowledge, goal, horizon, loss tolerance, liabilities, reaction to a fall). Every question scores 1–10 at most.
 */
export const RISK_QUESTIONS: readonly RiskQuestion[] = [
  {
    id: 'age',
    title: '您的年龄是？',
    options: options(['18–30岁', 8], ['31–40岁', 10], ['41–50岁', 8], ['51–60岁', 4], ['60岁以上', 1]),
  },
  {
    id: 'income',
    title: '您的家庭年收入（折合人民币）是？',
    options: options(
      ['10万元以下', 2],
      ['10万–30万元', 4],
      ['30万–50万元', 6],
      ['50万–100万元', 8],
      ['100万元以上', 10],
    ),
  },
  {
    id: 'assetsShare',
    title: '您计划用于本次投资的资金，占家庭可投资资产（不含自住房产）的比例是？',
    options: options(['50%以上', 2], ['30%–50%', 4], ['10%–30%', 8], ['10%以下', 10]),
  },
  {
    id: 'experienceYears',
    title: '您投资股票、基金、投连险等风险类产品的经验有多久？',
    options: options(['没有经验', 1], ['2年以下', 4], ['2–5年', 6], ['5–10年', 8], ['10年以上', 10]),
  },
  {
    id: 'experienceKind',
    title: '您投资过的风险最高的产品是？',
    options: options(
      ['只有银行存款或国债', 2],
      ['银行理财、货币基金', 4],
      ['债券、债券基金', 6],
      ['股票、股票型基金、投连险', 8],
      ['期货、期权等衍生品', 10],
    ),
  },
  {
    id: 'knowledge',
    title: '您对金融产品和投资风险的了解程度是？',
    options: options(
      ['基本不了解', 2],
      ['了解一些，但不深入', 5],
      ['比较了解，能看懂产品说明书', 8],
      ['非常了解，有金融从业或专业背景', 10],
    ),
  },
  {
    id: 'goal',
    title: '您投资的主要目标是？',
    options: options(
      ['保证本金安全，不在乎收益', 2],
      ['获得稳定的收益', 4],
      ['资产稳健增长', 6],
      ['追求较高收益，可承受一定波动', 8],
      ['追求收益最大化，可承受较大波动', 10],
    ),
  },
  {
    id: 'horizon',
    title: '您计划的投资期限是？',
    options: options(['1年以内', 2], ['1–3年', 4], ['3–5年', 7], ['5年以上', 10]),
  },
  {
    id: 'lossTolerance',
    title: '您能承受的最大投资损失是？',
    options: options(
      ['不能承受任何本金损失', 1],
      ['5%以内', 3],
      ['5%–10%', 5],
      ['10%–30%', 8],
      ['30%以上', 10],
    ),
  },
  {
    id: 'liabilities',
    title: '您的家庭负债（房贷、车贷、消费贷等）占家庭总资产的比例是？',
    options: options(['没有负债', 10], ['10%以下', 8], ['10%–30%', 6], ['30%–50%', 4], ['50%以上', 2]),
  },
  {
    id: 'reaction',
    title: '如果您的投资在一个月内下跌了20%，您会？',
    options: options(
      ['全部卖出，不再投资', 1],
      ['卖出一部分，减少损失', 4],
      ['继续持有，等待回升', 7],
      ['逢低加仓', 10],
    ),
  },
]

export const RISK_LEVELS = ['C1', 'C2', 'C3', 'C4', 'C5'] as const
export type RiskLevel = (typeof RISK_LEVELS)[number]

export const PRODUCT_RISK_LEVELS = ['R1', 'R2', 'R3', 'R4', 'R5'] as const
export type ProductRiskLevel = (typeof PRODUCT_RISK_LEVELS)[number]

/** Score bands (inclusive lower bounds) of each level; scores run from 18 to 110. */
export const RISK_LEVEL_BANDS: readonly { level: RiskLevel; minScore: number }[] = [
  { level: 'C1', minScore: 0 },
  { level: 'C2', minScore: 37 },
  { level: 'C3', minScore: 55 },
  { level: 'C4', minScore: 73 },
  { level: 'C5', minScore: 91 },
]

export const RISK_LEVEL_INFO: Record<RiskLevel, { name: string; description: string }> = {
  C1: {
    name: '保守型',
    description: '您不愿承受本金损失，适合存款、国债及低风险（R1）的保险理财产品。',
  },
  C2: {
    name: '稳健型',
    description: '您希望在保本的基础上获得稳定收益，可承受很小的波动，适合中低风险（R2）及以下的产品。',
  },
  C3: {
    name: '平衡型',
    description: '您愿意承受一定的波动以换取更高收益，适合中风险（R3）及以下的产品。',
  },
  C4: {
    name: '成长型',
    description: '您追求资产较快增长，能承受较大的波动和一定的本金损失，适合中高风险（R4）及以下的产品。',
  },
  C5: {
    name: '激进型',
    description: '您追求高收益，能承受大幅波动和较大的本金损失，适合高风险（R5）及以下的全部产品。',
  },
}

export const PRODUCT_RISK_NAMES: Record<ProductRiskLevel, string> = {
  R1: '低风险',
  R2: '中低风险',
  R3: '中风险',
  R4: '中高风险',
  R5: '高风险',
}

export const riskLevelName = (level: RiskLevel) => RISK_LEVEL_INFO[level].name

/** "R4 中高风险" for screens. */
export const productRiskLabel = (level: ProductRiskLevel) => `${level} ${PRODUCT_RISK_NAMES[level]}`

export const isRiskLevel = (value: unknown): value is RiskLevel =>
  typeof value === 'string' && (RISK_LEVELS as readonly string[]).includes(value)
export const isProductRiskLevel = (value: unknown): value is ProductRiskLevel =>
  typeof value === 'string' && (PRODUCT_RISK_LEVELS as readonly string[]).includes(value)

/** The level a total score falls in. */
export function levelForScore(score: number): RiskLevel {
  let level: RiskLevel = 'C1'
  for (const band of RISK_LEVEL_BANDS) if (score >= band.minScore) level = band.level
  return level
}

export interface RiskAnswer {
  questionId: string
  optionId: string
}

export type RiskScoring =
  { ok: true; score: number; level: RiskLevel } | { ok: false; questionId: string; message: string }

/** The question's place and title for messages: "第3题（您计划用于…）". */
function questionLabel(question: RiskQuestion): string {
  const index = RISK_QUESTIONS.indexOf(question) + 1
  return `第${index}题“${question.title}”`
}

/**
 * Scores a questionnaire: every question answered exactly once with one of its options. Someone who cannot take
 * any loss of principal is 保守型 whatever the total (the questionnaire's floor rule).
 */
export function scoreRiskAnswers(answers: readonly RiskAnswer[]): RiskScoring {
  for (const answer of answers) {
    if (!RISK_QUESTIONS.some((q) => q.id === answer.questionId))
      return { ok: false, questionId: answer.questionId, message: '问卷中没有这道题，请刷新后重新作答' }
  }
  let score = 0
  let floor = false
  for (const question of RISK_QUESTIONS) {
    const given = answers.filter((a) => a.questionId === question.id)
    if (given.length === 0)
      return { ok: false, questionId: question.id, message: `请回答${questionLabel(question)}` }
    if (given.length > 1)
      return { ok: false, questionId: question.id, message: `${questionLabel(question)}只能选择一个答案` }
    const option = question.options.find((o) => o.id === given[0].optionId)
    if (!option)
      return { ok: false, questionId: question.id, message: `${questionLabel(question)}的答案不是有效选项` }
    score += option.score
    if (question.id === 'lossTolerance' && option.id === 'A') floor = true
  }
  return { ok: true, score, level: floor ? 'C1' : levelForScore(score) }
}

/** Whether a customer of `level` may buy a product of `productLevel`: Cn buys up to Rn. */
export const levelFits = (level: RiskLevel, productLevel: ProductRiskLevel): boolean =>
  RISK_LEVELS.indexOf(level) >= PRODUCT_RISK_LEVELS.indexOf(productLevel)

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000

/**
 * When an assessment made at `assessedAtMs` stops being valid: the same wall-clock moment one year later in
 * Asia/Shanghai (no daylight saving there); 29 February becomes 28 February.
 */
export function riskAssessmentExpiresAtMs(assessedAtMs: number): number {
  const local = new Date(assessedAtMs + SHANGHAI_OFFSET_MS)
  const year = local.getUTCFullYear() + 1
  const month = local.getUTCMonth()
  const day = Math.min(local.getUTCDate(), daysInMonth(year, month + 1))
  return (
    Date.UTC(
      year,
      month,
      day,
      local.getUTCHours(),
      local.getUTCMinutes(),
      local.getUTCSeconds(),
      local.getUTCMilliseconds(),
    ) - SHANGHAI_OFFSET_MS
  )
}

/** Valid up to, not including, its expiry instant. */
export const isAssessmentValid = (expiresAtMs: number, nowMs: number): boolean => nowMs < expiresAtMs

/** Why a purchase of a product of `productLevel` is refused, or null when the assessment fits. */
export function riskGateRefusal(
  productLevel: ProductRiskLevel,
  current: { level: RiskLevel; expiresAtMs: number } | null,
  nowMs: number,
): {
  code: 'RISK_ASSESSMENT_REQUIRED' | 'RISK_ASSESSMENT_EXPIRED' | 'RISK_LEVEL_MISMATCH'
  message: string
} | null {
  if (!current) return { code: 'RISK_ASSESSMENT_REQUIRED', message: '购买该产品前需完成风险测评' }
  if (!isAssessmentValid(current.expiresAtMs, nowMs))
    return {
      code: 'RISK_ASSESSMENT_EXPIRED',
      message: '您的风险测评已过期（有效期一年），请重新测评后再购买该产品',
    }
  if (!levelFits(current.level, productLevel))
    return {
      code: 'RISK_LEVEL_MISMATCH',
      message: `您的风险承受能力为${riskLevelName(current.level)}，低于该产品的风险等级（${PRODUCT_RISK_NAMES[productLevel]}），暂不能购买；如您的情况有变化，可重新测评`,
    }
  return null
}
