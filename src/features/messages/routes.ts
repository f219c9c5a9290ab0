import type { ScreenRoute } from '../../types/route'
import { messagePaths } from './paths'

export const messageRoutes: ScreenRoute[] = [
  { path: messagePaths.center, title: '消息中心', load: () => import('./MessageCenterPage') },
  { path: messagePaths.detail, title: '消息详情', load: () => import('./MessageDetailPage') },
]
