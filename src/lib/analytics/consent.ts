// Whether this browser may be counted (docs/analytics.md): not when the visitor turned 统计分析 off (the cookie
// the server reads too, server/modules/analytics/visitor.ts; consentSwitch.ts writes it) nor when the browser asks
// not to be tracked (Do Not Track, Global Privacy Control). Read at each event, so a change applies at once. Never
// throws.

export const ANALYTICS_OFF_COOKIE = 'analytics_off'

/** Why nothing is counted: the switch, the browser's own setting, or null when counting is on. */
export type OptOut = 'switch' | 'browser' | null

/** Do Not Track or Global Privacy Control is on in this browser (the server sees them as DNT / Sec-GPC). */
export function browserSaysNo(): boolean {
  try {
    const nav = navigator as Navigator & { globalPrivacyControl?: boolean }
    return nav.doNotTrack === '1' || nav.globalPrivacyControl === true
  } catch {
    return false
  }
}

/** The 统计分析 switch is off in this browser (the cookie). */
export function switchedOff(): boolean {
  try {
    return document.cookie.split(/;\s*/).includes(`${ANALYTICS_OFF_COOKIE}=1`)
  } catch {
    return false
  }
}

/** Why this browser is not counted, or null when it is. */
export function optOut(): OptOut {
  if (typeof document === 'undefined') return 'browser'
  if (switchedOff()) return 'switch'
  return browserSaysNo() ? 'browser' : null
}
