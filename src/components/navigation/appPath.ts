import { IN_APP_PREFIX } from '../../config/router'

/** True when a router pathname is inside the in-app layout (/app or /app/...). */
export function isInAppPath(pathname: string): boolean {
  return pathname === IN_APP_PREFIX || pathname.startsWith(`${IN_APP_PREFIX}/`)
}

/** Keeps in-site navigation inside the layout the user is in: /x becomes /app/x under /app. */
export function withLayoutPrefix(to: string, currentPathname: string): string {
  if (!to.startsWith('/') || !isInAppPath(currentPathname) || isInAppPath(to)) return to
  return to === '/' ? IN_APP_PREFIX : `${IN_APP_PREFIX}${to}`
}

/** A path without the in-app prefix: the route table's own path. */
export function stripLayoutPrefix(pathname: string): string {
  if (!isInAppPath(pathname)) return pathname
  return pathname.slice(IN_APP_PREFIX.length) || '/'
}

/** `/Login?redirect=<path>` for the page the user is on. */
export function loginPathFor(currentPathWithSearch: string, loginPath = '/Login'): string {
  return `${loginPath}?redirect=${encodeURIComponent(currentPathWithSearch)}`
}

/** Only same-origin relative paths are accepted as redirect targets ("/x", never "//host" or "http:"). */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return fallback
  return target
}

type Navigate = (to: string | number, options?: { replace?: boolean }) => void

/** Back, or home when there is no in-app history to go back to (opened from a link). */
export function goBack(navigate: Navigate): void {
  // React Router keeps the entry's position in this tab's history in history.state.idx.
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0
  if (idx > 0) navigate(-1)
  else navigate('/', { replace: true })
}
