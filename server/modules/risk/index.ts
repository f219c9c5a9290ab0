import { defineModule } from '../../platform/module'
import { riskRoutes } from './routes'
import { RiskAssessmentService } from './service'

declare module '../../platform/services' {
  interface Services {
    risk: RiskAssessmentService
  }
}

/** Investor risk assessment: the questionnaire, each user's assessments, the gate of investment-type products. */
export const riskModule = defineModule({
  name: 'risk',
  services: { risk: (s) => new RiskAssessmentService(s.db, s.now) },
  routes: riskRoutes,
})
