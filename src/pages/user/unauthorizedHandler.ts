import { loginPathFor, stripLayoutPrefix, withLayoutPrefix } from '../../components/navigation/appPath'
import { addErrorHandler, HttpError } from '../../lib/request'
import { clearLocalUser, LOGIN_PATHS } from './session'

interface RouterLike {
  state: { location: { pathname: string; search: string } }
  navigate(to: string): unknown
}

/**
 * A 401 from any API ends the local session and sends the user to login, to come back afterwards.
 * GET /api/me is the "who am I" probe: its 401 means "logged out", not "go log in".
 */
export function installUnauthorizedRedirect(router: RouterLike): () => void {
  return addErrorHandler((error, { method, url }) => {
    if (!(error instanceof HttpError) || error.status !== 401) return
    // The screen stays as it is under the login screen; login refreshes the cached user.
    clearLocalUser(false)
    if (method === 'GET' && new URL(url, 'http://x').pathname === '/api/me') return
    const { pathname, search } = router.state.location
    if (LOGIN_PATHS.includes(stripLayoutPrefix(pathname))) return
    void router.navigate(withLayoutPrefix(loginPathFor(`${pathname}${search}`), pathname))
  })
}
