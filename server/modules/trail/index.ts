import { defineModule } from '../../platform/module'
import { ComplianceReader } from './compliance'
import { purgeExpiredTrails } from './retention'
import { trailRoutes } from './routes'
import { TrailService } from './service'
import { SalesPageVersions } from './versions'

declare module '../../platform/services' {
  interface Services {
    salesPageVersions: SalesPageVersions
    trails: TrailService
    compliance: ComplianceReader
  }
}

/** 可回溯: sales pages as versions, each sale's hash-chained trail, compliance search, replay and export. */
export const trailModule = defineModule({
  name: 'trail',
  services: {
    salesPageVersions: (s) => new SalesPageVersions(s.db, s.now, s.catalog),
    trails: (s) => new TrailService(s.db, s.now, s.salesPageVersions),
    compliance: (s) => new ComplianceReader(s.db, s.salesPageVersions),
  },
  routes: trailRoutes,
  // A catalog change made outside the studio (SQL) is on record as a version within one sweep; trails past their
  // keep-until go (under their own advisory lock, in the audit log).
  sweep: async (s) => {
    await s.salesPageVersions.captureChanged()
    await purgeExpiredTrails({ db: s.db, kind: s.dbKind }, s.now(), s.staffAudit, false)
  },
})
