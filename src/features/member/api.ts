import useSWR from 'swr'
import { HttpError, del, get, patch, post, put } from '../../lib/request'
import { servedAppMode } from '../../page-config/appMode'
import type { Health } from '../../types/generated/api/common'
import type { DataLoad } from '../../types/route'
import type {
  AccountStatus,
  AgreementList,
  MemberRules,
  MemberStatus,
} from '../../types/generated/api/member'
import type {
  AppTokenLoginRequest,
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

export type { AppTokenLoginRequest, LoginResponse, Me, MeOverview } from '../../types/generated/api/auth'

export const meKey = '/api/me'
export const meOverviewKey = '/api/me/overview'

export const requestSmsCode = (phone: string) => post<SmsCodeResponse>('/api/auth/sms-code', { phone })
export const loginWithCode = (body: LoginRequest) => post<LoginResponse>('/api/auth/login', body)
/** Inside the company's app: its token for a session (400 AGREEMENT_REQUIRED: the user must consent first). */
export const loginWithAppToken = (body: AppTokenLoginRequest) =>
  post<LoginResponse>('/api/auth/app-token', body)
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

/** Server health, including the run mode ("demo" shows the 演示环境 badge); `ask` false: not asked. */
export function useHealth(ask = true) {
  return useSWR<Health>(ask ? healthKey : null, { revalidateIfStale: false })
}

/**
 * The server's run mode: what the page's HTML says (src/page-config/appMode.ts), known from the first render,
 * else (Vite's dev server) /api/health's answer once it comes; undefined until then. The server's renderer has
 * no document: it asks /api/health, so the screen it renders says the same as the browser's first render.
 */
export function useAppMode(): string | undefined {
  const served = pageAppMode()
  const { data } = useHealth(served === null)
  return served ?? data?.mode
}

/** The mode the page's HTML says; null on the server (no document) and under Vite's dev server. */
const pageAppMode = (): string | null => (typeof document === 'undefined' ? null : servedAppMode(document))

/** A screen loader's part for useAppMode: /api/health, when the page's HTML says no mode. */
export const loadAppMode = (load: DataLoad) => (pageAppMode() === null ? load<Health>(healthKey) : undefined)

// The member area (schemas/api/member.schema.json): level, rules, agreements signed, consent, deletion.
export const memberKey = '/api/member'
export const memberRulesKey = '/api/member/rules'
export const agreementsKey = '/api/me/agreements'
export const accountKey = '/api/me/account'

/** The user's level and growth; asked only while logged in. */
export function useMemberStatus(loggedIn = true) {
  return useSWR<MemberStatus>(loggedIn ? memberKey : null)
}
export const useMemberRules = () => useSWR<MemberRules>(memberRulesKey, { revalidateIfStale: false })
export const useAgreements = () => useSWR<AgreementList>(agreementsKey)
export const useAccountStatus = () => useSWR<AccountStatus>(accountKey)
export const withdrawConsent = () => post<{ ok: true }>('/api/me/consent-withdrawal')
export const requestDeletion = () => post<AccountStatus>('/api/me/deletion')
export const cancelDeletion = () => del<AccountStatus>('/api/me/deletion')
