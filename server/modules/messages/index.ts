import { defineModule } from '../../platform/module'
import { messageRoutes } from './routes'
import { MessageService } from './service'
import { SmsNoticeService } from './smsNotices'

declare module '../../platform/services' {
  interface Services {
    messages: MessageService
    smsNotices: SmsNoticeService
  }
}

/**
 * The message center: what happened to a user's orders, policies and points, told once, in its own transaction;
 * and the text messages some of it is also sent as (queued the same way, sent after the commit).
 */
export const messagesModule = defineModule({
  name: 'messages',
  services: {
    messages: (s) => new MessageService(s.db, s.now),
    smsNotices: (s) => new SmsNoticeService(s.db, s.now, s.smsProvider, s.log),
  },
  routes: messageRoutes,
  // Texts whose first send failed (or was never made: a process stopped after the commit) are tried again.
  sweep: async (s) => {
    await s.smsNotices.sendDue()
  },
})
