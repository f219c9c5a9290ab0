import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { AppMode } from './config'
import type { DatabaseKind } from '../db/database'
import type { DB } from '../db/schema'
import type { PaymentProvider } from '../modules/payments/providers/provider'
import type { CatalogService } from '../modules/catalog/service'
import type { LoginService } from '../modules/auth/service'
import type { SessionStore } from './sessions'
import type { UserService } from '../modules/auth/users'

/** What route plugins share, decorated on the Fastify instance as `app.services`. */
export interface Services {
  db: Kysely<DB>
  dbKind: DatabaseKind
  mode: AppMode
  now: () => Date
  secureCookies: boolean
  sessions: SessionStore
  login: LoginService
  users: UserService
  catalog: CatalogService
  paymentProvider: PaymentProvider
  log: FastifyBaseLogger
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services
  }
}
