import { createHash } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../db/schema'

// Anonymous HTML (a screen rendered for a visitor who is not logged in) is the same for every such visitor of one
// URL and device class until what it shows changes, so at a campaign's launch it is rendered once, not once per
// visitor; so is a published page's JSON. One cache per process (app.services.renderCache). A kept render is used while
// - the content version it was rendered at is still the current one (240_content_version.sql: any change to the
//   catalog, content, campaigns or publications, by any process; each process reads it at most every
//   VERSION_CHECK_MS);
// - no scheduled publication has come due since, and the render's own validity (a page's phase) holds;
// - it is younger than RENDER_TTL_MS, by the wall clock and the app's clock: counters (sales, prizes left) move
//   without a version change, and a countdown ages.
// Past its time to live only (nothing it shows has changed), it is still sent, up to STALE_SERVED_MS, while a new
// one renders in the background: at a launch no visitor waits for a render every few seconds.

export const RENDER_TTL_MS = 5_000
export const VERSION_CHECK_MS = 500
/** How old a render may be when sent while its replacement renders (only its time to live has passed). */
export const STALE_SERVED_MS = 2 * RENDER_TTL_MS
/** Renders kept (least recently used dropped first); one URL with many query strings cannot push out the rest. */
const MAX_ENTRIES = 500

export interface ContentState {
  version: number
  /** The next pending scheduled publication (ms), if any: a render is kept no longer than that. */
  nextChangeMs: number | null
}

/** What a render sends (HTML, or a JSON answer), kept. */
export interface Rendered {
  body: string
  /** The render holds from / until (ms, the app's clock): a published page's phase and block windows. */
  validFrom?: number | null
  validUntil?: number | null
  /** Its own ETag (a page's id and version, say); otherwise one from the body's hash. */
  etag?: string
}

export interface KeptRender {
  body: string
  etag: string
  /** The app's clock (ms) after which this render is not used: what `Cache-Control` may promise a CDN. */
  expiresAt: number
}

interface Entry extends KeptRender {
  /** What it shows holds until (a page's phase, the next scheduled publication): never sent past it. */
  holdsUntil: number
  version: number
  renderedAt: number
  renderedAtWall: number
  validFrom: number | null
}

export class RenderCache {
  private readonly entries = new Map<string, Entry>()
  private readonly rendering = new Map<string, Promise<KeptRender | null>>()
  private state: { at: number; value: Promise<ContentState> } | null = null

  constructor(
    private readonly readState: (nowMs: number) => Promise<ContentState>,
    private readonly now: () => Date,
  ) {}

  /**
   * The kept render of `key`, or a new one from `render` (null: not renderable, nothing kept). Visitors asking for
   * the same key while it renders share that render.
   */
  async get(key: string, render: () => Promise<Rendered | null>): Promise<KeptRender | null> {
    const state = await this.contentState()
    const nowMs = this.now().getTime()
    const kept = this.entries.get(key)
    const fresh =
      kept !== undefined && this.holds(kept, state, nowMs, RENDER_TTL_MS) && nowMs < kept.expiresAt
    if (kept && (fresh || this.holds(kept, state, nowMs, STALE_SERVED_MS))) {
      // Most recently used last, so the first key is the one to drop.
      this.entries.delete(key)
      this.entries.set(key, kept)
      if (!fresh && !this.rendering.has(key))
        // Its replacement, for the next visitors; a failed render leaves the next one to try again.
        void this.startRender(key, state, render).catch(() => undefined)
      return kept
    }
    return this.rendering.get(key) ?? this.startRender(key, state, render)
  }

  /** Reads the content version again on the next request (this process has just changed something). */
  recheck() {
    this.state = null
  }

  private startRender(key: string, state: ContentState, render: () => Promise<Rendered | null>) {
    const started = this.renderAndKeep(key, state, render).finally(() => this.rendering.delete(key))
    this.rendering.set(key, started)
    return started
  }

  private async renderAndKeep(
    key: string,
    state: ContentState,
    render: () => Promise<Rendered | null>,
  ): Promise<KeptRender | null> {
    const renderedAt = this.now().getTime()
    const result = await render()
    if (!result) return null
    // A scheduled change already past (the state was read a moment before it) is in this render.
    const nextChange =
      state.nextChangeMs !== null && state.nextChangeMs > renderedAt ? state.nextChangeMs : null
    const limits = [result.validUntil, nextChange].filter((ms): ms is number => typeof ms === 'number')
    const holdsUntil = Math.min(Infinity, ...limits)
    const entry: Entry = {
      body: result.body,
      etag: result.etag ?? bodyEtag(result.body),
      expiresAt: Math.min(renderedAt + RENDER_TTL_MS, holdsUntil),
      holdsUntil,
      version: state.version,
      renderedAt,
      renderedAtWall: Date.now(),
      validFrom: result.validFrom ?? null,
    }
    this.entries.delete(key)
    this.entries.set(key, entry)
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string)
    return entry
  }

  /** Whether what `entry` shows still holds and it is younger than `maxAgeMs` (wall clock and app clock). */
  private holds(entry: Entry, state: ContentState, nowMs: number, maxAgeMs: number): boolean {
    return (
      entry.version === state.version &&
      nowMs >= entry.renderedAt &&
      nowMs < entry.holdsUntil &&
      nowMs - entry.renderedAt < maxAgeMs &&
      (entry.validFrom === null || nowMs >= entry.validFrom) &&
      Date.now() - entry.renderedAtWall < maxAgeMs
    )
  }

  private contentState(): Promise<ContentState> {
    const wall = Date.now()
    if (!this.state || wall - this.state.at >= VERSION_CHECK_MS) {
      const value = this.readState(this.now().getTime())
      // A failed read is not kept: the next request asks again.
      value.catch(() => {
        if (this.state?.value === value) this.state = null
      })
      this.state = { at: wall, value }
    }
    return this.state.value
  }
}

/** A strong ETag from a body's hash (a render's, a built page's). */
export function bodyEtag(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`
}

/** Seconds a shared cache may serve a kept answer after it expired, while it asks for a new one. */
const STALE_S = 2

/**
 * `Cache-Control` of a kept answer: a CDN or proxy in front may keep it as long as this process would and serve it
 * STALE_S longer while it asks again (so a phase change or a schedule shows at most that late); a browser asks
 * every time (a 304 when its ETag matches).
 */
export function sharedCacheControl(kept: KeptRender, nowMs: number): string {
  const fresh = Math.max(0, Math.floor((kept.expiresAt - nowMs) / 1000))
  return `public, max-age=0, s-maxage=${fresh}, stale-while-revalidate=${STALE_S}`
}

/** Whether the request's If-None-Match names this ETag (weak or strong, in a list). */
export function etagMatches(given: string | undefined, etag: string): boolean {
  return !!given && given.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/** The content version and the next pending scheduled publication, from the database. */
export function databaseContentState(db: Kysely<DB>) {
  return async (nowMs: number): Promise<ContentState> => {
    const now = new Date(nowMs)
    const { rows } = await sql<{ version: string | number; next_change: Date | null }>`
      SELECT (SELECT last_value FROM content_version) AS version,
             (SELECT min(publish_at) FROM studio_publications
               WHERE publish_at > ${now} AND cancelled_at IS NULL) AS next_change`.execute(db)
    const row = rows[0]
    return {
      version: Number(row?.version ?? 0),
      nextChangeMs: row?.next_change ? new Date(row.next_change).getTime() : null,
    }
  }
}
