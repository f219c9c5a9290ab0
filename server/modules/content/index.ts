import { defineModule } from '../../platform/module'
import { contentRoutes } from './routes'
import { ContentService } from './service'

declare module '../../platform/services' {
  interface Services {
    content: ContentService
  }
}

/** Content: articles and short videos (/news, /look, /insurance), seeded in demo mode. */
export const contentModule = defineModule({
  name: 'content',
  services: { content: (s) => new ContentService(s.db, () => s.catalog) },
  routes: contentRoutes,
})
