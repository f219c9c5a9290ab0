import { afterEach, describe, expect, it, vi } from 'vitest'
import { ANALYTICS_EVENTS_PATH, sendBatch } from '../../../../src/lib/analytics/api'
import type { AnalyticsBatch } from '../../../../src/types/generated/api/analytics'
import { setNavigator } from './support'

// How a batch leaves the browser: a beacon (a JSON Blob), else fetch with keepalive; never an exception.

const batch: AnalyticsBatch = {
  events: [
    {
      eventId: 'abcdefghijklmnopqrstuv',
      kind: 'page_view',
      at: '2026-12-01T02:00:00.000Z',
      session: 'sessionsessionsession1',
      pageId: 'spring',
    },
  ],
  sentAt: '2026-12-01T02:00:05.000Z',
}

let restore: (() => void) | null = null
afterEach(() => {
  restore?.()
  restore = null
})

describe('sending a batch', () => {
  it('hands it to navigator.sendBeacon as a JSON Blob', async () => {
    const beacon = vi.fn(() => true)
    restore = setNavigator('sendBeacon', beacon)
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    expect(await sendBatch(batch)).toBe(true)
    expect(beacon).toHaveBeenCalledTimes(1)
    const [url, body] = beacon.mock.calls[0] as unknown as [string, Blob]
    expect(url).toBe(ANALYTICS_EVENTS_PATH)
    expect(url).toBe('/api/analytics/events')
    expect(body.type).toBe('application/json')
    expect(JSON.parse(await body.text())).toEqual(batch)
    expect(fetch).not.toHaveBeenCalled()
  })

  it('falls back to fetch with keepalive when the beacon is refused or missing', async () => {
    for (const beacon of [vi.fn(() => false), undefined]) {
      restore?.()
      restore = setNavigator('sendBeacon', beacon)
      const fetch = vi.fn(async () => new Response(null, { status: 204 }))
      vi.stubGlobal('fetch', fetch)
      expect(await sendBatch(batch)).toBe(true)
      expect(fetch).toHaveBeenCalledTimes(1)
      const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
      expect(url).toBe('/api/analytics/events')
      expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' })
      expect(new Headers(init.headers).get('Content-Type')).toBe('application/json')
      expect(JSON.parse(String(init.body))).toEqual(batch)
    }
  })

  it('says so when nothing took it (offline), without throwing', async () => {
    restore = setNavigator('sendBeacon', () => {
      throw new TypeError('Illegal invocation')
    })
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    expect(await sendBatch(batch)).toBe(false)
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 503 })),
    )
    expect(await sendBatch(batch)).toBe(false)
  })
})
