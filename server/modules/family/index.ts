import { defineModule } from '../../platform/module'
import { familyRoutes } from './routes'
import { FamilyService } from './service'

declare module '../../platform/services' {
  interface Services {
    family: FamilyService
  }
}

/** The user's family members, picked as the insured on /insured. */
export const familyModule = defineModule({
  name: 'family',
  services: { family: (s) => new FamilyService(s.db, s.now) },
  routes: familyRoutes,
})
