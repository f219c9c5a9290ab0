import { defineModule } from '../../platform/module'
import { cartRoutes } from './routes'
import { CartService } from './service'

declare module '../../platform/services' {
  interface Services {
    cart: CartService
  }
}

/** The shopping cart of logged-in users (a guest's cart stays on the device until login merges it). */
export const cartModule = defineModule({
  name: 'cart',
  services: {
    cart: (s) => new CartService(s.db, s.now, s.catalog),
  },
  routes: cartRoutes,
})
