import { defineModule } from '../../platform/module'
import { StaffAudit } from './audit'
import { StaffGuard, studioAppPath } from './guard'
import { LoginThrottle } from './loginThrottle'
import { studioRoutes } from './routes'
import { StaffService } from './service'

declare module '../../platform/services' {
  interface Services {
    staff: StaffService
    staffAudit: StaffAudit
    staffGuard: StaffGuard
  }
}

/** The operations studio's staff: accounts with roles, sessions, the audit log (pages are in modules/pages). */
export const studioModule = defineModule({
  name: 'studio',
  services: {
    staffAudit: (s) => new StaffAudit(s.db, s.now),
    staff: (s) => new StaffService(s.db, s.now, s.staffAudit, new LoginThrottle(s.db)),
    staffGuard: (s) =>
      new StaffGuard(s.staff, {
        secure: s.secureCookies,
        secret: s.cookieSecret,
        appPath: studioAppPath(s.basePath),
      }),
  },
  routes: studioRoutes,
  sweep: async (s) => {
    await s.db.deleteFrom('staff_sessions').where('expires_at', '<=', s.now()).execute()
    await new LoginThrottle(s.db).purge(s.now())
  },
})
