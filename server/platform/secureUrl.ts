// The URL of an outer service from the environment (WeChat, WeChat Pay, the app's token server): TLS, except to
// this machine (tests and local stand-ins).

export const isLoopback = (url: URL) => url.hostname === '127.0.0.1' || url.hostname === 'localhost'

/** An http(s) URL; plain http only to this machine. Null (and a problem naming the variable) otherwise. */
export function secureUrl(name: string, value: string, problems: string[]): URL | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    problems.push(`${name}: "${value}" is not a URL`)
    return null
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url))) {
    problems.push(`${name}: must be https (http only for 127.0.0.1/localhost)`)
    return null
  }
  if (url.username || url.password || url.hash) {
    problems.push(`${name}: must not carry credentials or a fragment`)
    return null
  }
  return url
}
