import { defineModule } from '../../platform/module'
import { mediaRoutes } from './routes'
import { MediaService } from './service'

declare module '../../platform/services' {
  interface Services {
    media: MediaService
  }
}

/** Uploads (avatars, feedback and claim photos): sniffed, re-encoded, counted, served to their owner only. */
export const mediaModule = defineModule({
  name: 'media',
  services: {
    media: (s) => new MediaService(s.db, s.now, s.mediaStore, s.mediaLimits, s.log),
  },
  routes: mediaRoutes,
  sweep: async (s) => {
    await s.media.purgeUnused()
  },
})
