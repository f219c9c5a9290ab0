import { resolve } from 'node:path'
import { mediaDir, type MediaStoreConfig } from './media'

export type AppMode = 'demo' | 'production'

/** Everything the server reads from the environment, resolved once at start-up. */
export interface ServerConfig {
  mode: AppMode
  port: number
  host: string
  /** PGlite folder; ignored when databaseUrl is set. */
  dataDir: string
  databaseUrl: string | undefined
  cookieSecret: string
  logLevel: string
  smsProvider: string
  paymentProvider: string
  distDir: string
  /** SSR=off: every screen is rendered in the browser, none on the server. */
  screenRendering: boolean
  /** Threads that render screens (SSR_THREADS), beside the one answering requests. */
  renderThreads: number
  /** Fastify's trustProxy: behind a load balancer the client IP and scheme come from X-Forwarded-*. */
  trustProxy: boolean | string
  /** TEST_CLOCK=on: e2e tests may move the server's clock forward (demo mode only). */
  testClock: boolean
  /**
   * TEST_CLOCK_START (with TEST_CLOCK=on): the moment the process's clock starts from (server/index.ts shifts
   * `Date`), so that an e2e run sees the seed's campaigns as they were when it was written, whatever the real date.
   */
  testClockStart?: Date
  /** Where uploads are kept (MEDIA_STORE): `${DATA_DIR}/media`, also with DATABASE_URL, or an S3-compatible bucket. */
  media: MediaStoreConfig
  /**
   * PUBLIC_URL: the address visitors reach this site at (origin, optionally a path), for links the server writes
   * out (the sandbox's pay page and its QR code); never taken from a request's Host header.
   */
  publicUrl: string | undefined
}

/** The secret demo mode signs cookies with; production refuses to start with it. */
export const DEMO_COOKIE_SECRET = 'demo-only-cookie-secret-do-not-use-in-production'

export class ConfigError extends Error {
  readonly name = 'ConfigError'
  constructor(readonly problems: string[]) {
    super(`Refusing to start: ${problems.join('; ')}`)
  }
}

type Env = Record<string, string | undefined>

function port(value: string | undefined): number {
  const n = Number(value ?? 8080)
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new ConfigError([`PORT must be 0..65535, got "${value}"`])
  return n
}

/** TRUST_PROXY: unset or "false" (direct), "true" (any proxy), or comma-separated proxy addresses/CIDRs. */
/**
 * SSR_THREADS: 0 to 16 render threads; default 1 (a render's CPU beside the server's, on two cores). 0 renders on
 * the server's own thread, which a long render then holds (debugging).
 */
function renderThreads(value: string | undefined): number {
  if (value === undefined || value === '') return 1
  const threads = Number(value)
  if (!Number.isInteger(threads) || threads < 0 || threads > 16)
    throw new ConfigError([`SSR_THREADS must be a whole number from 0 to 16, got "${value}"`])
  return threads
}

function trustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false
  return value === 'true' ? true : value
}

const S3_SETTINGS = {
  endpoint: 'S3_ENDPOINT',
  bucket: 'S3_BUCKET',
  region: 'S3_REGION',
  accessKeyId: 'S3_ACCESS_KEY_ID',
  secretAccessKey: 'S3_SECRET_ACCESS_KEY',
} as const

/** MEDIA_STORE: "file" (default, under DATA_DIR) or "s3" with every S3_* setting; names each one missing. */
function mediaStore(env: Env, dataDir: string): MediaStoreConfig {
  const kind = env.MEDIA_STORE || 'file'
  if (kind === 'file') return { kind, dir: mediaDir(dataDir) }
  if (kind !== 's3') throw new ConfigError([`MEDIA_STORE must be "file" or "s3", got "${kind}"`])
  const missing = Object.values(S3_SETTINGS).filter((name) => !env[name])
  if (missing.length) throw new ConfigError(missing.map((name) => `MEDIA_STORE=s3 needs ${name}`))
  const endpoint = env.S3_ENDPOINT as string
  if (!/^https?:\/\/[^/]+/.test(endpoint))
    throw new ConfigError([`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`])
  return {
    kind,
    endpoint,
    bucket: env.S3_BUCKET as string,
    region: env.S3_REGION as string,
    accessKeyId: env.S3_ACCESS_KEY_ID as string,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
  }
}

