import type { ScreenRoute } from '../../types/route'
import { claimPaths } from './paths'

export const claimRoutes: ScreenRoute[] = [
  { path: claimPaths.init, title: '申请理赔', load: () => import('./InitClaimPage') },
  { path: claimPaths.insures, title: '选择理赔类型', load: () => import('./InsuresPage') },
  { path: claimPaths.add, title: '填写理赔申请', load: () => import('./AddClaimPage') },
  { path: claimPaths.added, title: '提交成功', load: () => import('./AddClaimSuccessPage') },
  { path: claimPaths.list, title: '我的理赔', load: () => import('./ClaimListPage') },
  { path: claimPaths.detail, title: '理赔详情', load: () => import('./ClaimDetailPage') },
]
