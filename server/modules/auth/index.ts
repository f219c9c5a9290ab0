import { defineModule } from '../../platform/module'
import { AppTokenLogin } from './appToken/login'
import { AppTokenVerifier } from './appToken/verifier'
import { authRoutes } from './routes'
import { LoginService } from './service'
import { SmsCodes } from './smsCodes'
import { UserService } from './users'

declare module '../../platform/services' {
  interface Services {
    login: LoginService
    appTokenLogin: AppTokenLogin
    smsCodes: SmsCodes
    users: UserService
  }
}

/** SMS-code login, the company app's token login, the session cookie, the user's own profile and real-name check. */
export const authModule = defineModule({
  name: 'auth',
  services: {
    smsCodes: (s) => new SmsCodes(s.db, s.smsProvider, s.cookieSecret, s.log),
    login: (s) => new LoginService({ db: s.db, now: s.now, codes: s.smsCodes, limits: s.smsLimits }),
    appTokenLogin: (s) =>
      new AppTokenLogin({
        db: s.db,
        now: s.now,
        login: s.login,
        verifier: s.appTokenConfig ? new AppTokenVerifier(s.appTokenConfig, s.now) : null,
        log: s.log,
      }),
    users: (s) => new UserService(s.db, s.now),
  },
  routes: authRoutes,
})
