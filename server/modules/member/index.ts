import { defineModule } from '../../platform/module'
import { memberRoutes } from './routes'
import { MemberService } from './service'

declare module '../../platform/services' {
  interface Services {
    member: MemberService
  }
}

/** Member levels and rules, the agreements a user signed, consent withdrawal and account deletion. */
export const memberModule = defineModule({
  name: 'member',
  services: {
    member: (s) => new MemberService(s.db, s.now),
  },
  routes: memberRoutes,
  // Deletions past their cooling period are carried out.
  sweep: async (s) => {
    await s.member.deleteDueAccounts()
  },
})
