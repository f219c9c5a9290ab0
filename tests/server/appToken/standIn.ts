import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/*
 * A stand-in for the company app's token check on 127.0.0.1 (the protocol: docs/configuration.md, "The company
 * app's token").
 *
 *   const fx = await createAppTokenFixture()
 *   start the server with fx.env (APP_TOKEN_VERIFY_URL, APP_TOKEN_SECRET), or
 *   buildApp({ appToken: <appTokenConfigFromEnv(fx.env).config> })
 *   const token = fx.standIn.issue('13800138000')   // the token the app hands the page (a bridge's getToken)
 *   fx.standIn.revoke(token); fx.standIn.requests   // each check and its verdict
 *   fx.standIn.answerSecret = 'other…'              // answers signed with a key the mall does not know
 *
 * It checks each request on its own, not with the mall's code: POST, application/json, a body of exactly
 * {"token": string}, X-Signature-Timestamp within 300 s of its clock, X-Signature-Nonce (16 to 64 hex digits) not
 * seen before, X-Signature = hex HMAC-SHA256(secret, timestamp + "\n" + nonce + "\n" + body). Refusals are
 * 401 SIGNATURE_INVALID, STALE_TIMESTAMP, REPLAYED_NONCE (unsigned: it does not trust the caller) or 400
 * BAD_REQUEST; a checked request gets 200 {"phone"} or 401 INVALID_TOKEN, signed over the answer's timestamp, the
 * request's nonce and the answer's body.
 */

export const VERIFY_PATH = '/open-api/v1/app-token/verify'

export interface TokenCheck {
  status: number
  code: string | null
  phone: string | null
}

const WINDOW_SECONDS = 300

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex')

export class AppTokenStandIn {
  /** http://127.0.0.1:PORT/open-api/v1/app-token/verify: APP_TOKEN_VERIFY_URL. */
  verifyUrl = ''
  /** Signs the answers; the shared secret unless a test replaces it. */
  answerSecret: string
  readonly requests: TokenCheck[] = []
  private readonly tokens = new Map<string, { phone: string; expiresAt: number }>()
  private readonly nonces = new Set<string>()
  private readonly server: Server

  private constructor(
    readonly secret: string,
    private readonly now: () => Date,
  ) {
    this.answerSecret = secret
    this.server = createServer((req, res) => {
      this.handle(req, res).catch(() => res.destroy())
    })
  }

  static async start(secret: string, now: () => Date = () => new Date()): Promise<AppTokenStandIn> {
    const standIn = new AppTokenStandIn(secret, now)
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve))
    const address = standIn.server.address()
    if (typeof address !== 'object' || !address) throw new Error('app token stand-in: no address')
    standIn.verifyUrl = `http://127.0.0.1:${address.port}${VERIFY_PATH}`
    return standIn
  }

  /** A token the app would hand the page for the user of `phone` (valid for `ttlMs`). */
  issue(phone: string, ttlMs = 2 * 3600_000): string {
    const token = `at_${randomBytes(24).toString('base64url')}`
    this.tokens.set(token, { phone, expiresAt: this.now().getTime() + ttlMs })
    return token
  }

  revoke(token: string): void {
    this.tokens.delete(token)
  }

  async close(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req)
    const nonce = String(req.headers['x-signature-nonce'] ?? '')
    const refuse = (status: number, code: string) => {
      this.requests.push({ status, code, phone: null })
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
      res.end(JSON.stringify({ code }))
    }
    const answer = (status: number, payload: { phone: string } | { code: string }) => {
      const text = JSON.stringify(payload)
      const timestamp = String(Math.floor(this.now().getTime() / 1000))
      this.requests.push({
        status,
        code: 'code' in payload ? payload.code : null,
        phone: 'phone' in payload ? payload.phone : null,
      })
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'x-signature-timestamp': timestamp,
        'x-signature': hmac(this.answerSecret, `${timestamp}\n${nonce}\n${text}`),
      })
      res.end(text)
    }
    if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://x').pathname !== VERIFY_PATH)
      return refuse(404, 'NOT_FOUND')
    if (!String(req.headers['content-type'] ?? '').startsWith('application/json'))
      return refuse(400, 'BAD_REQUEST')
    const timestamp = String(req.headers['x-signature-timestamp'] ?? '')
    const signature = String(req.headers['x-signature'] ?? '')
    if (
      !/^\d{1,12}$/.test(timestamp) ||
      !/^[0-9a-f]{16,64}$/.test(nonce) ||
      !/^[0-9a-f]{64}$/.test(signature)
    )
      return refuse(401, 'SIGNATURE_INVALID')
    const expected = Buffer.from(hmac(this.secret, `${timestamp}\n${nonce}\n${body}`))
    if (!timingSafeEqual(expected, Buffer.from(signature))) return refuse(401, 'SIGNATURE_INVALID')
    if (Math.abs(Number(timestamp) - this.now().getTime() / 1000) > WINDOW_SECONDS)
      return refuse(401, 'STALE_TIMESTAMP')
    if (this.nonces.has(nonce)) return refuse(401, 'REPLAYED_NONCE')
    this.nonces.add(nonce)
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      return refuse(400, 'BAD_REQUEST')
    }
    const fields = typeof parsed === 'object' && parsed !== null ? Object.keys(parsed) : []
    const token = (parsed as { token?: unknown } | null)?.token
    if (fields.length !== 1 || typeof token !== 'string') return refuse(400, 'BAD_REQUEST')
    const known = this.tokens.get(token)
    if (!known || known.expiresAt <= this.now().getTime()) return answer(401, { code: 'INVALID_TOKEN' })
    return answer(200, { phone: known.phone })
  }
}

export interface AppTokenFixture {
  /** APP_TOKEN_VERIFY_URL and APP_TOKEN_SECRET for the server. */
  env: Record<string, string>
  standIn: AppTokenStandIn
  close(): Promise<void>
}

export async function createAppTokenFixture(options: { now?: () => Date } = {}): Promise<AppTokenFixture> {
  const secret = randomBytes(24).toString('base64url')
  const standIn = await AppTokenStandIn.start(secret, options.now)
  return {
    env: { APP_TOKEN_VERIFY_URL: standIn.verifyUrl, APP_TOKEN_SECRET: secret },
    standIn,
    close: () => standIn.close(),
  }
}
