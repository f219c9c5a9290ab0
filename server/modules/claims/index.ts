import { defineModule } from '../../platform/module'
import { ClaimDesk } from './desk'
import { claimRoutes } from './routes'
import { ClaimService } from './service'

declare module '../../platform/services' {
  interface Services {
    claims: ClaimService
    claimDesk: ClaimDesk
  }
}

/**
 * Claims with their documents and timeline, taken through review by the desk (理赔受理); in demo mode a demo
 * adjuster moves the claims no agent has taken.
 */
export const claimsModule = defineModule({
  name: 'claims',
  services: {
    claims: (s) => new ClaimService(s.db, s.now, s.media, s.messages),
    claimDesk: (s) => new ClaimDesk(s.db, s.claims, s.media, s.staffAudit),
  },
  routes: claimRoutes,
  sweep: async (s) => {
    if (s.mode === 'demo') await s.claims.demoAdjust()
  },
})
