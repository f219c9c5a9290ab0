import { fetchServerTime } from './api'

// Pages judge schedules on server time: the offset between /api/time and this device's clock.

let offsetPromise: Promise<number> | null = null
let settledOffset: number | undefined

/** The offset if /api/time has already answered (lets a page render its first frame without waiting a tick). */
export function knownClockOffset(): number | undefined {
  return settledOffset
}

/** Fetched once per visit; the page runtime starts it together with the page chunk. */
export function clockOffset(): Promise<number> {
  offsetPromise ??= (async () => {
    const sentAt = Date.now()
    try {
      const { epochMs } = await fetchServerTime()
      if (typeof epochMs !== 'number') throw new Error('bad /api/time response')
      // Assume the server read its clock halfway through the round trip.
      return (settledOffset = epochMs - (sentAt + Date.now()) / 2)
    } catch (error) {
      console.warn('[page-runtime] /api/time unavailable, judging schedules on the device clock', error)
      return (settledOffset = 0)
    }
  })()
  return offsetPromise
}

/** For tests: forget the cached offset. */
export function resetClockOffset(): void {
  offsetPromise = null
  settledOffset = undefined
}
