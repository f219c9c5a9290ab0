import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Staff, StaffRole } from '../../../src/types/generated/api/studio'
import { ApiError } from '../../platform/errors'
import { ROLE_NAMES, ROLE_RANK, type StaffService } from './service'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on routes whose schema names a staff role (`staff: 'editor'`): the signed-in staff member. */
    staff: Staff | null
  }
}

export const STUDIO_COOKIE = 'studio_session'
const COOKIE_PATH = '/api/studio'

export const staffLoginRequired = () => new ApiError(401, 'STAFF_LOGIN_REQUIRED', '请先登录运营工作台')

export function setStudioCookie(reply: FastifyReply, token: string, secure: boolean): void {
  // A browser-session cookie scoped to the studio's API; the server ends the session after 12 h idle.
  reply.setCookie(STUDIO_COOKIE, token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    signed: true,
  })
}

export function clearStudioCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(STUDIO_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure })
}

export function studioToken(request: FastifyRequest): string | null {
  const raw = request.cookies[STUDIO_COOKIE]
  if (!raw) return null
  const unsigned = request.unsignCookie(raw)
  return unsigned.valid && unsigned.value ? unsigned.value : null
}

/**
 * The check platform/auth.ts puts in front of every route whose schema names a staff role: 401 without a live
 * studio session, 403 naming the role needed when the staff member's role is lower.
 */
export class StaffGuard {
  constructor(
    private readonly staff: StaffService,
    private readonly secureCookies: boolean,
  ) {}

  async authenticate(request: FastifyRequest, reply: FastifyReply, role: StaffRole): Promise<void> {
    const token = studioToken(request)
    if (!token) throw staffLoginRequired()
    const staff = await this.staff.resolve(token)
    if (!staff) {
      clearStudioCookie(reply, this.secureCookies)
      throw staffLoginRequired()
    }
    if (ROLE_RANK[staff.role] < ROLE_RANK[role])
      throw new ApiError(403, 'STAFF_FORBIDDEN', `需要${ROLE_NAMES[role]}权限`, [
        { field: 'role', message: `需要${ROLE_NAMES[role]}或更高权限` },
      ])
    request.staff = staff
  }
}

/** The signed-in staff member inside a route whose schema names a role. */
export function staffOf(request: FastifyRequest): Staff {
  if (!request.staff) throw staffLoginRequired()
  return request.staff
}
