import { mutate } from 'swr'
import { meKey, type Me } from '../../api/auth'
import { clearRequestCache } from '../../lib/request'
import { nativeStore } from '../../state/native'
import { userStore } from '../../state/user'

// The `user` and `native` stores mirror the server session (the cookie itself is HttpOnly).
// native.token holds an opaque marker of the session's user, never the secret cookie value.

export function applyLoggedIn(me: Me): void {
  userStore.update({
    id: me.id,
    userInfo: { id: me.id, phone: me.phone, nickname: me.nickname, avatar: me.avatar ?? undefined },
    certiNo: me.realName?.idNumber ?? '',
    unLoginF: false,
    isRefetchUserInfo: false,
  })
  nativeStore.update({ token: me.id })
  void mutate(meKey, me, { revalidate: false })
}

/** Forget the user in the stores; `explicit` marks a logout the user asked for (unLoginF). */
export function clearLocalUser(explicit: boolean): void {
  userStore.update({ id: '', userInfo: {}, certiNo: '', unLoginF: explicit, isRefetchUserInfo: true })
  nativeStore.update({ token: '' })
  clearRequestCache()
}

/** Logged out: stores and the cached current user. */
export function applyLoggedOut(explicit: boolean): void {
  clearLocalUser(explicit)
  void mutate(meKey, null, { revalidate: false })
}

export const LOGIN_PATHS = ['/Login', '/verificationCode', '/loginC', '/loginC/authentication']
