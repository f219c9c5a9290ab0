import type { AnalyticsEvent } from '../../types/generated/api/analytics'

// How a visit came (docs/analytics.md, "Source of a visit"): read from the landing URL's query, else its referrer.
// - `?inviter=<code>`: the share poster's QR code (blocks/poster) and links carrying an invite code: inviter.
// - `?utm_medium=`: share / social: share (our share action adds utm_medium=share, shareMark.ts); push / notification: push
//   (links in app pushes); sms / text: sms (links in text messages); cpc / search / organic / seo / sem: search;
//   anything else: other. `?utm_source=` alone: other.
// - `?from=singlemessage|groupmessage|timeline`: WeChat adds these to a page shared in a chat or on Moments:
//   share.
// - Else the referrer: none or this site: direct; a search engine: search; another site: other.

export type VisitSource = NonNullable<AnalyticsEvent['source']>

const MEDIUM: Readonly<Record<string, VisitSource>> = {
  share: 'share',
  social: 'share',
  push: 'push',
  notification: 'push',
  sms: 'sms',
  text: 'sms',
  cpc: 'search',
  search: 'search',
  organic: 'search',
  seo: 'search',
  sem: 'search',
}
const WECHAT_SHARE = new Set(['singlemessage', 'groupmessage', 'timeline'])
const SEARCH_ENGINES = /(^|\.)(baidu|sogou|so|sm|bing|google|yandex|360)\.(com|cn)(\.[a-z]{2})?$/

/** The source the landing query names outright (a marked link), or null when it names none. */
export function markedSource(search: string): VisitSource | null {
  const query = new URLSearchParams(search)
  if (query.get('inviter')) return 'inviter'
  const medium = query.get('utm_medium')?.trim().toLowerCase()
  if (medium) return MEDIUM[medium] ?? 'other'
  if (WECHAT_SHARE.has(query.get('from') ?? '')) return 'share'
  if (query.get('utm_source')) return 'other'
  return null
}

/** The source of a visit that landed on `search` from `referrer` (this site at `origin`). */
export function sourceOf(search: string, referrer: string, origin: string): VisitSource {
  const marked = markedSource(search)
  if (marked) return marked
  if (!referrer) return 'direct'
  try {
    const from = new URL(referrer)
    if (from.origin === origin) return 'direct'
    return SEARCH_ENGINES.test(from.hostname) ? 'search' : 'other'
  } catch {
    return 'other'
  }
}
