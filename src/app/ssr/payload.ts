// The data a server-rendered screen was rendered with, carried in its HTML for the browser to hydrate with
// the same: a JSON data block (not run, so the CSP has nothing to allow) after #root.

export const SCREEN_DATA_ID = 'screen-data'

export interface ScreenPayload {
  /** SWR's fallback: serialized key -> data. */
  fallback: Record<string, unknown>
  /**
   * Keys of the fallback whose data was the same for whoever asked (no session read): a render kept for everyone
   * and sent to a logged-in visitor has only the rest asked again (hydrateScreen.tsx).
   */
  shared?: string[]
}

/** The payload as the text of a data block: "<" escaped, so no "</script>" in user data can end it. */
export function payloadText(payload: ScreenPayload): string {
  return JSON.stringify(payload).replace(/</g, '\\u003c')
}

/** The payload of the page's data block; null when absent or unreadable (the page then renders afresh). */
export function readPayload(doc: Document): ScreenPayload | null {
  const text = doc.getElementById(SCREEN_DATA_ID)?.textContent
  if (!text) return null
  try {
    const parsed = JSON.parse(text) as Partial<ScreenPayload>
    if (!parsed.fallback || typeof parsed.fallback !== 'object') return null
    const shared = Array.isArray(parsed.shared) ? parsed.shared.filter((key) => typeof key === 'string') : []
    return { fallback: parsed.fallback, shared }
  } catch {
    return null
  }
}
