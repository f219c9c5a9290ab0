import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import fastifyCookie from '@fastify/cookie'
import fastifyStatic from '@fastify/static'
import { ConfigError, DEMO_COOKIE_SECRET, type AppMode } from './platform/config'
import { openDatabase, type Database } from './db/database'
import { LOCKS, withAdvisoryLock } from './db/advisoryLock'
import { migrate } from './db/migrate'
import { installInputEncoding } from './platform/inputEncoding'
import {
  clientErrorHandler,
  frameworkErrors,
  installErrorHandling,
  installShutdownRefusal,
  sendError,
} from './platform/errors'
import { installIdempotency, type IdempotencyFaults } from './platform/idempotency'
import { installApiDocs } from './platform/apiDocs'
import { buildOpenApi, collectRoutes } from './platform/openapi'
import type { PaymentProvider } from './modules/payments/providers/provider'
import { SandboxPaymentProvider, type SandboxSecrets } from './modules/payments/providers/sandbox'
import { REPO_ROOT } from './platform/repoRoot'
import { installSecurity } from './platform/security'
import { isStudioPath, spaHtmlResolver } from './platform/spaPages'
import { loadScreenRendering } from './platform/screenRendering'
import { loadPublishedShell } from './platform/publishedShell'
import { builtPageHtml } from './platform/builtPageHtml'
import { SCREEN_TEMPLATES_FILE } from '../src/page-config/screenHtml'
import { seedDemoCatalog, seedRiskRatedProducts } from './db/seed/seed'
import { seedDemoGifts } from './db/seed/gifts'
import { seedPartnerProducts } from './db/seed/partners'
import { seedDemoGiftPolicies } from './db/seed/giftPolicies'
import { indexProductSearch } from './modules/catalog/search'
import { seedDemoContent } from './db/seed/content'
import { seedDemoConsultants } from './db/seed/consultants'
import { seedInsurerDisclosures } from './db/seed/insurerDisclosures'
import { syncCampaigns } from './modules/campaigns/registry'
import { seedDemoStaff } from './modules/studio/seed'
import { registerPublishedCampaigns } from './modules/pages/service'
import { DEMO_PREVIEW_SECRET } from './modules/pages/previewTokens'
import { DEFAULT_SMS_LIMITS, type SmsLimits } from './modules/auth/service'
import { databaseContentState, RenderCache } from './platform/renderCache'
import { SessionStore } from './platform/sessions'
import { DemoSmsProvider } from './modules/auth/sms/demo'
import type { SmsProvider } from './modules/auth/sms/provider'
import { startSweeps } from './platform/jobs'
import { registerTestControls, TestClock } from './platform/testClock'
import { installSchemaCompilers } from './platform/validation'
import { buildServices } from './platform/module'
import { installAuthentication } from './platform/auth'
import { FileMediaStore, MemoryMediaStore, mediaDir, type MediaStore } from './platform/media'
import { DEFAULT_MEDIA_LIMITS, type MediaLimits } from './modules/media/limits'
import { huatingConfig, partnerProblems, type PartnerOptions } from './modules/partners/config'
import { HuatingSandbox } from './modules/partners/sandbox/service'
import { modules } from './modules'
import type { JsonSchema } from './platform/schemas'
import { installSameForEveryone } from './platform/sameForEveryone'
import { LocalNotifier, PostgresNotifier, type Notifier } from './platform/notify'
import type { WechatConfig } from './modules/wechat/config'
import type { AppTokenConfig } from './modules/auth/appToken/config'

export const BODY_LIMIT_BYTES = 1024 * 1024

