import { defineModule } from '../../platform/module'
import { GuessService } from './guess'
import { campaignRoutes } from './routes'
import { CampaignService } from './service'

declare module '../../platform/services' {
  interface Services {
    campaigns: CampaignService
    guesses: GuessService
  }
}

/** Campaigns declared in page configs (registered at start by registry.ts), with their state and fair draws. */
export const campaignsModule = defineModule({
  name: 'campaigns',
  services: {
    campaigns: (s) => new CampaignService(s.db, s.now, s.points, s.messages, s.member),
    guesses: (s) => new GuessService(s.db, s.now, s.campaigns, s.points, s.messages),
  },
  routes: campaignRoutes,
})
