import { defineModule } from '../../platform/module'
import type { PartnerAdapter } from './adapter'
import { DatabaseCallLog } from './callLog'
import { HuatingAdapter } from './huating/adapter'
import { PartnerIssuing } from './issuing'
import { PartnerCatalog } from './products'
import { partnerRoutes } from './routes'
import { PartnerSalesService } from './service'
import { PartnerSurrenders } from './surrenders'
import { UnconfiguredAdapter } from './unconfigured'

declare module '../../platform/services' {
  interface Services {
    partnerAdapter: PartnerAdapter
    partnerCatalog: PartnerCatalog
    partnerSales: PartnerSalesService
    partnerIssuing: PartnerIssuing
    partnerSurrenders: PartnerSurrenders
  }
}

/** Products a partner insurer underwrites and issues through its API (华汀保险; the sandbox in demo mode). */
export const partnersModule = defineModule({
  name: 'partners',
  services: {
    partnerAdapter: (s) =>
      s.partnerConfig.huating
        ? new HuatingAdapter(
            s.partnerConfig.huating,
            new DatabaseCallLog(s.db, s.now, (error) =>
              s.log.warn({ err: error }, 'partner call log write failed'),
            ),
            s.now,
          )
        : new UnconfiguredAdapter(),
    partnerCatalog: (s) => new PartnerCatalog(s.db),
    partnerSales: (s) => new PartnerSalesService(s.db, s.now, s.partnerCatalog, s.partnerAdapter),
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
  },
  routes: partnerRoutes,
  // Paid orders waiting for a partner that was down: retried with backoff, failed and refunded in the end.
  // Surrenders the partner has not answered: asked again with backoff until it does.
  sweep: async (s) => {
    await s.partnerIssuing.retryDue()
    await s.partnerSurrenders.retryDue()
  },
})
