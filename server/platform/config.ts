import { resolve } from 'node:path'

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
  /** Fastify's trustProxy: behind a load balancer the client IP and scheme come from X-Forwarded-*. */
  trustProxy: boolean | string
  /** TEST_CLOCK=on: e2e tests may move the server's clock forward (demo mode only). */
  testClock: boolean
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
function trustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false
  return value === 'true' ? true : value
}

/** Reads and checks the environment; production mode lists every missing production setting. */
export function loadConfig(env: Env = process.env): ServerConfig {
  const mode = env.APP_MODE ?? 'demo'
  if (mode !== 'demo' && mode !== 'production') {
    throw new ConfigError([`APP_MODE must be "demo" or "production", got "${mode}"`])
  }
  const config: ServerConfig = {
    mode,
    port: port(env.PORT),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    cookieSecret: env.COOKIE_SECRET ?? (mode === 'demo' ? DEMO_COOKIE_SECRET : ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    smsProvider: env.SMS_PROVIDER ?? 'demo',
    paymentProvider: env.PAYMENT_PROVIDER ?? 'sandbox',
    distDir: resolve(env.DIST_DIR ?? 'dist'),
    screenRendering: env.SSR !== 'off',
    trustProxy: trustProxy(env.TRUST_PROXY),
    testClock: env.TEST_CLOCK === 'on',
  }
  if (mode === 'production') {
    const problems = productionProblems(config)
    if (problems.length > 0) throw new ConfigError(problems)
  }
  return config
}

/** What keeps a configuration from being safe for production (empty when it is). */
export function productionProblems(
  config: Pick<ServerConfig, 'cookieSecret' | 'smsProvider' | 'paymentProvider'> & { testClock?: boolean },
): string[] {
  const problems: string[] = []
  if (config.testClock) problems.push('APP_MODE=production refuses TEST_CLOCK (a test-only clock control)')
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
