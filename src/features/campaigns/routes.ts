import type { ScreenRoute } from '../../types/route'
import { campaignPaths } from './paths'

export const campaignRoutes: ScreenRoute[] = [
  { path: campaignPaths.fairness, title: '抽奖公平性验证', load: () => import('./FairnessPage') },
  { path: campaignPaths.coupons, title: '我的券', load: () => import('./CouponsPage') },
  { path: campaignPaths.prizes, title: '我的奖品', load: () => import('./PrizesPage') },
]
