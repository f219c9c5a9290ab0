import { defineModule } from '../../platform/module'
import { policyLinkSecret } from './linkSecret'
import { PolicyLookupService } from './lookup'
import { RenewalService } from './renewals'
import { remindExpiringPolicies } from './reminders'
import { policyRoutes } from './routes'
import { PolicyService } from './service'

declare module '../../platform/services' {
  interface Services {
    policies: PolicyService
    policyLookup: PolicyLookupService
    renewals: RenewalService
  }
}

/** Issued policies, their no-login share links and lookup, the cooling-off surrender. */
export const policiesModule = defineModule({
  name: 'policies',
  services: {
    policies: (s) =>
      new PolicyService(
        s.db,
        s.now,
        s.refunds,
        s.points,
        s.messages,
        policyLinkSecret(s.mode),
        () => s.partnerSurrenders,
        { notices: s.smsNotices, publicUrl: s.publicUrl },
        s.trails,
      ),
    renewals: (s) => new RenewalService(s.db, s.now, s.catalog),
    policyLookup: (s) => new PolicyLookupService(s.db, s.now, s.smsCodes, s.cookieSecret),
  },
  routes: policyRoutes,
  // Holders are reminded 30, 7 and 1 days before their cover ends.
  sweep: async (s) => {
    await remindExpiringPolicies(s.db, s.now, s.messages)
  },
})
