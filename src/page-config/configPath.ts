// Where a config file's route is: page-configs/a/b.json -> /a/b, a/index.json -> /a, xm/[type].json -> /xm/:type
// (see routeParams.ts), letter case kept.
// Pure: used by the route generation (browser) and by the validator (Node).

/** `relativeFile` is relative to page-configs/ and uses forward slashes, e.g. "manualactivity/hzyd/page.json". */
export function configRoutePath(relativeFile: string): string {
  const withoutExt = relativeFile
    .replace(/\\/g, '/')
    .replace(/^\/+/, '')
    .replace(/\.json$/, '')
  const segments = withoutExt.split('/')
  if (segments[segments.length - 1] === 'index') segments.pop()
  return `/${segments.map((s) => s.replace(/^\[([^\]/]*)\]$/, ':$1')).join('/')}`
}

/** The path part of an in-site target ("/product?id=1#x" -> "/product"), without the /app layout prefix. */
export function targetPath(target: string): string {
  const path = target.split(/[?#]/, 1)[0] || '/'
  if (path === '/app') return '/'
  return path.startsWith('/app/') ? path.slice(4) : path
}

/** True when a route pattern ("/news/articleDetail/:id", "/loginC/:type?") matches a concrete path. */
export function routeMatches(pattern: string, path: string): boolean {
  const a = pattern.split('/').filter(Boolean)
  const b = path.split('/').filter(Boolean)
  const required = a.filter((s) => !s.endsWith('?')).length
  if (b.length < required || b.length > a.length) return false
  // react-router matches case-insensitively by default.
  return b.every((seg, i) => a[i].startsWith(':') || a[i].toLowerCase() === seg.toLowerCase())
}
