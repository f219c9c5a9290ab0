import { describe, expect, it } from 'vitest'
import {
  isAssessmentValid,
  levelFits,
  levelForScore,
  productRiskLabel,
  RISK_QUESTIONS,
  riskAssessmentExpiresAtMs,
  scoreRiskAnswers,
  type RiskAnswer,
} from '../../src/domain/riskAssessment'

/** Answers every question with the option of the given index (clamped to the question's last option). */
const answerAll = (pick: (questionId: string) => number): RiskAnswer[] =>
  RISK_QUESTIONS.map((q) => ({
    questionId: q.id,
    optionId: q.options[Math.min(pick(q.id), q.options.length - 1)].id,
  }))

describe('risk questionnaire', () => {
  it('has 11 questions, each with distinct options A… scoring at most 10', () => {
    expect(RISK_QUESTIONS).toHaveLength(11)
    expect(new Set(RISK_QUESTIONS.map((q) => q.id)).size).toBe(11)
    for (const q of RISK_QUESTIONS) {
      expect(q.options.map((o) => o.id)).toEqual(['A', 'B', 'C', 'D', 'E'].slice(0, q.options.length))
      expect(Math.max(...q.options.map((o) => o.score))).toBe(10)
    }
  })

  it('scores from 18 (most cautious answers) to 110 (boldest)', () => {
    const lowest = RISK_QUESTIONS.map((q) => {
      const min = q.options.reduce((a, b) => (b.score < a.score ? b : a))
      return { questionId: q.id, optionId: min.id }
    })
    const highest = RISK_QUESTIONS.map((q) => {
      const max = q.options.reduce((a, b) => (b.score > a.score ? b : a))
      return { questionId: q.id, optionId: max.id }
    })
    expect(scoreRiskAnswers(lowest)).toEqual({ ok: true, score: 18, level: 'C1' })
    expect(scoreRiskAnswers(highest)).toEqual({ ok: true, score: 110, level: 'C5' })
  })
})

describe('levelForScore at the edges of the bands', () => {
  it.each([
    [18, 'C1'],
    [36, 'C1'],
    [37, 'C2'],
    [54, 'C2'],
    [55, 'C3'],
    [72, 'C3'],
    [73, 'C4'],
    [90, 'C4'],
    [91, 'C5'],
    [110, 'C5'],
  ])('%i points is %s', (score, level) => {
    expect(levelForScore(score)).toBe(level)
  })
})

describe('scoreRiskAnswers', () => {
  it('names the first unanswered question in Chinese', () => {
    const answers = answerAll(() => 1).filter((a) => a.questionId !== 'horizon')
    expect(scoreRiskAnswers(answers)).toEqual({
      ok: false,
      questionId: 'horizon',
      message: '请回答第8题“您计划的投资期限是？”',
    })
  })

  it('refuses a question answered twice, an unknown option and an unknown question', () => {
    const twice = [...answerAll(() => 0), { questionId: 'age', optionId: 'B' }]
    expect(scoreRiskAnswers(twice)).toMatchObject({ ok: false, questionId: 'age' })
    expect(scoreRiskAnswers(twice).ok === false && scoreRiskAnswers(twice)).toMatchObject({
      message: expect.stringContaining('只能选择一个答案'),
    })
    const badOption = answerAll(() => 0).map((a) => (a.questionId === 'goal' ? { ...a, optionId: 'Z' } : a))
    expect(scoreRiskAnswers(badOption)).toMatchObject({ ok: false, questionId: 'goal' })
    expect(scoreRiskAnswers([...answerAll(() => 0), { questionId: 'zodiac', optionId: 'A' }])).toMatchObject({
      ok: false,
      questionId: 'zodiac',
    })
  })

  it('makes anyone who cannot take any loss 保守型, whatever the total', () => {
    const bold = answerAll((id) => (id === 'lossTolerance' ? 0 : 9))
    const result = scoreRiskAnswers(bold)
    expect(result).toMatchObject({ ok: true, level: 'C1' })
    expect(result.ok && levelForScore(result.score)).toBe('C4')
  })
})

describe('levelFits: Cn buys up to Rn', () => {
  it('lets a level buy its own and lower product levels only', () => {
    expect(levelFits('C4', 'R4')).toBe(true)
    expect(levelFits('C4', 'R2')).toBe(true)
    expect(levelFits('C3', 'R4')).toBe(false)
    expect(levelFits('C1', 'R1')).toBe(true)
    expect(levelFits('C1', 'R2')).toBe(false)
    expect(levelFits('C5', 'R5')).toBe(true)
    expect(productRiskLabel('R4')).toBe('R4 中高风险')
  })
})

describe('validity: one year, the same moment in Asia/Shanghai', () => {
  it('expires at the same wall-clock moment next year', () => {
    // 2026-11-22 12:00 +08:00
    const at = Date.parse('2026-11-22T04:00:00.000Z')
    const expires = riskAssessmentExpiresAtMs(at)
    expect(new Date(expires).toISOString()).toBe('2027-11-22T04:00:00.000Z')
    expect(isAssessmentValid(expires, expires - 1)).toBe(true)
    expect(isAssessmentValid(expires, expires)).toBe(false)
  })

  it('counts the calendar day in Shanghai, not in UTC (just after local midnight on 1 January)', () => {
    // 2027-01-01 00:30 +08:00 is still 2026-12-31 in UTC.
    const at = Date.parse('2026-12-31T16:30:00.000Z')
    expect(new Date(riskAssessmentExpiresAtMs(at)).toISOString()).toBe('2027-12-31T16:30:00.000Z')
  })

  it('moves 29 February to 28 February', () => {
    const at = Date.parse('2028-02-29T02:00:00.000Z') // 10:00 in Shanghai
    expect(new Date(riskAssessmentExpiresAtMs(at)).toISOString()).toBe('2029-02-28T02:00:00.000Z')
  })
})