export interface AppOptions {
  mode?: AppMode
  /** An open database (the caller closes it); otherwise one is opened from databaseUrl/dataDir and closed with the app. */
  database?: Database
  databaseUrl?: string
  /** PGlite folder; neither this nor databaseUrl: in-memory PGlite. */
  dataDir?: string
  migrationsDir?: string
  cookieSecret?: string
  /** Production must bring a real provider; demo defaults to the outbox provider. */
  smsProvider?: SmsProvider
  /** Production must bring a real provider (built with the database: see platform/providers.ts); demo defaults to the sandbox. */
  paymentProvider?: (database: Database, now: () => Date) => PaymentProvider
  /** Secrets the sandbox signs its callbacks with (demo mode). */
  sandboxSecrets?: SandboxSecrets
  smsLimits?: SmsLimits
  /** Clock, injectable for tests of code expiry and rate limits. */
  now?: () => Date
  /** TEST_CLOCK=on: a clock e2e tests move forward through /api/test/clock (demo mode only). */
  testClock?: boolean
  /** Folder of the built SPA (default ./dist); served with history fallback when it holds index.html. */
  distDir?: string
  /** Render hand-written screens on the server when the build has the renderer (default true; SSR=off). */
  screenRendering?: boolean
  /** Threads that render screens (SSR_THREADS; default 1; 0: on the server's thread). */
  renderThreads?: number
  /** Tests only: how long a render may run before its thread is replaced (default SCREEN_RENDER_LIMIT_MS). */
  renderLimitMs?: number
  logger?: FastifyServerOptions['logger']
  /** Fastify's trustProxy (TRUST_PROXY): take the client IP and scheme from X-Forwarded-* of these proxies. */
  trustProxy?: boolean | string
  /** Mark the session cookie Secure (default: production mode). */
  secureCookies?: boolean
  /** Where uploads are kept; default: `${dataDir}/media`, or memory with the in-memory database. */
  mediaStore?: MediaStore
  /** Upload size and per-user quota (tests make them small). */
  mediaLimits?: Partial<MediaLimits>
  /** How often unpaid orders past their 30 minutes are closed in the background (default 60 s; 0: never). */
  orderSweepMs?: number
  /** The folder holding page-configs/, whose campaigns are registered at start (default: the repository). */
  configRoot?: string
  /** Signs the studio's preview links (STUDIO_PREVIEW_SECRET; demo mode has a fixed demo secret). */
  studioPreviewSecret?: string
  /** Where the SPA (and so the studio) is served: VITE_BASE_PATH, default "/". */
  basePath?: string
  /** The partner insurer (PARTNER_* env): the sandbox partner runs by default in demo mode. */
  partners?: PartnerOptions
  /** PUBLIC_URL, for links the server writes out (the sandbox pay page); default http://localhost:<listening port>. */
  publicUrl?: string
  /** Tests only: simulates a process killed between a keyed request's effect and its answer. */
  idempotencyFaults?: IdempotencyFaults
  /** The official account of WeChat login and share cards (WECHAT_* env); absent: WeChat is off. */
  wechat?: WechatConfig | null
  /** The company app's token check (APP_TOKEN_* env); absent: login by the app's token is off. */
  appToken?: AppTokenConfig | null
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/
const SANDBOX_PAGE = /^\/(app\/)?pay\/sandbox\/?(\?|$)/i

/** Builds the one server: the JSON API under /api and the built SPA with history fallback. No listen. */
export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const mode = options.mode ?? 'demo'
  const cookieSecret = options.cookieSecret ?? (mode === 'demo' ? DEMO_COOKIE_SECRET : '')
  if (mode === 'production') {
    const problems: string[] = []
    if (!options.smsProvider || options.smsProvider.name === 'demo')
      problems.push('APP_MODE=production needs a real SMS provider')
    if (!options.paymentProvider) problems.push('APP_MODE=production needs a real payment provider')
    if (options.testClock) problems.push('APP_MODE=production refuses TEST_CLOCK')
    if (cookieSecret.length < 32 || cookieSecret === DEMO_COOKIE_SECRET)
      problems.push('APP_MODE=production needs COOKIE_SECRET (at least 32 characters)')
    problems.push(...partnerProblems(mode, options.partners ?? {}))
    if (problems.length) throw new ConfigError(problems)
  }

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id']
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID()
    },
    routerOptions: { ignoreTrailingSlash: false },
    trustProxy: options.trustProxy ?? false,
    frameworkErrors,
    clientErrorHandler,
    // Our own onRequest hook answers 503 while closing, in the API's error format.
    return503OnClosing: false,
  })

  const database =
    options.database ?? (await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir }))
  const ownsDatabase = !options.database
  try {
    // Several processes starting at once on one PostgreSQL: one migrates and seeds, the others wait.
    await withAdvisoryLock(database, LOCKS.startup, 'wait', async () => {
      const applied = await migrate(database.db, options.migrationsDir)
      if (applied.length) app.log.info({ applied }, 'migrations applied')
      if (mode === 'demo' && (await seedDemoCatalog(database.db))) app.log.info('demo catalog seeded')
      if (mode === 'demo' && (await seedInsurerDisclosures(database.db)))
        app.log.info('insurer disclosures seeded')
      if (mode === 'demo' && (await seedDemoGifts(database.db))) app.log.info('demo gifts seeded')
      if (mode === 'demo' && (await seedDemoContent(database.db)))
        app.log.info('demo articles and videos seeded')
      if (mode === 'demo' && (await seedDemoConsultants(database.db))) app.log.info('demo consultants seeded')
      if (mode === 'demo' && (await seedRiskRatedProducts(database.db)))
        app.log.info('risk levels of investment-type products seeded')
      if (mode === 'demo' && (await seedDemoGiftPolicies(database.db)))
        app.log.info('demo gift policies seeded')
      if (mode === 'demo' && (await seedPartnerProducts(database.db)))
        app.log.info('partner insurer products seeded')
      const indexed = await indexProductSearch(database.db)
      if (indexed) app.log.info({ indexed }, 'search terms of new products written')
      const campaigns = await syncCampaigns(database.db, options.configRoot ?? REPO_ROOT, new Date())
      if (campaigns) app.log.info({ campaigns }, 'campaigns of the page configs registered')
      if (mode === 'demo' && (await seedDemoStaff(database.db, new Date())))
        app.log.info('demo studio accounts seeded')
      // The live versions by the server's clock (a test's clock when it has one).
      const published = await registerPublishedCampaigns(database.db, options.now?.() ?? new Date())
      if (published.count)
        app.log.info({ campaigns: published.count }, 'campaigns of published pages registered')
      if (published.problems.length)
        app.log.warn({ problems: published.problems }, 'campaigns of published pages not registered')
    })
  } catch (error) {
    if (ownsDatabase) await database.close()
    throw error
  }
  if (ownsDatabase) app.addHook('onClose', async () => database.close())

  const testClock = options.testClock ? new TestClock() : null
  const now = testClock?.now ?? options.now ?? (() => new Date())
  const db = database.db
  const paymentProvider = options.paymentProvider
    ? options.paymentProvider(database, now)
    : new SandboxPaymentProvider(db, now, options.sandboxSecrets)
  if (mode === 'production' && paymentProvider.sandbox) {
    if (ownsDatabase) await database.close()
    throw new ConfigError(['APP_MODE=production refuses the sandbox payment provider'])
  }
  const studioPreviewSecret = options.studioPreviewSecret ?? (mode === 'demo' ? DEMO_PREVIEW_SECRET : '')
  if (
    mode === 'production' &&
    (studioPreviewSecret.length < 32 || studioPreviewSecret === DEMO_PREVIEW_SECRET)
  ) {
    if (ownsDatabase) await database.close()
    throw new ConfigError(['APP_MODE=production needs STUDIO_PREVIEW_SECRET (at least 32 characters)'])
  }
  // The sandbox partner: its own HTTP service on 127.0.0.1, closed with the app.
  const partners = options.partners ?? {}
  const sandboxSetting = partners.sandbox ?? mode === 'demo'
  let partnerSandbox: HuatingSandbox | null = null
  if (sandboxSetting) {
    try {
      partnerSandbox = await HuatingSandbox.start({
        secret: huatingConfig(partners, 'http://127.0.0.1')?.secret ?? '',
        callbackUrl: partners.callbackUrl ?? null,
        now,
        // Its books live beside the database's, so a restart of the demo loses no application.
        ...(options.dataDir ? { ledgerFile: join(options.dataDir, 'partner-sandbox.json') } : {}),
        ...(typeof sandboxSetting === 'object' ? sandboxSetting : {}),
      })
    } catch (error) {
      if (ownsDatabase) await database.close()
      throw error
    }
    const sandbox = partnerSandbox
    app.log.info({ url: sandbox.url }, 'sandbox partner insurer listening')
    app.addHook('onClose', async () => sandbox.close())
    // Its callbacks come to this server, whose port is known once it listens.
    if (!partners.callbackUrl)
      app.addHook('onListen', async () => {
        const address = app.server.address()
        if (address && typeof address === 'object')
          sandbox.setCallbackUrl(`http://127.0.0.1:${address.port}/api/partner/callbacks/huating`)
      })
  }
  // Links the server writes out (the sandbox's pay page and QR code) point at PUBLIC_URL, never at a request's Host
  // header (any client sets that). Unset (demo, or production, which has no such page): this machine's port.
  let publicUrl = options.publicUrl ?? 'http://localhost'
  if (!options.publicUrl)
    app.addHook('onListen', async () => {
      const address = app.server.address()
      if (address && typeof address === 'object') publicUrl = `http://localhost:${address.port}`
    })
  const notifier: Notifier =
    database.kind === 'postgres' && database.url
      ? new PostgresNotifier(database.url, db, (error) => app.log.warn({ err: error }, 'notify connection'))
      : new LocalNotifier()
  app.addHook('onClose', async () => notifier.close())
  const routes = collectRoutes(app)
  let openApi: JsonSchema | undefined
  app.decorate(
    'services',
    buildServices(
      {
        db,
        dbKind: database.kind,
        mode,
        now,
        secureCookies: options.secureCookies ?? mode === 'production',
        cookieSecret,
        studioPreviewSecret,
        basePath: options.basePath ?? '/',
        sessions: new SessionStore(db, now),
        notifier,
        renderCache: new RenderCache(databaseContentState(db), now),
        smsProvider: options.smsProvider ?? new DemoSmsProvider(db, app.log, now),
        smsLimits: options.smsLimits ?? DEFAULT_SMS_LIMITS,
        paymentProvider,
        openApi: () => (openApi ??= buildOpenApi(routes)),
        mediaStore:
          options.mediaStore ??
          (options.dataDir ? new FileMediaStore(mediaDir(options.dataDir)) : new MemoryMediaStore()),
        mediaLimits: { ...DEFAULT_MEDIA_LIMITS, ...options.mediaLimits },
        log: app.log,
        publicUrl: () => publicUrl,
        partnerConfig: {
          huating: huatingConfig(partners, partnerSandbox?.url ?? null),
          sandbox: partnerSandbox,
        },
        wechatConfig: options.wechat ?? null,
        appTokenConfig: options.appToken ?? null,
      },
      modules,
    ),
  )
  app.decorateRequest('userId', null)
  installSameForEveryone(app)
  app.decorateRequest('staff', null)

  await app.register(fastifyCookie, { secret: cookieSecret })
  installShutdownRefusal(app)
  installInputEncoding(app)
  installIdempotency(app, options.idempotencyFaults)
  installSchemaCompilers(app)
  installErrorHandling(app)
  installSecurity(app)
  installAuthentication(app)

  // A publish, schedule or test reset made through this process shows at once in its kept renders (others see it
  // within VERSION_CHECK_MS).
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && /^\/api\/(studio|test)\//.test(request.url))
      app.services.renderCache.recheck()
  })
  for (const module of modules) if (module.routes) await app.register(module.routes)
  if (testClock) registerTestControls(app, testClock, modules)
  // The API reference as a page, from the same document as /api/openapi.json: for developers, in demo mode.
  if (mode === 'demo') await installApiDocs(app)
  startSweeps(app, modules, options.orderSweepMs ?? 60_000)
  // Issue attempts started by captures, and texts sent after a commit, finish before the database closes.
  app.addHook('onClose', async () => {
    await app.services.partnerIssuing.settled()
    await app.services.smsNotices.settled()
  })

  const distDir = resolve(options.distDir ?? 'dist')
  const hasSpa = existsSync(join(distDir, 'index.html'))
  const spaHtml = spaHtmlResolver(distDir)
  const sendPageHtml = builtPageHtml(distDir, app.services.mode)
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The server's renderer and its templates are the server's, not the browser's.
      allowedPath: (path) => !path.startsWith('/server/') && path !== `/${SCREEN_TEMPLATES_FILE}`,
      // The build writes .br/.gz beside each asset (scripts/precompressPlugin.ts).
      preCompressed: true,
      setHeaders: (reply, path) => {
        // Vite's hashed assets never change; everything else is revalidated.
        reply.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
      },
    })
  }
  // The sandbox's pay page is a demo screen: with a real provider it does not exist.
  const hidden = paymentProvider.sandbox ? null : SANDBOX_PAGE
  const screens =
    hasSpa && options.screenRendering !== false
      ? await loadScreenRendering(app, distDir, now, {
          threads: options.renderThreads ?? 1,
          limitMs: options.renderLimitMs,
        })
      : null
  // Without a renderer, a published page opened directly still boots the light shell (rendered in the browser).
  const publishedShell = hasSpa
    ? loadPublishedShell(app, distDir, (url) => spaHtml(url) !== 'index.html')
    : null
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/')
    if (hidden?.test(request.url)) return sendError(reply, 404, 'NOT_FOUND', '页面不存在')
    if (hasSpa && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      const file = spaHtml(request.url)
      // The studio is its own entry (spaPages.ts), not a screen of the consumer app, sent as it is. Screens and
      // config pages are rendered for the request; what is not rendered is sent as the build made it (a config
      // page's HTML prerendered at build time), told the server's mode.
      const studio = isStudioPath(request.url)
      const dynamic = request.method === 'GET' && !studio
      if (dynamic && screens && (await screens.send(request, reply))) return reply
      if (dynamic && publishedShell && (await publishedShell.send(request, reply))) return reply
      if (studio)
        return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile(file)
      await sendPageHtml(request, reply, file)
      return reply
    }
    return sendError(reply, 404, 'NOT_FOUND', isApi ? '接口不存在' : '页面不存在')
  })
  return app
}
