import { defineModule } from '../../platform/module'
import { CampaignClaimService } from './claimService'
import { claimRoutes } from './claimRoutes'
import { CouponService } from './coupons'
import { campaignRoutes } from './routes'
import { CampaignService } from './service'

declare module '../../platform/services' {
  interface Services {
    campaigns: CampaignService
    campaignClaims: CampaignClaimService
    coupons: CouponService
  }
}

/** Campaigns declared in page configs (registered at start by registry.ts), with their state and fair draws. */
export const campaignsModule = defineModule({
  name: 'campaigns',
  services: {
    campaigns: (s) => new CampaignService(s.db, s.now, s.points, s.messages, s.member),
    coupons: (s) => new CouponService(s.db, s.now),
    campaignClaims: (s) =>
      new CampaignClaimService(s.db, s.now, s.campaigns, s.coupons, s.catalog, s.policies, s.smsCodes),
  },
  routes: async (app) => {
    await app.register(campaignRoutes)
    await app.register(claimRoutes)
  },
})
