// Where a page config may point: the one list of outside hosts, for links and for images alike. The validator
// (CLI, build, the studio's saves), the page runtime (old published versions too) and the server's
// Content-Security-Policy (server/platform/security.ts) all read it. To allow a host, add it here with its uses.
// - link: link actions and download buttons may open it (the visitor taps, then leaves our site).
// - media: images and videos load from it into every visitor's page, unasked; so it is in the CSP's img-src and
//   media-src too. Give it only to a host we run or contract (our media server, a CDN).

type HostUse = 'link' | 'media'

const OUTSIDE_HOSTS: Readonly<Record<string, readonly HostUse[]>> = {
  'www.guoheng-demo.com': ['link'],
  'm.guoheng-demo.com': ['link'],
  'media.guoheng-demo.com': ['link', 'media'],
  'www.nfra.gov.cn': ['link'],
  'www.iachina.cn': ['link'],
  'www.12378.cn': ['link'],
  // App stores, for the download page (app-download block).
  'apps.apple.com': ['link'],
  'sj.qq.com': ['link'],
}

const hostsFor = (use: HostUse) =>
  Object.keys(OUTSIDE_HOSTS).filter((host) => OUTSIDE_HOSTS[host].includes(use))

/** Hosts a "link" action may open. Anything else is rejected by the validator and ignored at runtime. */
export const LINK_HOST_ALLOWLIST: readonly string[] = hostsFor('link')
/** Hosts images and videos may come from (https only). */
export const MEDIA_HOST_ALLOWLIST: readonly string[] = hostsFor('media')

export function isAllowedLink(href: string): boolean {
  try {
    const url = new URL(href)
    return url.protocol === 'https:' && LINK_HOST_ALLOWLIST.includes(url.hostname)
  } catch {
    return false
  }
}

/** An image the studio's media store serves (server/modules/pages/media.ts): public, never changes. */
export const STUDIO_MEDIA_PATH = /^\/api\/pages\/media\/[A-Za-z0-9_-]{22}\.(jpg|webp)$/
/** A file under public/ (never an API route: an image must not make a visitor's browser call one). */
const SITE_IMAGE = /^\/(?!\/|api\/)[^?#]+\.(png|jpe?g|gif|webp|svg)$/
/** What a browser drops from a URL or reads as "/" (whitespace, control characters, "\"): never in an image's. */
const hasUrlTricks = (src: string) =>
  /[\s\\]/.test(src) || [...src].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)

/**
 * Whether an image may be shown: a path of our own (a file under public/, or the studio's media store), or an
 * https address on a media host (no credentials, no other port). Judged on the host the browser would contact.
 */
export function isAllowedImage(src: string): boolean {
  if (hasUrlTricks(src)) return false
  if (src.startsWith('/')) return SITE_IMAGE.test(src) || STUDIO_MEDIA_PATH.test(src)
  if (!src.startsWith('https://')) return false
  try {
    const url = new URL(src)
    return !url.username && !url.password && !url.port && MEDIA_HOST_ALLOWLIST.includes(url.hostname)
  } catch {
    return false
  }
}

/** The rule, as the validator's messages state it. */
export const IMAGE_RULE = `只能用站内图片（public/ 下的文件 /…，或工作台上传的 /api/pages/media/…）或这些域名的 https 地址：${MEDIA_HOST_ALLOWLIST.join('、')}`
