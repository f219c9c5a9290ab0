import { defineModule } from '../../platform/module'
import { claimRoutes } from './routes'
import { ClaimService } from './service'

declare module '../../platform/services' {
  interface Services {
    claims: ClaimService
  }
}

/** Claims with their documents and timeline; in demo mode a demo adjuster moves them through review. */
export const claimsModule = defineModule({
  name: 'claims',
  services: {
    claims: (s) => new ClaimService(s.db, s.now, s.media, s.messages),
  },
  routes: claimRoutes,
  sweep: async (s) => {
    if (s.mode === 'demo') await s.claims.demoAdjust()
  },
})
