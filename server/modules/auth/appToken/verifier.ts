import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { AppTokenConfig } from './config'

// The company app's token check (docs/configuration.md, "The company app's token"):
//
//   POST APP_TOKEN_VERIFY_URL   Content-Type: application/json   body {"token":"<the app's token>"}
//   X-Signature-Timestamp: <unix seconds>   X-Signature-Nonce: <32 hex>
//   X-Signature: hex HMAC-SHA256(APP_TOKEN_SECRET, timestamp + "\n" + nonce + "\n" + body)
//
// The answer is signed the same way over its own timestamp, the request's nonce and its body (X-Signature-Timestamp,
// X-Signature): 200 {"phone":"1xxxxxxxxxx"} for a valid token, 401 {"code":"INVALID_TOKEN"} otherwise. An unsigned,
// badly signed or stale answer is not believed. The token is never logged.

export const SIGNATURE_WINDOW_SECONDS = 300

export class AppTokenUnavailable extends Error {}

export type AppTokenVerdict = { valid: true; phone: string } | { valid: false }

export function appTokenSignature(secret: string, timestamp: string, nonce: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${nonce}\n${body}`).digest('hex')
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

const PHONE = /^1[3-9]\d{9}$/

export class AppTokenVerifier {
  constructor(
    private readonly config: AppTokenConfig,
    private readonly now: () => Date,
  ) {}

  async verify(token: string): Promise<AppTokenVerdict> {
    const body = JSON.stringify({ token })
    const timestamp = String(Math.floor(this.now().getTime() / 1000))
    const nonce = randomBytes(16).toString('hex')
    let status: number
    let raw: string
    let answerTimestamp: string | null
    let answerSignature: string | null
    try {
      const response = await fetch(this.config.verifyUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-Signature-Timestamp': timestamp,
          'X-Signature-Nonce': nonce,
          'X-Signature': appTokenSignature(this.config.secret, timestamp, nonce, body),
        },
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(this.config.timeoutMs),
      })
      status = response.status
      raw = await response.text()
      answerTimestamp = response.headers.get('x-signature-timestamp')
      answerSignature = response.headers.get('x-signature')
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'network error'
      throw new AppTokenUnavailable(`app token check: ${reason}`)
    }
    const signed =
      answerTimestamp !== null &&
      answerSignature !== null &&
      /^\d{1,12}$/.test(answerTimestamp) &&
      Math.abs(Number(answerTimestamp) - this.now().getTime() / 1000) <= SIGNATURE_WINDOW_SECONDS &&
      sameHex(answerSignature, appTokenSignature(this.config.secret, answerTimestamp, nonce, raw))
    if (!signed) throw new AppTokenUnavailable(`app token check: HTTP ${status} answer not signed by the app`)
    let answer: unknown = null
    try {
      answer = JSON.parse(raw)
    } catch {
      // named below
    }
    const field = (name: string) =>
      typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>)[name] : undefined
    if (status === 401 && field('code') === 'INVALID_TOKEN') return { valid: false }
    const phone = field('phone')
    if (status !== 200 || typeof phone !== 'string' || !PHONE.test(phone))
      throw new AppTokenUnavailable(`app token check: HTTP ${status} answer without a phone`)
    return { valid: true, phone }
  }
}
