import { defineModule } from '../../platform/module'
import { AnalyticsIngest } from './ingest'
import { Partitions } from './partitions'
import { AnalyticsRecorder } from './recorder'
import { runAnalyticsJob } from './rollup'
import { analyticsRoutes } from './routes'
import { dashboardRoutes } from './dashboardRoutes'
import { ExperimentService } from './experiments'
import { rollupExperiments } from './experimentsRollup'
import { experimentsRoutes } from './experimentsRoutes'

declare module '../../platform/services' {
  interface Services {
    /** Which days' partitions of analytics_events this process knows to exist. */
    analyticsPartitions: Partitions
    analyticsIngest: AnalyticsIngest
    /** Server-recorded events: campaign draws, entries and claims, paid orders (best effort). */
    analytics: AnalyticsRecorder
  }
}

/**
 * Analytics (docs/analytics.md): the ingest of browsers' event batches, the events the server records itself,
 * and the job that rolls raw events up into hourly aggregates and funnel visitors and keeps the partitions.
 */
export const analyticsModule = defineModule({
  name: 'analytics',
  services: {
    analyticsPartitions: (s) => new Partitions(s.db),
    analyticsIngest: (s) => new AnalyticsIngest(s.db, s.now, s.analyticsPartitions),
    analytics: (s) => new AnalyticsRecorder(s.db, s.now, s.analyticsPartitions, s.cookieSecret, s.log),
    // A/B tests (experiments.ts).
    experiments: (s) =>
      new ExperimentService(s.db, s.now, s.staffAudit, () => s.pages, s.renderCache, s.secureCookies),
  },
  routes: async (app) => {
    await app.register(analyticsRoutes)
    // The studio's dashboards (dashboardRoutes.ts).
    await app.register(dashboardRoutes)
    // The studio's A/B tests (experimentsRoutes.ts).
    await app.register(experimentsRoutes)
  },
  // Every sweep round (a minute): dashboards show events within about a minute of their arrival.
  sweep: async (s) => {
    await runAnalyticsJob({
      database: { db: s.db, kind: s.dbKind },
      partitions: s.analyticsPartitions,
      now: s.now(),
      experiments: rollupExperiments,
    })
  },
})