/** PUBLIC_URL: an http(s) URL without query or fragment; kept without its trailing slash. */
function publicUrl(value: string | undefined): string | undefined {
  if (!value) return undefined
  let url: URL | null = null
  try {
    url = new URL(value)
  } catch {
    // named below
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password)
    throw new ConfigError([
      `PUBLIC_URL must be an http(s) URL such as https://mall.example.com, got "${value}"`,
    ])
  return url.href.replace(/\/+$/, '')
}

function testClockStart(env: Env): Date | undefined {
  const raw = env.TEST_CLOCK_START
  if (!raw) return undefined
  if (env.TEST_CLOCK !== 'on') throw new ConfigError(['TEST_CLOCK_START needs TEST_CLOCK=on'])
  const at = new Date(raw)
  if (!/^\d{4}-\d{2}-\d{2}T/.test(raw) || Number.isNaN(at.getTime()))
    throw new ConfigError([
      `TEST_CLOCK_START must be an ISO date-time such as 2026-11-25T12:00:00+08:00, got "${raw}"`,
    ])
  return at
}

/** Reads and checks the environment; production mode lists every missing production setting. */
export function loadConfig(env: Env = process.env): ServerConfig {
  const mode = env.APP_MODE ?? 'demo'
  if (mode !== 'demo' && mode !== 'production') {
    throw new ConfigError([`APP_MODE must be "demo" or "production", got "${mode}"`])
  }
  const dataDir = resolve(env.DATA_DIR ?? './data')
  const config: ServerConfig = {
    mode,
    port: port(env.PORT),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    cookieSecret: env.COOKIE_SECRET ?? (mode === 'demo' ? DEMO_COOKIE_SECRET : ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    smsProvider: env.SMS_PROVIDER ?? 'demo',
    paymentProvider: env.PAYMENT_PROVIDER ?? 'sandbox',
    distDir: resolve(env.DIST_DIR ?? 'dist'),
    screenRendering: env.SSR !== 'off',
    renderThreads: renderThreads(env.SSR_THREADS),
    trustProxy: trustProxy(env.TRUST_PROXY),
    testClock: env.TEST_CLOCK === 'on',
    testClockStart: testClockStart(env),
    media: mediaStore(env, dataDir),
    publicUrl: publicUrl(env.PUBLIC_URL),
  }
  if (mode === 'production') {
    const problems = productionProblems(config)
    if (problems.length > 0) throw new ConfigError(problems)
  }
  return config
}

/** What keeps a configuration from being safe for production (empty when it is). */
export function productionProblems(
  config: Pick<ServerConfig, 'cookieSecret' | 'smsProvider' | 'paymentProvider'> &
    Partial<Pick<ServerConfig, 'media' | 'testClock' | 'publicUrl'>>,
): string[] {
  const problems: string[] = []
  if (config.publicUrl?.startsWith('http://'))
    problems.push('APP_MODE=production needs an https:// PUBLIC_URL')
  if (config.testClock) problems.push('APP_MODE=production refuses TEST_CLOCK (a test-only clock control)')
  // Photos of people and their claims travel only encrypted to the bucket.
  if (config.media?.kind === 's3' && !config.media.endpoint.startsWith('https://'))
    problems.push('APP_MODE=production needs an https:// S3_ENDPOINT')
  if (config.smsProvider === 'demo') {
    problems.push(
      'APP_MODE=production needs a real SMS provider (SMS_PROVIDER=aliyun and its ALIYUN_SMS_* settings)',
    )
  }
  if (config.paymentProvider === 'sandbox') {
    problems.push(
      'APP_MODE=production needs a real payment provider (PAYMENT_PROVIDER=wechatpay and its WECHATPAY_* settings)',
    )
  }
  if (!config.cookieSecret || config.cookieSecret === DEMO_COOKIE_SECRET) {
    problems.push('APP_MODE=production needs COOKIE_SECRET (at least 32 characters)')
  } else if (config.cookieSecret.length < 32) {
    problems.push('COOKIE_SECRET must be at least 32 characters')
  }
  return problems
}
