import { defineModule } from '../../platform/module'
import { policyLinkSecret } from './linkSecret'
import { remindExpiringPolicies } from './reminders'
import { policyRoutes } from './routes'
import { PolicyService } from './service'

declare module '../../platform/services' {
  interface Services {
    policies: PolicyService
  }
}

/** Issued policies, their no-login share links and the cooling-off surrender. */
export const policiesModule = defineModule({
  name: 'policies',
  services: {
    policies: (s) =>
      new PolicyService(s.db, s.now, s.refunds, s.points, s.messages, policyLinkSecret(s.mode)),
  },
  routes: policyRoutes,
  // Holders are reminded 30, 7 and 1 days before their cover ends.
  sweep: async (s) => {
    await remindExpiringPolicies(s.db, s.now, s.messages)
  },
})
