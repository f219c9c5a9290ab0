import useSWR from 'swr'
import { post } from '../../lib/request'
import type {
  MyRiskAssessment,
  Questionnaire,
  RiskAssessment,
  RiskAssessmentSubmit,
} from '../../types/generated/api/risk'

// The risk questionnaire and the caller's assessment (schemas/api/risk.schema.json).

export type { MyRiskAssessment, Questionnaire, RiskAssessment } from '../../types/generated/api/risk'

/** Non-empty, as the schema says (minItems 1). */
export type RiskAnswers = RiskAssessmentSubmit['answers']

export const questionnaireKey = '/api/risk-assessment/questionnaire'
export const myRiskAssessmentKey = '/api/risk-assessment'

export const submitRiskAssessment = (body: RiskAssessmentSubmit) =>
  post<RiskAssessment>(myRiskAssessmentKey, body)

export function useQuestionnaire() {
  return useSWR<Questionnaire>(questionnaireKey, { revalidateIfStale: false })
}

/** The caller's latest assessment; `enabled`: false while logged out. */
export function useMyRiskAssessment(enabled = true) {
  return useSWR<MyRiskAssessment>(enabled ? myRiskAssessmentKey : null)
}
