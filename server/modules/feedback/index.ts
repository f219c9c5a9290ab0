import { defineModule } from '../../platform/module'
import { feedbackRoutes } from './routes'
import { FeedbackService } from './service'

declare module '../../platform/services' {
  interface Services {
    feedback: FeedbackService
  }
}

/** Feedback (意见反馈) with photos and replies; demo mode answers with a canned reply a minute later. */
export const feedbackModule = defineModule({
  name: 'feedback',
  services: {
    feedback: (s) => new FeedbackService(s.db, s.now, s.media, s.messages),
  },
  routes: feedbackRoutes,
  sweep: async (s) => {
    if (s.mode === 'demo') await s.feedback.replyAsDemo()
  },
})
