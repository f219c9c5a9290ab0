// Prerendered HTML of a config page shows what the page showed at build time. This inline script, right after
// #root, empties it when the device clock says that has changed since (a phase or block window flipped), so a
// stale phase never shows before the JavaScript renders the right one. The server allows it by its hash
// (server/platform/security.ts); src/main.tsx checks again on server time.

export const VALID_FROM_ATTRIBUTE = 'data-valid-from'
export const VALID_UNTIL_ATTRIBUTE = 'data-valid-until'

/** Whether prerendered HTML valid in [from, until) (attribute values, empty: unbounded) still holds at `now`. */
export function prerenderHolds(from: string | null, until: string | null, now: number): boolean {
  return !((from && now < Number(from)) || (until && now >= Number(until)))
}

export const STALE_PRERENDER_SCRIPT =
  "(function(){var r=document.getElementById('root'),f=r.getAttribute('data-valid-from'),u=r.getAttribute('data-valid-until'),n=Date.now();" +
  "if((f&&n<+f)||(u&&n>=+u)){r.removeAttribute('data-prerendered');r.textContent=''}})()"
