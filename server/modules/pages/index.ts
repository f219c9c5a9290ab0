import { loadScreenRoutePaths } from '../../../src/page-config/screenRoutes'
import { defineModule } from '../../platform/module'
import { REPO_ROOT } from '../../platform/repoRoot'
import { FolderConfigs, isPublishedPagesRoute } from './folders'
import { collabRoutes } from './collabRoutes'
import { isStudioMediaPath, StudioMedia } from './media'
import { StudioPresence } from './presence'
import { PreviewTokens } from './previewTokens'
import { pageRoutes } from './routes'
import { StudioSections } from './sections'
import { PageService } from './service'
import { createPageConfigValidator, type PageConfigValidator } from './validateConfig'

declare module '../../platform/services' {
  interface Services {
    pages: PageService
    studioMedia: StudioMedia
    studioSections: StudioSections
    studioPresence: StudioPresence
  }
}

// The repository's schemas, screens and folder configs do not change while the process runs: read them once.
let screens: Promise<string[]> | undefined
let validator: Promise<PageConfigValidator> | undefined
const screenRoutes = () =>
  (screens ??= loadScreenRoutePaths(REPO_ROOT).then((routes) =>
    routes.filter((r) => !isPublishedPagesRoute(r)),
  ))
const pageValidator = () =>
  (validator ??= screenRoutes().then((routes) =>
    createPageConfigValidator({ root: REPO_ROOT, screenRoutes: routes, uploadedAsset: isStudioMediaPath }),
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
        new FolderConfigs(REPO_ROOT, screenRoutes),
        pageValidator,
        new PreviewTokens(s.studioPreviewSecret),
        () => s.catalog,
      ),
    studioMedia: (s) => new StudioMedia(s.db, s.now, s.mediaStore, s.mediaLimits, s.staffAudit),
    studioSections: (s) => new StudioSections(s.db, s.now, s.staffAudit),
    studioPresence: (s) => new StudioPresence(s.db, s.now),
  },
  routes: async (app, options) => {
    await pageRoutes(app, options)
    await collabRoutes(app, options)
  },
})
