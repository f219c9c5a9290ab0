import { defineModule } from '../../platform/module'
import { pointsRoutes } from './routes'
import { PointsService } from './service'

declare module '../../platform/services' {
  interface Services {
    points: PointsService
  }
}

/** Daily sign-in, and the points (积分) and beans (金豆) ledger. */
export const pointsModule = defineModule({
  name: 'points',
  services: { points: (s) => new PointsService(s.db, s.now) },
  routes: pointsRoutes,
})
