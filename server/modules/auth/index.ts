import { defineModule } from '../../platform/module'
import { authRoutes } from './routes'
import { LoginService } from './service'
import { UserService } from './users'

declare module '../../platform/services' {
  interface Services {
    login: LoginService
    users: UserService
  }
}

/** SMS-code login, the session cookie, the user's own profile and real-name check. */
export const authModule = defineModule({
  name: 'auth',
  services: {
    login: (s) =>
      new LoginService({
        db: s.db,
        now: s.now,
        secret: s.cookieSecret,
        limits: s.smsLimits,
        sms: s.smsProvider,
        log: s.log,
      }),
    users: (s) => new UserService(s.db, s.now),
  },
  routes: authRoutes,
})
