import { defineModule } from '../../platform/module'
import { authRoutes } from './routes'
import { LoginService } from './service'
import { SmsCodes } from './smsCodes'
import { UserService } from './users'

declare module '../../platform/services' {
  interface Services {
    login: LoginService
    smsCodes: SmsCodes
    users: UserService
  }
}

/** SMS-code login, the session cookie, the user's own profile and real-name check. */
export const authModule = defineModule({
  name: 'auth',
  services: {
    smsCodes: (s) => new SmsCodes(s.db, s.smsProvider, s.cookieSecret, s.log),
    login: (s) => new LoginService({ db: s.db, now: s.now, codes: s.smsCodes, limits: s.smsLimits }),
    users: (s) => new UserService(s.db, s.now),
  },
  routes: authRoutes,
})
