import { defineModule } from '../../platform/module'
import { messageRoutes } from './routes'
import { MessageService } from './service'

declare module '../../platform/services' {
  interface Services {
    messages: MessageService
  }
}

/** The message center: what happened to a user's orders, policies and points, told once, in its own transaction. */
export const messagesModule = defineModule({
  name: 'messages',
  services: { messages: (s) => new MessageService(s.db, s.now) },
  routes: messageRoutes,
})
