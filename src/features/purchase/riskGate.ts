import { Dialog } from '../../components/dialog'
import { apiErrorOf } from '../../lib/request'
import { riskAssessmentHref } from '../risk/paths'

// Investment-type products need a valid, fitting risk assessment: the server refuses the application (and the
// order) with a 409 naming why. The user is offered the questionnaire, which returns here once done.

const RISK_GATE_CODES = new Set([
  'RISK_ASSESSMENT_REQUIRED',
  'RISK_ASSESSMENT_EXPIRED',
  'RISK_LEVEL_MISMATCH',
])

/**
 * When `error` is the risk gate's 409: shows its message with 去测评 (to the questionnaire, back to `returnTo`
 * after) and returns true; false for any other error (the caller shows it).
 */
export function offerRiskAssessment(
  error: unknown,
  returnTo: string,
  navigate: (to: string) => void,
): boolean {
  const api = apiErrorOf(error)
  if (!api || !RISK_GATE_CODES.has(api.code)) return false
  void Dialog.confirm({
    title: api.code === 'RISK_LEVEL_MISMATCH' ? '风险等级不匹配' : '需要完成风险测评',
    content: api.message,
    confirmText: api.code === 'RISK_LEVEL_MISMATCH' ? '重新测评' : '去测评',
    cancelText: '暂不',
  }).then((go) => {
    if (go) navigate(riskAssessmentHref(returnTo))
  })
  return true
}
