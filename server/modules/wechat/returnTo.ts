// Where web authorization sends the browser back to: a path of this site only (an open redirect through our
// callback would lend our domain to any page).

const BASE = 'http://mall.invalid'

/** `value` when it is a same-site path (`/…`: not `//host`, no backslash, not the API), else `/`. */
export function safeReturnTo(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/'
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return '/'
  }
  if (url.origin !== BASE || /^\/api(\/|$)/i.test(url.pathname)) return '/'
  return url.pathname + url.search + url.hash
}

/** The path with one query parameter set (kept before its #fragment). */
export function withQuery(path: string, name: string, value: string): string {
  const url = new URL(path, BASE)
  url.searchParams.set(name, value)
  return url.pathname + url.search + url.hash
}

/** The login screen under the SPA's base path, told where to go after and, with `bind`, that WeChat will be bound. */
export function loginPath(basePath: string, returnTo: string, bind: boolean): string {
  const query = new URLSearchParams({ redirect: returnTo })
  if (bind) query.set('wechat', 'bind')
  return `${basePath.replace(/\/+$/, '')}/Login?${query.toString()}`
}
