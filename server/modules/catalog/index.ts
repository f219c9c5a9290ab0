import { defineModule } from '../../platform/module'
import { DisclosureService } from './disclosure'
import { CatalogEdits } from './edits'
import { catalogRoutes } from './routes'
import { CatalogService } from './service'

declare module '../../platform/services' {
  interface Services {
    catalog: CatalogService
    catalogEdits: CatalogEdits
    disclosure: DisclosureService
  }
}

/** Categories, insurers (with their disclosures), products, articles and FAQs. */
export const catalogModule = defineModule({
  name: 'catalog',
  services: {
    catalog: (s) => new CatalogService(s.db),
    catalogEdits: (s) => new CatalogEdits(s.db, s.staffAudit),
    disclosure: (s) => new DisclosureService(s.db),
  },
  routes: catalogRoutes,
})
