import type { ScreenRoute } from '../../types/route'
import { servicePaths } from './paths'

export const serviceRoutes: ScreenRoute[] = [
  { path: servicePaths.chat, title: '在线客服', load: () => import('./ServicePage') },
]
