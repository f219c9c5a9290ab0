import type { ScreenRoute } from '../../types/route'
import { pointsPaths } from './paths'

export const pointsRoutes: ScreenRoute[] = [
  { path: pointsPaths.points, title: '积分', tab: true, load: () => import('./PointsPage') },
  { path: pointsPaths.signIn, title: '每日签到', load: () => import('./SignInPage') },
  { path: pointsPaths.ledger, title: '积分明细', load: () => import('./PointsLedgerPage') },
  { path: pointsPaths.gift, title: '礼品详情', load: () => import('./GiftDetailPage') },
  { path: pointsPaths.exchange, title: '兑换详情', load: () => import('./ExchangeDetailPage') },
]
