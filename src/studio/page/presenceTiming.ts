/**
 * How often an open page screen says it is there and asks who else is: arrivals and departures (a closed tab
 * leaves at once by beacon) show on the others' screens within this time. The server keeps a tab 45 s after its
 * last heartbeat (presence.ts), long enough for a background tab whose timers the browser slows down.
 */
export const HEARTBEAT_MS = 5_000
