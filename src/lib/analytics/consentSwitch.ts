import { ANALYTICS_OFF_COOKIE } from './consent'
import { analyticsFront } from './index'
import { PENDING_KEY } from './notes'

// The 统计分析 switch (components/AnalyticsSwitch.tsx): what it does, apart from what every page loads.

const ONE_YEAR_S = 365 * 24 * 3600

const listeners = new Set<() => void>()

/** Told when the switch changes (useSyncExternalStore's subscribe). */
export function onConsentChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Writes (off) or clears (on) the cookie: path /, a year, SameSite=Lax. */
function writeSwitch(off: boolean): void {
  try {
    const secure = location.protocol === 'https:' ? '; Secure' : ''
    document.cookie = off
      ? `${ANALYTICS_OFF_COOKIE}=1; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`
      : `${ANALYTICS_OFF_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
  } catch {
    // Cookies off: the choice cannot be kept.
  }
  for (const listener of [...listeners]) listener()
}

/** Off writes the cookie and forgets what waits to be sent, the visit and the last click; on clears the cookie. */
export function setAnalyticsOff(off: boolean): void {
  writeSwitch(off)
  if (!off) return
  const front = analyticsFront()
  front.notes = []
  try {
    sessionStorage.removeItem(PENDING_KEY)
  } catch {
    // Nothing kept.
  }
  if (front.tracker) front.tracker.drop()
  else
    import('./tracker').then(
      ({ tracker }) => tracker().drop(),
      () => {},
    )
}
