import { secureUrl } from '../../../platform/secureUrl'

// The company app's token check, from the environment (docs/configuration.md):
//   APP_TOKEN_VERIFY_URL   where a token is checked (POST, signed: appToken/verifier.ts)
//   APP_TOKEN_SECRET       the HMAC-SHA256 secret shared with the app's backend, at least 32 characters
// Both or neither; neither: login by the app's token is off.

export const APP_TOKEN_TIMEOUT_MS = 5_000

export interface AppTokenConfig {
  verifyUrl: string
  secret: string
  timeoutMs: number
}

export type AppTokenConfigResult =
  { ok: true; config: AppTokenConfig | null } | { ok: false; problems: string[] }

type Env = Record<string, string | undefined>

export function appTokenConfigFromEnv(env: Env): AppTokenConfigResult {
  const verifyUrl = env.APP_TOKEN_VERIFY_URL?.trim() ?? ''
  const secret = env.APP_TOKEN_SECRET ?? ''
  if (!verifyUrl && !secret) return { ok: true, config: null }
  const problems: string[] = []
  if (!verifyUrl) problems.push('APP_TOKEN_VERIFY_URL is not set (APP_TOKEN_SECRET is: set both or neither)')
  if (!secret) problems.push('APP_TOKEN_SECRET is not set (APP_TOKEN_VERIFY_URL is: set both or neither)')
  else if (secret.length < 32) problems.push('APP_TOKEN_SECRET must be at least 32 characters')
  const url = verifyUrl ? secureUrl('APP_TOKEN_VERIFY_URL', verifyUrl, problems) : null
  if (problems.length > 0 || !url) return { ok: false, problems }
  const config = { verifyUrl: url.href, timeoutMs: APP_TOKEN_TIMEOUT_MS }
  Object.defineProperty(config, 'secret', { value: secret, enumerable: false })
  return { ok: true, config: Object.freeze(config) as AppTokenConfig }
}
