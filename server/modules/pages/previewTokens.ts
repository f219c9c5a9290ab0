import { createHmac, timingSafeEqual } from 'node:crypto'
import { ApiError } from '../../platform/errors'

// Preview links: an HMAC-SHA256 signature over {pageId, author, exp, now?}, so a link opens one page's draft for
// 24 h on any device and any server process, with nothing stored. The author is checked against the database at
// each use (PageService.preview): a link dies with its author's account.

export const PREVIEW_TTL_MS = 24 * 3600_000
/** Demo mode's secret; production refuses to start without STUDIO_PREVIEW_SECRET. */
export const DEMO_PREVIEW_SECRET = 'demo-only-studio-preview-secret'

interface Claims {
  /** Page id. */
  p: string
  /** The staff account that made the link. */
  a: number
  /** Expiry, epoch ms. */
  e: number
  /** The moment the preview shows, epoch ms (optional). */
  n?: number
}

const invalid = () => new ApiError(403, 'PREVIEW_TOKEN_INVALID', '预览链接无效，请在工作台重新生成')

export class PreviewTokens {
  constructor(private readonly secret: string) {}

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url')
  }

  create(pageId: string, authorId: number, expiresAt: Date, nowMs?: number): string {
    const claims: Claims = {
      p: pageId,
      a: authorId,
      e: expiresAt.getTime(),
      ...(nowMs !== undefined ? { n: nowMs } : {}),
    }
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url')
    return `${payload}.${this.sign(payload)}`
  }

  /** The token's author and moment (if any) when it is a valid, unexpired signature for this page; 403 otherwise. */
  verify(token: string, pageId: string, now: Date): { authorId: number; nowMs?: number } {
    const [payload, signature] = token.split('.')
    if (!payload || !signature) throw invalid()
    const expected = Buffer.from(this.sign(payload))
    const given = Buffer.from(signature)
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid()
    let claims: Claims
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims
    } catch {
      throw invalid()
    }
    // A link made before links named their author is no longer valid.
    if (claims.p !== pageId || !Number.isInteger(claims.a)) throw invalid()
    if (!(claims.e > now.getTime()))
      throw new ApiError(403, 'PREVIEW_TOKEN_EXPIRED', '预览链接已过期（有效期 24 小时），请在工作台重新生成')
    return { authorId: claims.a, ...(typeof claims.n === 'number' ? { nowMs: claims.n } : {}) }
  }
}
