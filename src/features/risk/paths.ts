import { withQuery } from '../../lib/href'
import { RISK_ASSESSMENT_PATH } from '../../domain/riskAssessmentPath'

// The investor risk assessment (风险测评). The purchase gates' 409s link here, returning to `redirect` after.

export const riskPaths = {
  riskAssessment: RISK_ASSESSMENT_PATH,
} as const

/** 风险测评, then back to `redirect` (the purchase the gate refused) once done. */
export const riskAssessmentHref = (redirect?: string) => withQuery(riskPaths.riskAssessment, { redirect })
