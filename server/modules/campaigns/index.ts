import { defineModule } from '../../platform/module'
import { CouponService } from './gifts/coupons'
import { giftRoutes } from './gifts/routes'
import { GiftCollectionService } from './gifts/service'
import { guessRoutes } from './guess/routes'
import { GuessService } from './guess/service'
import { lotteryRoutes } from './lottery/routes'
import { LotteryService } from './lottery/service'
import { campaignRoutes } from './routes'
import { CampaignService } from './service'

declare module '../../platform/services' {
  interface Services {
    campaigns: CampaignService
    lotteries: LotteryService
    guesses: GuessService
    giftCollections: GiftCollectionService
    coupons: CouponService
  }
}

/**
 * Campaigns declared in page configs (registered at start by registry.ts), in three areas over what they share
 * (service.ts: the campaign, its page gate, chances and stock; rewards.ts): fair draws (lottery/), guessing games
 * (guess/), and 领取 of coupons and gift policies with the forms (gifts/).
 */
export const campaignsModule = defineModule({
  name: 'campaigns',
  services: {
    campaigns: (s) => new CampaignService(s.db, s.now, s.member),
    lotteries: (s) => new LotteryService(s.db, s.now, s.campaigns, s.points, s.messages),
    guesses: (s) => new GuessService(s.db, s.now, s.campaigns, s.points, s.messages),
    coupons: (s) => new CouponService(s.db, s.now),
    giftCollections: (s) =>
      new GiftCollectionService(s.db, s.now, s.campaigns, s.coupons, s.catalog, s.policies, s.smsCodes),
  },
  routes: async (app) => {
    await app.register(campaignRoutes)
    await app.register(lotteryRoutes)
    await app.register(guessRoutes)
    await app.register(giftRoutes)
  },
})
