import { defineModule } from '../../platform/module'
import { ApplicationService } from './applications'
import { quoteRoutes } from './quoteRoutes'
import { orderRoutes } from './routes'
import { OrderService } from './service'

declare module '../../platform/services' {
  interface Services {
    applications: ApplicationService
    orders: OrderService
  }
}

/** The premium trial, the purchase gates (applications) and orders. */
export const purchaseModule = defineModule({
  name: 'purchase',
  services: {
    applications: (s) =>
      new ApplicationService(s.db, s.now, s.catalog, s.risk, s.trails, s.salesPageVersions),
    orders: (s) =>
      new OrderService(
        s.db,
        s.now,
        s.catalog,
        s.applications,
        s.refunds,
        s.risk,
        s.trails,
        s.salesPageVersions,
      ),
  },
  routes: async (app) => {
    await app.register(quoteRoutes)
    await app.register(orderRoutes)
  },
  // Unpaid orders past their 30 minutes are closed.
  sweep: async (s) => s.orders.closeExpired(),
})
