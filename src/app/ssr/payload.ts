// The data a server-rendered screen was rendered with, carried in its HTML for the browser to hydrate with
// the same: a JSON data block (not run, so the CSP has nothing to allow) after #root.

export const SCREEN_DATA_ID = 'screen-data'

export interface ScreenPayload {
  /** SWR's fallback: serialized key -> data. */
  fallback: Record<string, unknown>
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
    return parsed.fallback && typeof parsed.fallback === 'object' ? { fallback: parsed.fallback } : null
  } catch {
    return null
  }
}
