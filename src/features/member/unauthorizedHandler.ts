import { loginPathFor, stripLayoutPrefix, withLayoutPrefix } from '../../components/navigation/appPath'
import { addErrorHandler, HttpError } from '../../lib/request'
import { meKey } from './api'
import { LOGIN_PATHS } from './paths'
import { clearLocalUser, isLoggedInLocally, sessionExpired, withExpiredReason } from './session'

interface RouterLike {
  /** Where the app is now. */
  location(): { pathname: string; search: string }
  navigate(to: string): void
}

/**
 * A 401 from any API ends the local session and sends the user to login, to come back afterwards.
 * GET /api/me is the "who am I" probe: its 401 means "logged out", not "go log in".
 * When this browser believed it was logged in, the session expired: the login screen says so
 * (`reason=expired`) and offers the phone number the stores kept.
 */
export function installUnauthorizedRedirect(router: RouterLike): () => void {
  return addErrorHandler((error, { method, url }) => {
    if (!(error instanceof HttpError) || error.status !== 401) return
    // (Also when an earlier 401 already cleared the stores: parallel requests fail together, and the last
    // navigation wins.)
    const expired = isLoggedInLocally() || sessionExpired()
    // The screen stays as it is under the login screen; login refreshes the cached user.
    clearLocalUser(false)
    if (method === 'GET' && new URL(url, 'http://x').pathname === meKey) return
    const { pathname, search } = router.location()
    if (LOGIN_PATHS.includes(stripLayoutPrefix(pathname))) return
    const loginPath = loginPathFor(`${pathname}${search}`)
    router.navigate(withLayoutPrefix(expired ? withExpiredReason(loginPath) : loginPath, pathname))
  })
}
