import { defineModule } from '../../platform/module'
import { pointsRoutes } from './routes'
import { GiftService } from './gifts'
import { PointsService } from './service'

declare module '../../platform/services' {
  interface Services {
    points: PointsService
    gifts: GiftService
  }
}

/** Daily sign-in, the points (积分) and beans (金豆) ledger, and the points mall. */
export const pointsModule = defineModule({
  name: 'points',
  services: {
    points: (s) => new PointsService(s.db, s.now, s.messages),
    gifts: (s) => new GiftService(s.db, s.now, s.points, s.messages),
  },
  routes: pointsRoutes,
  sweep: async (s) => {
    await s.points.runExpiryJobs()
  },
})
