import { act, cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import RiskAssessmentPage from '../../../../src/features/risk/RiskAssessmentPage'
import { RISK_LEVEL_INFO, RISK_QUESTIONS } from '../../../../src/domain/riskAssessment'
import type { Questionnaire, RiskAssessment } from '../../../../src/types/generated/api/risk'
import { apiError, renderScreen, stubApi } from '../../harness'
import { me } from '../member/fixtures'

// /riskAssessment against the API stub: one question per step with progress and 上一题, answers surviving a
// reload, one submit (disabled while sent), the result with its expiry and the way back to the purchase.
const QUESTIONNAIRE: Questionnaire = {
  questions: RISK_QUESTIONS.map((q) => ({
    id: q.id,
    title: q.title,
    options: q.options.map((o) => ({ id: o.id, text: o.text })),
  })),
  levels: (['C1', 'C2', 'C3', 'C4', 'C5'] as const).map((level, i) => ({
    level,
    name: RISK_LEVEL_INFO[level].name,
    description: RISK_LEVEL_INFO[level].description,
    maxProductRiskLevel: (['R1', 'R2', 'R3', 'R4', 'R5'] as const)[i],
  })),
}

const RESULT: RiskAssessment = {
  level: 'C4',
  levelName: '成长型',
  description: RISK_LEVEL_INFO.C4.description,
  score: 88,
  assessedAt: '2026-11-22T12:00:00.000+08:00',
  expiresAt: '2027-11-22T12:00:00.000+08:00',
  expired: false,
}

beforeEach(() => sessionStorage.clear())

describe('/riskAssessment', () => {
  it('takes the questionnaire step by step, goes back, and submits once', async () => {
    let release: () => void = () => {}
    const api = stubApi({
      'GET /api/me': me(),
      'GET /api/risk-assessment/questionnaire': QUESTIONNAIRE,
      'GET /api/risk-assessment': { current: null },
      'POST /api/risk-assessment': () =>
        new Promise<RiskAssessment>((done) => (release = () => done(RESULT))),
    })
    renderScreen(
      RiskAssessmentPage,
      `/riskAssessment?redirect=${encodeURIComponent('/specialNotify?productId=p1')}`,
    )
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: '开始测评' }))
    expect(screen.getByText('第 1/11 题')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '上一题' })).toBeDisabled()
    // Choosing an option moves on; 上一题 shows the earlier choice.
    await user.click(screen.getByRole('radio', { name: /31–40岁/ }))
    expect(screen.getByText('第 2/11 题')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '上一题' }))
    expect(screen.getByRole('radio', { name: /31–40岁/ })).toHaveAttribute('aria-checked', 'true')
    await user.click(screen.getByRole('button', { name: '下一题' }))
    for (let i = 1; i < 11; i++) await user.click(screen.getAllByRole('radio')[1])
    expect(screen.getByText('第 11/11 题')).toBeInTheDocument()
    const submit = screen.getByRole('button', { name: '提交' })
    await user.click(submit)
    // While it is sent the button is disabled: a second tap sends nothing.
    expect(submit).toBeDisabled()
    await act(async () => release())
    expect(await screen.findByTestId('risk-result')).toHaveTextContent('成长型（C4）')
    expect(screen.getByTestId('risk-result')).toHaveTextContent('有效期至 2027-11-22 12:00')
    const posts = api.callsTo('POST', '/api/risk-assessment')
    expect(posts).toHaveLength(1)
    expect(posts[0].body).toMatchObject({
      answers: expect.arrayContaining([{ questionId: 'age', optionId: 'B' }]),
    })
    expect((posts[0].body as { answers: unknown[] }).answers).toHaveLength(11)
    await user.click(screen.getByRole('button', { name: '返回继续投保' }))
    expect(await screen.findByTestId('location')).toHaveTextContent('/specialNotify?productId=p1')
  })

  it('resumes the answers in progress after a reload', async () => {
    stubApi({
      'GET /api/me': me(),
      'GET /api/risk-assessment/questionnaire': QUESTIONNAIRE,
      'GET /api/risk-assessment': { current: null },
    })
    renderScreen(RiskAssessmentPage, '/riskAssessment')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: '开始测评' }))
    await user.click(screen.getByRole('radio', { name: /18–30岁/ }))
    await user.click(screen.getByRole('radio', { name: /30万–50万元/ }))
    expect(screen.getByText('第 3/11 题')).toBeInTheDocument()
    cleanup()
    renderScreen(RiskAssessmentPage, '/riskAssessment')
    expect(await screen.findByText('第 3/11 题')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '上一题' }))
    expect(screen.getByRole('radio', { name: /30万–50万元/ })).toHaveAttribute('aria-checked', 'true')
  })

  it('shows the current result, an expired one as such, and offers 重新测评', async () => {
    stubApi({
      'GET /api/me': me(),
      'GET /api/risk-assessment/questionnaire': QUESTIONNAIRE,
      'GET /api/risk-assessment': { current: { ...RESULT, level: 'C1', levelName: '保守型', expired: true } },
    })
    renderScreen(RiskAssessmentPage, '/riskAssessment')
    expect(await screen.findByTestId('risk-result')).toHaveTextContent('保守型（C1）已过期')
    expect(screen.getByTestId('risk-result')).toHaveTextContent('已于 2027-11-22 12:00 过期，请重新测评')
    expect(screen.getByRole('button', { name: '重新测评' })).toBeInTheDocument()
  })

  it('offers login to a logged-out visitor', async () => {
    const api = stubApi({
      'GET /api/me': apiError(401, 'UNAUTHENTICATED', '请先登录'),
      'GET /api/risk-assessment/questionnaire': QUESTIONNAIRE,
    })
    renderScreen(RiskAssessmentPage, '/riskAssessment')
    await userEvent.click(await screen.findByRole('button', { name: '去登录' }))
    expect(await screen.findByTestId('location')).toHaveTextContent('/Login?redirect=%2FriskAssessment')
    expect(api.requested).not.toContain('/api/risk-assessment')
  })
})
