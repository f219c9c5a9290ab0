import type { FastifyPluginAsync } from 'fastify'
import { defineModule } from '../../platform/module'
import { ConversationService } from './conversations'
import { DeskService } from './desk'
import { deskRoutes } from './deskRoutes'
import { serviceRoutes } from './routes'
import { EventStreams } from './stream'

declare module '../../platform/services' {
  interface Services {
    conversations: ConversationService
    desk: DeskService
    serviceStreams: EventStreams
  }
}

const routes: FastifyPluginAsync = async (app) => {
  // An open stream never ends by itself: the server's close ends them, or it would wait for every browser.
  app.addHook('preClose', async () => app.services.serviceStreams.endAll())
  await app.register(serviceRoutes)
  await app.register(deskRoutes)
}

/** 在线客服: customers' conversations (assistant first, then an agent) and the agents' desk, in real time. */
export const serviceModule = defineModule({
  name: 'service',
  services: {
    conversations: (s) => new ConversationService(s.db, s.now, s.notifier, s.help, s.media),
    desk: (s) => new DeskService(s.db, s.now, s.notifier, s.messages, s.staffAudit),
    serviceStreams: (s) =>
      new EventStreams(s.notifier, (error) => s.log.warn({ err: error }, 'service stream')),
  },
  routes,
})
