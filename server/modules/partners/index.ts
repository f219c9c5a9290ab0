import { defineModule } from '../../platform/module'
import type { PartnerAdapter } from './adapter'
import { BreakerAdapter, CircuitBreaker } from './breaker'
import { DatabaseCallLog } from './callLog'
import { HuatingAdapter } from './huating/adapter'
import { PartnerHealthReport } from './health'
import { PartnerIssuing } from './issuing'
import { OrphanUnderwritings } from './orphans'
import { PartnerCatalog } from './products'
import { partnerRoutes } from './routes'
import { PartnerSalesService } from './service'
import { PartnerSurrenders } from './surrenders'
import { UnconfiguredAdapter } from './unconfigured'

declare module '../../platform/services' {
  interface Services {
    partnerAdapter: PartnerAdapter
    partnerBreaker: CircuitBreaker
    partnerCatalog: PartnerCatalog
    partnerSales: PartnerSalesService
    partnerIssuing: PartnerIssuing
    partnerSurrenders: PartnerSurrenders
    partnerOrphans: OrphanUnderwritings
    partnerHealth: PartnerHealthReport
  }
}

/** Products a partner insurer underwrites and issues through its API (华汀保险; the sandbox in demo mode). */
export const partnersModule = defineModule({
  name: 'partners',
  services: {
    partnerBreaker: (s) => new CircuitBreaker(s.now),
    partnerAdapter: (s) =>
      s.partnerConfig.huating
        ? new BreakerAdapter(
            new HuatingAdapter(
              s.partnerConfig.huating,
              new DatabaseCallLog(s.db, s.now, (error) =>
                s.log.warn({ err: error }, 'partner call log write failed'),
              ),
              s.now,
            ),
            s.partnerBreaker,
          )
        : new UnconfiguredAdapter(),
    partnerCatalog: (s) => new PartnerCatalog(s.db),
    partnerSales: (s) =>
      new PartnerSalesService(
        s.db,
        s.now,
        s.partnerCatalog,
        s.partnerAdapter,
        s.partnerBreaker,
        s.trails,
        s.salesPageVersions,
      ),
    partnerIssuing: (s) =>
      new PartnerIssuing(
        s.db,
        s.now,
        s.partnerAdapter,
        s.policies,
        s.catalog,
        s.refunds,
        s.messages,
        s.log,
        s.partnerSurrenders,
      ),
    partnerSurrenders: (s) =>
      new PartnerSurrenders(s.db, s.now, s.partnerAdapter, s.policies, s.messages, s.log),
    partnerOrphans: (s) => new OrphanUnderwritings(s.db, s.now, s.partnerAdapter, s.log),
    partnerHealth: (s) => new PartnerHealthReport(s.db, s.now, { huating: s.partnerBreaker }),
  },
  routes: partnerRoutes,
  // Paid orders waiting for a partner that was down: retried with backoff, failed and refunded in the end.
  // Surrenders the partner has not answered: asked again with backoff until it does.
  // Underwritings that will never be paid are withdrawn at the partner.
  sweep: async (s) => {
    await s.partnerIssuing.retryDue()
    await s.partnerSurrenders.retryDue()
    await s.partnerOrphans.cancelDue()
  },
})
