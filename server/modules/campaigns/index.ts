import { defineModule } from '../../platform/module'
import { CampaignClaimService } from './claimService'
import { claimRoutes } from './claimRoutes'
import { CouponService } from './coupons'
import { GuessService } from './guess'
import { campaignRoutes } from './routes'
import { CampaignService } from './service'

declare module '../../platform/services' {
  interface Services {
    campaigns: CampaignService
    guesses: GuessService
    campaignClaims: CampaignClaimService
    coupons: CouponService
  }
}

/**
 * Campaigns declared in page configs (registered at start by registry.ts): fair draws (service.ts), guessing
 * games (guess.ts), coupons, forms and gift policies (claimService.ts, coupons.ts).
 */
export const campaignsModule = defineModule({
  name: 'campaigns',
  services: {
    campaigns: (s) => new CampaignService(s.db, s.now, s.points, s.messages, s.member),
    guesses: (s) => new GuessService(s.db, s.now, s.campaigns, s.points, s.messages),
    coupons: (s) => new CouponService(s.db, s.now),
    campaignClaims: (s) =>
      new CampaignClaimService(s.db, s.now, s.campaigns, s.coupons, s.catalog, s.policies, s.smsCodes),
  },
  routes: async (app) => {
    await app.register(campaignRoutes)
    await app.register(claimRoutes)
  },
})
