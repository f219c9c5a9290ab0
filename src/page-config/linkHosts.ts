// Hosts a "link" action may open. Anything else is rejected by the validator and ignored at runtime.
export const LINK_HOST_ALLOWLIST: readonly string[] = [
  'www.guoheng-demo.com',
  'm.guoheng-demo.com',
  'media.guoheng-demo.com',
  'www.nfra.gov.cn',
  'www.iachina.cn',
  'www.12378.cn',
  // App stores, for the download page (app-download block).
  'apps.apple.com',
  'sj.qq.com',
]

export function isAllowedLink(href: string): boolean {
  try {
    const url = new URL(href)
    return url.protocol === 'https:' && LINK_HOST_ALLOWLIST.includes(url.hostname)
  } catch {
    return false
  }
}
