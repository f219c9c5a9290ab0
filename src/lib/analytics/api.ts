import type { AnalyticsBatch } from '../../types/generated/api/analytics'

// The ingest route (server/modules/analytics, schemas/api/analytics.schema.json). Not the app's request layer:
// a batch is bookkeeping that must outlive the page and never move or stop the visitor.

export const ANALYTICS_EVENTS_PATH = '/api/analytics/events'

/**
 * Hands a batch to the browser: `navigator.sendBeacon` (a JSON Blob; it goes even as the page unloads), else, when
 * the browser has none or refuses it (too large, its quota), `fetch` with keepalive. True when it was handed
 * over; false when neither took it (the caller may keep the events for later). Never throws.
 */
export async function sendBatch(batch: AnalyticsBatch): Promise<boolean> {
  let body: string
  try {
    body = JSON.stringify(batch)
  } catch {
    return true
  }
  try {
    if (
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(ANALYTICS_EVENTS_PATH, new Blob([body], { type: 'application/json' }))
    )
      return true
  } catch {
    // A browser that throws on a beacon (some refuse a Blob): fetch below.
  }
  try {
    const response = await fetch(ANALYTICS_EVENTS_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      credentials: 'same-origin',
      keepalive: true,
    })
    // 4xx: the server refused the batch and will refuse it again.
    return response.status < 500
  } catch {
    return false
  }
}
