import type { TrailEvent } from '../../types/generated/api/trail'

// One browser event of a sales trail, shaped as the server takes it (schemas/api/trail.schema.json).

/**
 * Unique per event, so that a resent batch is recorded once (96 random bits; getRandomValues, unlike randomUUID,
 * also works on a page served over plain http).
 */
export const newEventId = (): string =>
  Array.from(crypto.getRandomValues(new Uint32Array(3)), (n) => n.toString(36).padStart(7, '0')).join('-')

// Control characters are refused by the server, and a screen is at most 200 characters.
// eslint-disable-next-line no-control-regex
const clean = (text: string, max: number) => text.replace(/[\u0000-\u001f]/g, '').slice(0, max)

/** Where the event happened: the path and query the buyer was at. */
export const screenAt = (pathname: string, search: string) => clean(`${pathname}${search}`, 200)

export type EventFields = Omit<TrailEvent, 'eventId' | 'at' | 'type' | 'screen'>

const DAY_MS = 86_400_000

/** The event with its id and the browser's time, its optional fields only when known. */
export function trailEvent(type: TrailEvent['type'], screen: string, fields: EventFields = {}): TrailEvent {
  const { title, productVersion, documentId, documentVersion, durationMs, scrolledToEnd } = fields
  return {
    eventId: newEventId(),
    type,
    at: new Date().toISOString(),
    screen,
    ...(title ? { title: clean(title, 60) } : {}),
    ...(productVersion && productVersion >= 1 ? { productVersion } : {}),
    ...(documentId ? { documentId } : {}),
    ...(documentVersion && documentVersion >= 1 ? { documentVersion } : {}),
    ...(durationMs !== undefined
      ? { durationMs: Math.min(Math.max(0, Math.round(durationMs)), DAY_MS) }
      : {}),
    ...(scrolledToEnd !== undefined ? { scrolledToEnd } : {}),
  }
}
