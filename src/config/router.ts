// Router base path: a global setting (VITE_BASE_PATH), otherwise the root.
export function resolveBasename(value: string | undefined): string {
  if (!value || value === '/') return '/'
  const trimmed = value.replace(/\/+$/, '')
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`
}

export const ROUTER_BASENAME = resolveBasename(import.meta.env.VITE_BASE_PATH as string | undefined)

/** A URL path as the router sees it (below the basename), or undefined when it lies outside the basename. */
export function belowBasename(pathname: string, basename = ROUTER_BASENAME): string | undefined {
  if (basename === '/') return pathname
  if (pathname !== basename && !pathname.startsWith(`${basename}/`)) return undefined
  return pathname.slice(basename.length) || '/'
}

/** A router path (with its query) as the browser's path: under the base path. */
export function withBasename(routerPath: string, basename = ROUTER_BASENAME): string {
  return `${basename.replace(/\/$/, '')}${routerPath}`
}

/** The in-app root layout (no NavBar) lives under this prefix. */
export const IN_APP_PREFIX = '/app'
