import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Staff } from '../../../src/types/generated/api/studio'
import { ApiError } from '../../platform/errors'
import type { StaffAccess } from '../../platform/route'
import { ROLE_NAMES, roleAllows, type StaffService } from './service'
import { markReadsVisitor } from '../../platform/sameForEveryone'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on routes whose schema names a staff role (`staff: 'editor'`): the signed-in staff member. */
    staff: Staff | null
  }
  interface FastifyContextConfig {
    /**
     * The CSRF value may come as the `csrf` query parameter: for the event streams the studio opens with
     * EventSource, which cannot send headers (read-only GETs; the session cookie is SameSite=Strict anyway).
     */
    csrfInQuery?: boolean
  }
}

export const STUDIO_COOKIE = 'studio_session'
const COOKIE_PATH = '/api/studio'
/**
 * The session's CSRF value, readable by the studio app only: its cookie's path is the studio's own (/studio), so
 * consumer pages, /activity/* and the preview frame (/studio-preview) never see it. The studio sends it back in
 * CSRF_HEADER (src/studio/api/client.ts); a page's request carries the session cookie but never the header.
 */
export const CSRF_COOKIE = 'studio_csrf'
export const CSRF_HEADER = 'x-studio-csrf'

export const staffLoginRequired = () => new ApiError(401, 'STAFF_LOGIN_REQUIRED', '请先登录运营工作台')
const csrfRequired = () =>
  new ApiError(403, 'STAFF_CSRF_REQUIRED', '工作台请求缺少安全校验，请在工作台中刷新页面后重试', [
    { field: CSRF_HEADER, message: '缺少或不匹配' },
  ])

export function studioToken(request: FastifyRequest): string | null {
  markReadsVisitor(request)
  const raw = request.cookies[STUDIO_COOKIE]
  if (!raw) return null
  const unsigned = request.unsignCookie(raw)
  return unsigned.valid && unsigned.value ? unsigned.value : null
}

/** The studio app's path under the SPA's base path (VITE_BASE_PATH): `/studio`, `/mall/studio`. */
export const studioAppPath = (basePath: string) => `${basePath.replace(/\/+$/, '')}/studio`

export interface StudioCookieOptions {
  secure: boolean
  /** Signs the session cookie and keys the CSRF value (COOKIE_SECRET). */
  secret: string
  /** Where the studio app is served (studioAppPath): the CSRF cookie's path. */
  appPath: string
}

/**
 * The check platform/auth.ts puts in front of every route whose schema names a staff role: 401 without a live
 * studio session, 403 without the session's CSRF value in X-Studio-CSRF, 403 naming the role needed when the
 * staff member's role is lower. It also sets and clears the studio's two cookies.
 */
export class StaffGuard {
  constructor(
    private readonly staff: StaffService,
    private readonly cookies: StudioCookieOptions,
  ) {}

  /**
   * An HMAC of the session token under the cookie secret: every process derives the same value, nothing is
   * stored, and it is worth nothing without the session it was made for.
   */
  csrfValue(token: string): string {
    return createHmac('sha256', this.cookies.secret).update(`studio-csrf:${token}`).digest('base64url')
  }

  /** After a login: the session (HttpOnly, the studio's API only) and its CSRF value (the studio app only). */
  startSession(reply: FastifyReply, token: string): void {
    const { secure, appPath } = this.cookies
    // Browser-session cookies; the server ends the session after 12 h idle.
    reply.setCookie(STUDIO_COOKIE, token, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure,
      signed: true,
    })
    reply.setCookie(CSRF_COOKIE, this.csrfValue(token), { path: appPath, sameSite: 'strict', secure })
  }

  endSession(reply: FastifyReply): void {
    const { secure, appPath } = this.cookies
    reply.clearCookie(STUDIO_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure })
    reply.clearCookie(CSRF_COOKIE, { path: appPath, sameSite: 'strict', secure })
  }

  private csrfMatches(request: FastifyRequest, token: string): boolean {
    const given =
      request.headers[CSRF_HEADER] ??
      (request.routeOptions.config.csrfInQuery ? (request.query as { csrf?: unknown }).csrf : undefined)
    if (typeof given !== 'string') return false
    const expected = Buffer.from(this.csrfValue(token))
    const actual = Buffer.from(given)
    return actual.length === expected.length && timingSafeEqual(actual, expected)
  }

  async authenticate(request: FastifyRequest, reply: FastifyReply, role: StaffAccess): Promise<void> {
    const token = studioToken(request)
    if (!token) throw staffLoginRequired()
    // Before the session is looked up: a page's request (the cookie without the header) costs no query.
    if (!this.csrfMatches(request, token)) throw csrfRequired()
    request.staff = await this.staffWithRole(token, reply, role)
  }

  /**
   * For the one route a navigator.sendBeacon calls (presence leave), which cannot send the CSRF header: the
   * session and role only. The route itself must demand a secret that stands in for the header.
   */
  async authenticateBeacon(request: FastifyRequest, reply: FastifyReply, role: StaffAccess): Promise<Staff> {
    const token = studioToken(request)
    if (!token) throw staffLoginRequired()
    return this.staffWithRole(token, reply, role)
  }

  private async staffWithRole(token: string, reply: FastifyReply, role: StaffAccess): Promise<Staff> {
    const staff = await this.staff.resolve(token)
    if (!staff) {
      this.endSession(reply)
      throw staffLoginRequired()
    }
    if (!roleAllows(staff.role, role)) {
      const needed = role === 'staff' ? '工作台' : ROLE_NAMES[role]
      throw new ApiError(403, 'STAFF_FORBIDDEN', `需要${needed}权限`, [
        {
          field: 'role',
          message:
            role === 'compliance' || role === 'agent'
              ? `需要${needed}或管理员权限`
              : `需要${needed}或更高权限`,
        },
      ])
    }
    return staff
  }
}

/** The signed-in staff member inside a route whose schema names a role. */
export function staffOf(request: FastifyRequest): Staff {
  if (!request.staff) throw staffLoginRequired()
  return request.staff
}
