import { defineModule } from '../../platform/module'
import { catalogRoutes } from './routes'
import { CatalogService } from './service'

declare module '../../platform/services' {
  interface Services {
    catalog: CatalogService
  }
}

/** Categories, insurers, products, articles and FAQs. */
export const catalogModule = defineModule({
  name: 'catalog',
  services: { catalog: (s) => new CatalogService(s.db) },
  routes: catalogRoutes,
})
