import useSWR from 'swr'
import { HttpError, get, patch, post, put } from '../../lib/request'
import type { Health } from '../../types/generated/api/common'
import type {
  LoginRequest,
  LoginResponse,
  Me,
  MeOverview,
  RealNameRequest,
  SmsCodeResponse,
  UpdateMeRequest,
} from '../../types/generated/api/auth'

// Login by SMS code, the current user, real-name verification (schemas/api/auth.schema.json), and the
// server's run mode (demo mode shows the 演示环境 badge and the login code).

export type { Me, LoginResponse, MeOverview } from '../../types/generated/api/auth'

export const meKey = '/api/me'
export const meOverviewKey = '/api/me/overview'

export const requestSmsCode = (phone: string) => post<SmsCodeResponse>('/api/auth/sms-code', { phone })
export const loginWithCode = (body: LoginRequest) => post<LoginResponse>('/api/auth/login', body)
/** Demo mode only (the endpoint is 404 in production): the code the demo SMS provider "sent". */
export const fetchDemoSmsCode = (phone: string) =>
  get<{ code: string }>('/api/dev/sms-outbox', { params: { phone }, cache: false })
export const logout = () => post<{ ok: true }>('/api/auth/logout')
export const updateMe = (body: UpdateMeRequest) => patch<Me>(meKey, body)
export const setAvatar = (mediaId: string) => put<Me>('/api/me/avatar', { mediaId })
export const submitRealName = (body: RealNameRequest) => post<Me>('/api/me/real-name', body)

/** The current user, or null when logged out (a 401 here is an answer, not an error). */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await get<Me>(meKey, { cache: false })
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return null
    throw error
  }
}

export function useMe() {
  return useSWR<Me | null>(meKey, fetchMe)
}

/** The 我的 screen's counts (orders per status, policies per status); asked only while logged in. */
export function useMeOverview(loggedIn: boolean) {
  return useSWR<MeOverview>(loggedIn ? meOverviewKey : null)
}

export const healthKey = '/api/health'

/** Server health, including the run mode ("demo" shows the 演示环境 badge). */
export function useHealth() {
  return useSWR<Health>(healthKey, { revalidateIfStale: false })
}
