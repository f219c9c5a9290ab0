import { defineModule } from '../../platform/module'
import { CouponService } from './gifts/coupons'
import { PrizeFulfilment } from './gifts/fulfilment'
import { CouponRedeemService } from './gifts/redeem'
import { redeemRoutes } from './gifts/redeemRoutes'
import { giftRoutes } from './gifts/routes'
import { GiftCollectionService } from './gifts/service'
import { guessRoutes } from './guess/routes'
import { GuessService } from './guess/service'
import { lotteryRoutes } from './lottery/routes'
import { LotteryService } from './lottery/service'
import { operationsRoutes } from './operations/routes'
import { PrizeStock } from './operations/stock'
import { WinnerService } from './operations/winners'
import { campaignRoutes } from './routes'
import { CampaignService } from './service'

declare module '../../platform/services' {
  interface Services {
    campaigns: CampaignService
    lotteries: LotteryService
    guesses: GuessService
    giftCollections: GiftCollectionService
    coupons: CouponService
    couponRedeem: CouponRedeemService
    campaignWinners: WinnerService
    prizeFulfilment: PrizeFulfilment
    prizeStock: PrizeStock
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
    couponRedeem: (s) => new CouponRedeemService(s.db, s.now, s.mode, s.messages),
    campaignWinners: (s) => new WinnerService(s.db, s.now, s.campaigns, s.staffAudit),
    prizeFulfilment: (s) => new PrizeFulfilment(s.db, s.now, s.messages, s.staffAudit),
    prizeStock: (s) => new PrizeStock(s.db, s.now, s.staffAudit),
    giftCollections: (s) =>
      new GiftCollectionService(s.db, s.now, s.campaigns, s.coupons, s.catalog, s.policies, s.smsCodes),
  },
  routes: async (app) => {
    await app.register(campaignRoutes)
    await app.register(lotteryRoutes)
    await app.register(guessRoutes)
    await app.register(giftRoutes)
    await app.register(operationsRoutes)
    await app.register(redeemRoutes)
  },
})
