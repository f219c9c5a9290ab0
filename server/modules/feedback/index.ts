import { defineModule } from '../../platform/module'
import { FeedbackDesk } from './desk'
import { feedbackRoutes } from './routes'
import { FeedbackService } from './service'

declare module '../../platform/services' {
  interface Services {
    feedback: FeedbackService
    feedbackDesk: FeedbackDesk
  }
}

/** Feedback (意见反馈) with photos, answered by the service desk (客服) in the studio. */
export const feedbackModule = defineModule({
  name: 'feedback',
  services: {
    feedback: (s) => new FeedbackService(s.db, s.now, s.media),
    feedbackDesk: (s) => new FeedbackDesk(s.db, s.now, s.media, s.messages, s.staffAudit),
  },
  routes: feedbackRoutes,
})
