import type { ScreenRoute } from '../../types/route'
import { riskPaths } from './paths'

export const riskRoutes: ScreenRoute[] = [
  { path: riskPaths.riskAssessment, title: '风险测评', load: () => import('./RiskAssessmentPage') },
]
