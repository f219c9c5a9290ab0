import { get } from '../lib/request'

// Pages judge schedules on server time: the offset between /api/time and this device's clock.

interface TimeResponse {
  epochMs: number
}

let offsetPromise: Promise<number> | null = null

/** Fetched once per visit; the page runtime starts it together with the page chunk. */
export function clockOffset(): Promise<number> {
  offsetPromise ??= (async () => {
    const sentAt = Date.now()
    try {
      const { epochMs } = await get<TimeResponse>('/api/time', { cache: false, timeout: 5000 })
      if (typeof epochMs !== 'number') throw new Error('bad /api/time response')
      // Assume the server read its clock halfway through the round trip.
      return epochMs - (sentAt + Date.now()) / 2
    } catch (error) {
      console.warn('[page-runtime] /api/time unavailable, judging schedules on the device clock', error)
      return 0
    }
  })()
  return offsetPromise
}

/** For tests: forget the cached offset. */
export function resetClockOffset(): void {
  offsetPromise = null
}
