import type { AppOptions } from '../app'
import { ConfigError, type ServerConfig } from './config'
import type { SandboxSecrets } from '../modules/payments/providers/sandbox'
import { wechatPayConfigFromEnv } from '../modules/payments/providers/wechatpay/config'
import { WechatPayProvider } from '../modules/payments/providers/wechatpay/provider'
import { aliyunSmsConfigFromEnv } from '../modules/auth/sms/aliyun/config'
import { AliyunSmsProvider } from '../modules/auth/sms/aliyun/provider'
import { openMediaStore } from './media'
import { partnerOptionsFromEnv } from '../modules/partners/config'
import { wechatConfigFromEnv } from '../modules/wechat/config'
import { appTokenConfigFromEnv } from '../modules/auth/appToken/config'

// The outer edges chosen by the environment: SMS_PROVIDER (demo | aliyun) and PAYMENT_PROVIDER
// (sandbox | wechatpay). Each real provider reads its own settings and names every one that is missing.

type Env = Record<string, string | undefined>

export const SMS_PROVIDERS = ['demo', 'aliyun'] as const
export const PAYMENT_PROVIDERS = ['sandbox', 'wechatpay'] as const

export interface Providers {
  smsProvider?: AppOptions['smsProvider']
  paymentProvider?: AppOptions['paymentProvider']
  sandboxSecrets?: SandboxSecrets
}

export type ProvidersResult = { ok: true; providers: Providers } | { ok: false; problems: string[] }

export function providersFromEnv(env: Env): ProvidersResult {
  const problems: string[] = []
  const providers: Providers = {}
  const sms = env.SMS_PROVIDER ?? 'demo'
  if (sms === 'aliyun') {
    const config = aliyunSmsConfigFromEnv(env)
    if (config.ok) providers.smsProvider = new AliyunSmsProvider(config.config)
    else problems.push(...config.problems)
  } else if (sms !== 'demo') {
    problems.push(`SMS_PROVIDER must be one of ${SMS_PROVIDERS.join(', ')}, got "${sms}"`)
  }
  const payment = env.PAYMENT_PROVIDER ?? 'sandbox'
  if (payment === 'wechatpay') {
    const config = wechatPayConfigFromEnv(env)
    if (config.ok) providers.paymentProvider = (_database, now) => new WechatPayProvider(config.config, now)
    else problems.push(...config.problems)
  } else if (payment === 'sandbox') {
    if (env.PAYMENT_SANDBOX_SECRET)
      providers.sandboxSecrets = {
        current: env.PAYMENT_SANDBOX_SECRET,
        previous: env.PAYMENT_SANDBOX_SECRET_PREVIOUS || undefined,
      }
  } else {
    problems.push(`PAYMENT_PROVIDER must be one of ${PAYMENT_PROVIDERS.join(', ')}, got "${payment}"`)
  }
  return problems.length ? { ok: false, problems } : { ok: true, providers }
}

/** The app's options from the environment (the server and the commands that open its database share them). */
export function appOptionsFromEnv(config: ServerConfig, env: Env): AppOptions {
  const edges = providersFromEnv(env)
  const partners = partnerOptionsFromEnv(env)
  const wechat = wechatConfigFromEnv(env)
  const appToken = appTokenConfigFromEnv(env)
  const problems = [edges, partners, wechat, appToken].flatMap((result) => (result.ok ? [] : result.problems))
  if (!edges.ok || !partners.ok || !wechat.ok || !appToken.ok) throw new ConfigError(problems)
  return {
    ...edges.providers,
    partners: partners.options,
    wechat: wechat.config,
    appToken: appToken.config,
    trustProxy: config.trustProxy,
    mode: config.mode,
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    cookieSecret: config.cookieSecret,
    studioPreviewSecret: env.STUDIO_PREVIEW_SECRET || undefined,
    // The same variable the build reads: the studio app lives at {VITE_BASE_PATH}studio.
    basePath: env.VITE_BASE_PATH || undefined,
    distDir: config.distDir,
    screenRendering: config.screenRendering,
    renderThreads: config.renderThreads,
    testClock: config.testClock,
    // Files stay under DATA_DIR also when the database is a PostgreSQL server (DATABASE_URL).
    mediaStore: openMediaStore(config.media),
    publicUrl: config.publicUrl,
  }
}
