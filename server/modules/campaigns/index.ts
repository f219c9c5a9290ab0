import { defineModule } from '../../platform/module'
import { campaignRoutes } from './routes'
import { CampaignService } from './service'

declare module '../../platform/services' {
  interface Services {
    campaigns: CampaignService
  }
}

/** Campaigns declared in page configs (registered at start by registry.ts), with their state and fair draws. */
export const campaignsModule = defineModule({
  name: 'campaigns',
  services: {
    campaigns: (s) => new CampaignService(s.db, s.now, s.points, s.messages, s.member),
  },
  routes: campaignRoutes,
})
