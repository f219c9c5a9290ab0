// The ids analytics gives a config page's blocks and folder pages (docs/analytics.md, "In the browser"). UI-free:
// the page runtime writes a block's id on its <section> (data-track-id), the browser's tracker and the studio's
// heat overlay read it there, and the server may compute the same from a config.

/** The attribute on a top-level block's <section> that names it in analytics events. */
export const TRACK_ID_ATTRIBUTE = 'data-track-id'

/** What an analytics id looks like (schemas/api/analytics.schema.json, Id). */
export const ANALYTICS_ID = /^[A-Za-z0-9_-]{1,64}$/

/**
 * A top-level block's id in analytics: its own `id` when it has one, else `<type>-<index>` with its index among
 * the page's top-level blocks (shown or not), so the same block keeps its id whatever else the visitor sees.
 */
export function blockTrackId(block: { id?: string; type: string }, index: number): string {
  return block.id || `${block.type}-${index}`
}

/**
 * A folder config page's id in analytics: its route without the leading slash, `/` as `_`
 * (`/manualactivity/reserveFund` -> `manualactivity_reserveFund`). A studio page's id has no `_` and never
 * takes a folder route, so the two never meet. Undefined when the route makes no valid id.
 */
export function folderPageTrackId(route: string): string | undefined {
  const id = route.replace(/^\/+|\/+$/g, '').replace(/\//g, '_')
  return ANALYTICS_ID.test(id) ? id : undefined
}
