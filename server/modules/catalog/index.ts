import { defineModule } from '../../platform/module'
import { DisclosureService } from './disclosure'
import { catalogRoutes } from './routes'
import { CatalogService } from './service'

declare module '../../platform/services' {
  interface Services {
    catalog: CatalogService
    disclosure: DisclosureService
  }
}

/** Categories, insurers (with their disclosures), products, articles and FAQs. */
export const catalogModule = defineModule({
  name: 'catalog',
  services: {
    catalog: (s) => new CatalogService(s.db),
    disclosure: (s) => new DisclosureService(s.db),
  },
  routes: catalogRoutes,
})
