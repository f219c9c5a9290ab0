import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { AppMode } from './config'
import type { DatabaseKind } from '../db/database'
import type { DB } from '../db/schema'
import type { SmsLimits } from '../modules/auth/service'
import type { SmsProvider } from '../modules/auth/sms/provider'
import type { PaymentProvider } from '../modules/payments/providers/provider'
import type { JsonSchema } from './schemas'
import type { RenderCache } from './renderCache'
import type { SessionStore } from './sessions'
import type { Notifier } from './notify'
import type { MediaStore } from './media'
import type { MediaLimits } from '../modules/media/limits'
import type { HuatingConfig } from '../modules/partners/huating/adapter'
import type { HuatingSandbox } from '../modules/partners/sandbox/service'
import type { WechatConfig } from '../modules/wechat/config'
import type { AppTokenConfig } from '../modules/auth/appToken/config'

/** What app.ts builds before any module: the database, the clock, the mode, the configured providers. */
export interface Platform {
  db: Kysely<DB>
  dbKind: DatabaseKind
  mode: AppMode
  now: () => Date
  secureCookies: boolean
  /** Signs the session cookie (and the login codes' hashes). */
  cookieSecret: string
  /** Signs the studio's preview links (STUDIO_PREVIEW_SECRET). */
  studioPreviewSecret: string
  /** Where the SPA is served (VITE_BASE_PATH, default "/"): the studio's CSRF cookie is scoped below it. */
  basePath: string
  sessions: SessionStore
  smsProvider: SmsProvider
  smsLimits: SmsLimits
  paymentProvider: PaymentProvider
  /** The OpenAPI document of the registered routes. */
  openApi: () => JsonSchema
  log: FastifyBaseLogger
  /** Where uploaded files are kept (file, S3 or memory). */
  mediaStore: MediaStore
  mediaLimits: MediaLimits
  /** The address visitors reach the site at (PUBLIC_URL), for links the server writes out; never the Host header. */
  publicUrl: () => string
  /** Nudges every server process (LISTEN/NOTIFY on PostgreSQL): 在线客服's deliveries. */
  notifier: Notifier
  /** Kept anonymous renders and published-page answers (renderCache.ts). */
  renderCache: RenderCache
  /** The partner insurer's settings (null: not configured) and the sandbox partner when it runs (demo). */
  partnerConfig: { huating: HuatingConfig | null; sandbox: HuatingSandbox | null }
  /** The official account of web authorization and the JS-SDK (WECHAT_APPID…); null: WeChat is off. */
  wechatConfig: WechatConfig | null
  /** The company app's token check (APP_TOKEN_VERIFY_URL, APP_TOKEN_SECRET); null: off. */
  appTokenConfig: AppTokenConfig | null
}

/**
 * The platform and every module's services, decorated on the Fastify instance as `app.services`. Each module
 * adds its own services here by declaration merging in its index.ts, so this file never lists them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules (declaration merging)
export interface Services extends Platform {}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services
  }
}
