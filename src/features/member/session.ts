import { mutate } from 'swr'
import { fetchMe, meKey, meOverviewKey, type Me } from './api'
import { isValidPhone } from '../../domain/phone'
import { clearRequestCache } from '../../lib/request'
import { nativeStore } from '../../state/native'
import { userStore, type UserState } from '../../state/user'

// The `user` and `native` stores mirror the server session (the cookie itself is HttpOnly).
// native.token holds an opaque marker of the session's user, never the secret cookie value.

/** Puts a logged-in user into the stores, without telling SWR (a server render sets them so too). */
export function storeLoggedIn(me: Me): void {
  userStore.update({
    id: me.id,
    userInfo: { id: me.id, phone: me.phone, nickname: me.nickname, avatar: me.avatar ?? undefined },
    certiNo: me.realName?.idNumber ?? '',
    unLoginF: false,
    isRefetchUserInfo: false,
  })
  nativeStore.update({ token: me.id })
}

export function applyLoggedIn(me: Me): void {
  storeLoggedIn(me)
  void mutate(meKey, me, { revalidate: false })
}

/**
 * Forget the user in the stores; `explicit` marks a logout the user asked for (unLoginF).
 * A session that ended by itself (expired, or ended on the server) keeps only the phone number, so the login
 * screen can offer it again; an explicit logout forgets it too.
 */
export function clearLocalUser(explicit: boolean): void {
  const phone = userStore.state.userInfo.phone
  const kept = !explicit && typeof phone === 'string' && isValidPhone(phone) ? { phone } : {}
  userStore.update({ id: '', userInfo: kept, certiNo: '', unLoginF: explicit, isRefetchUserInfo: true })
  nativeStore.update({ token: '' })
  clearRequestCache()
}

/** Logged out: stores and the cached current user. */
export function applyLoggedOut(explicit: boolean): void {
  clearLocalUser(explicit)
  void mutate(meKey, null, { revalidate: false })
  void mutate(meOverviewKey, undefined, { revalidate: false })
}

/** True while the stores hold a logged-in user (what this browser believed before the server answered). */
export function isLoggedInLocally(state: UserState = userStore.state): boolean {
  return state.id !== ''
}

/** The phone number to offer on the login screen: the last user's, unless they logged out themselves. */
export function rememberedPhone(state: UserState = userStore.state): string {
  const phone = state.userInfo.phone
  return !state.unLoginF && typeof phone === 'string' && isValidPhone(phone) ? phone : ''
}

/** A session ended by itself (not by logout) and nobody has logged in since: the stores kept only its phone. */
export function sessionExpired(state: UserState = userStore.state): boolean {
  return !isLoggedInLocally(state) && rememberedPhone(state) !== ''
}

/** Query parameter telling the login screen why it is shown (`reason=expired`: 登录已过期，请重新登录). */
export const LOGIN_REASON_PARAM = 'reason'
export const LOGIN_REASON_EXPIRED = 'expired'

/** A login path (`/Login?redirect=…`) that says the session expired. */
export function withExpiredReason(loginPath: string): string {
  return `${loginPath}${loginPath.includes('?') ? '&' : '?'}${LOGIN_REASON_PARAM}=${LOGIN_REASON_EXPIRED}`
}

/**
 * The visitor's session asked of the API and put in the stores (a page rendered for everyone and sent to a
 * session): what this device remembered yields to it. A failed request leaves the stores as they are.
 */
export async function refreshSession(): Promise<void> {
  const session = await fetchMe().catch(() => undefined)
  if (session) applyLoggedIn(session)
  else if (session === null && isLoggedInLocally()) clearLocalUser(false)
}
