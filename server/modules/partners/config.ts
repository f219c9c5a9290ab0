import {
  DEFAULT_PARTNER_QUOTE_TIMEOUT_MS,
  DEFAULT_PARTNER_TIMEOUT_MS,
  type HuatingConfig,
} from './huating/adapter'

// The partner's settings from the environment (README lists them):
//   PARTNER_SANDBOX          on | off: start the sandbox partner on 127.0.0.1 (default on in demo; production refuses on)
//   PARTNER_HUATING_URL      the partner's API base URL (without the sandbox)
//   PARTNER_HUATING_SECRET   the shared HMAC secret (at least 32 characters in production)
//   PARTNER_HUATING_SECRET_PREVIOUS  the secret before a rotation, still accepted on callbacks
//   PARTNER_TIMEOUT_MS       each call's limit (default 5000)
//   PARTNER_QUOTE_TIMEOUT_MS a quote's whole budget, at most one retry within it (default 3000; a person waits)
//   PARTNER_CALLBACK_URL     where the sandbox sends its callbacks (default: this server on 127.0.0.1)

type Env = Record<string, string | undefined>

/** Demo mode's shared secret between us and the sandbox partner. */
export const DEMO_PARTNER_SECRET = 'demo-huating-partner-secret-not-for-production'

export interface PartnerOptions {
  /** Start the sandbox partner (default: demo mode). Its issuing delay may be set (tests make it short). */
  sandbox?: boolean | { issueDelayMs?: number }
  /** The real partner (or a stand-in) when there is no sandbox; url and secret, with optional tuning. */
  huating?: Partial<HuatingConfig>
  /** Where the sandbox's callbacks go (default: this server's /api/partner/callbacks/huating on 127.0.0.1). */
  callbackUrl?: string
}

export type PartnerOptionsResult = { ok: true; options: PartnerOptions } | { ok: false; problems: string[] }

export function partnerOptionsFromEnv(env: Env): PartnerOptionsResult {
  const problems: string[] = []
  const options: PartnerOptions = {}
  const sandbox = env.PARTNER_SANDBOX
  if (sandbox !== undefined && sandbox !== 'on' && sandbox !== 'off')
    problems.push(`PARTNER_SANDBOX must be on or off, got "${sandbox}"`)
  else if (sandbox) options.sandbox = sandbox === 'on'
  const huating: Partial<HuatingConfig> = {}
  if (env.PARTNER_HUATING_URL) {
    try {
      huating.url = new URL(env.PARTNER_HUATING_URL).toString()
    } catch {
      problems.push('PARTNER_HUATING_URL must be a URL')
    }
  }
  if (env.PARTNER_HUATING_SECRET) huating.secret = env.PARTNER_HUATING_SECRET
  if (env.PARTNER_HUATING_SECRET_PREVIOUS) huating.previousSecret = env.PARTNER_HUATING_SECRET_PREVIOUS
  if (env.PARTNER_TIMEOUT_MS !== undefined) {
    const ms = Number(env.PARTNER_TIMEOUT_MS)
    if (!Number.isInteger(ms) || ms < 100 || ms > 60_000)
      problems.push(`PARTNER_TIMEOUT_MS must be an integer 100..60000, got "${env.PARTNER_TIMEOUT_MS}"`)
    else huating.timeoutMs = ms
  }
  if (env.PARTNER_QUOTE_TIMEOUT_MS !== undefined) {
    const ms = Number(env.PARTNER_QUOTE_TIMEOUT_MS)
    if (!Number.isInteger(ms) || ms < 100 || ms > 60_000)
      problems.push(
        `PARTNER_QUOTE_TIMEOUT_MS must be an integer 100..60000, got "${env.PARTNER_QUOTE_TIMEOUT_MS}"`,
      )
    else huating.quoteTimeoutMs = ms
  }
  if (Object.keys(huating).length) options.huating = huating
  if (env.PARTNER_CALLBACK_URL) options.callbackUrl = env.PARTNER_CALLBACK_URL
  return problems.length ? { ok: false, problems } : { ok: true, options }
}

/** The adapter's full settings: the sandbox's URL and the demo secret when the sandbox runs. */
export function huatingConfig(options: PartnerOptions, sandboxUrl: string | null): HuatingConfig | null {
  const url = sandboxUrl ?? options.huating?.url
  const secret = options.huating?.secret ?? (sandboxUrl ? DEMO_PARTNER_SECRET : undefined)
  if (!url || !secret) return null
  return {
    url,
    secret,
    previousSecret: options.huating?.previousSecret,
    timeoutMs: options.huating?.timeoutMs ?? DEFAULT_PARTNER_TIMEOUT_MS,
    retries: options.huating?.retries ?? 2,
    retryDelayMs: options.huating?.retryDelayMs ?? 200,
    quoteTimeoutMs: options.huating?.quoteTimeoutMs ?? DEFAULT_PARTNER_QUOTE_TIMEOUT_MS,
  }
}

/** Production's refusals, named. */
export function partnerProblems(mode: 'demo' | 'production', options: PartnerOptions): string[] {
  if (mode !== 'production') return []
  const problems: string[] = []
  if (options.sandbox) problems.push('APP_MODE=production refuses PARTNER_SANDBOX=on')
  const secret = options.huating?.secret
  if (options.huating?.url && (!secret || secret.length < 32 || secret === DEMO_PARTNER_SECRET))
    problems.push('PARTNER_HUATING_URL needs PARTNER_HUATING_SECRET (at least 32 characters)')
  return problems
}
