import type { AnalyticsTouch } from '../../types/generated/api/analytics'

// Attribution (docs/analytics.md): the visitor's last block click on a config page, kept in localStorage for 7
// days and sent with each funnel step as `touch`, so an order is credited to the page and block that led to it.

export const TOUCH_KEY = 'analytics:touch'
export const TOUCH_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
/** A touch dated this far after the event still counts (two tabs' clocks are one clock; rounding). */
const FUTURE_SLACK_MS = 60_000

export function storeTouch(touch: AnalyticsTouch): void {
  try {
    localStorage.setItem(TOUCH_KEY, JSON.stringify(touch))
  } catch {
    // Storage off or full: no attribution for this visitor.
  }
}

/** The touch for an event at `now`: the last click when younger than 7 days, else nothing (and it is forgotten). */
export function freshTouch(now: number): AnalyticsTouch | undefined {
  try {
    const touch = JSON.parse(localStorage.getItem(TOUCH_KEY) || 'null') as AnalyticsTouch | null
    if (!touch || typeof touch.pageId !== 'string' || typeof touch.at !== 'string') return undefined
    const at = Date.parse(touch.at)
    if (at >= now - TOUCH_MAX_AGE_MS && at <= now + FUTURE_SLACK_MS) return touch
    localStorage.removeItem(TOUCH_KEY)
  } catch {
    // Storage off or unreadable.
  }
  return undefined
}

export function forgetTouch(): void {
  try {
    localStorage.removeItem(TOUCH_KEY)
  } catch {
    // Nothing kept.
  }
}
