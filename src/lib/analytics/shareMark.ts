// A link a visitor shares from a config page (components/share/sharePage.ts), marked so the visits it brings count as
// 分享 (source.ts). Its own module: the share sheet needs nothing else of analytics.

/** `url` marked as shared by a visitor (utm_medium=share). */
export function withShareMark(url: string): string {
  try {
    const marked = new URL(url)
    marked.searchParams.set('utm_medium', 'share')
    return marked.href
  } catch {
    return url
  }
}
