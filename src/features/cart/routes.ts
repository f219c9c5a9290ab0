import type { ScreenRoute } from '../../types/route'
import { cartPaths } from './paths'

export const cartRoutes: ScreenRoute[] = [
  { path: cartPaths.cart, title: '购物车', load: () => import('./CartPage') },
]
