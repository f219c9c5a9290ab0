import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadScreenRoutePaths } from '../../../src/page-config/screenRoutes'
import { defineModule } from '../../platform/module'
import { FolderConfigs, isPublishedPagesRoute } from './folders'
import { isStudioMediaPath, StudioMedia } from './media'
import { PreviewTokens } from './previewTokens'
import { pageRoutes } from './routes'
import { PageService } from './service'
import { createPageConfigValidator, type PageConfigValidator } from './validateConfig'

declare module '../../platform/services' {
  interface Services {
    pages: PageService
    studioMedia: StudioMedia
  }
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..')

// The repository's schemas, screens and folder configs do not change while the process runs: read them once.
let screens: Promise<string[]> | undefined
let validator: Promise<PageConfigValidator> | undefined
const screenRoutes = () =>
  (screens ??= loadScreenRoutePaths(ROOT).then((routes) => routes.filter((r) => !isPublishedPagesRoute(r))))
const pageValidator = () =>
  (validator ??= screenRoutes().then((routes) =>
    createPageConfigValidator({ root: ROOT, screenRoutes: routes, uploadedAsset: isStudioMediaPath }),
  ))

/** Pages built in the studio: drafts, versions, publications; served to consumers at /activity/{id}. */
export const pagesModule = defineModule({
  name: 'pages',
  services: {
    pages: (s) =>
      new PageService(
        s.db,
        s.now,
        s.staffAudit,
        new FolderConfigs(ROOT, screenRoutes),
        pageValidator,
        new PreviewTokens(s.studioPreviewSecret),
      ),
    studioMedia: (s) => new StudioMedia(s.db, s.now, s.mediaStore, s.mediaLimits, s.staffAudit),
  },
  routes: pageRoutes,
})
