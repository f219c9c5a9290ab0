import type { ScreenRoute } from '../../types/route'
import { claimPaths } from './paths'

export const claimRoutes: ScreenRoute[] = [
  { path: claimPaths.list, title: '我的理赔', load: () => import('./ClaimListPage') },
  { path: claimPaths.detail, title: '理赔详情', load: () => import('./ClaimDetailPage') },
]
