import { defineModule } from '../../platform/module'
import { helpRoutes } from './routes'
import { HelpService } from './service'

declare module '../../platform/services' {
  interface Services {
    help: HelpService
  }
}

/** Help: the FAQ (/comProblem, /problems), from faq.json, checked at start-up. */
export const helpModule = defineModule({
  name: 'help',
  services: { help: () => new HelpService() },
  routes: helpRoutes,
})
