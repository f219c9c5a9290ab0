import type { Kysely, Transaction } from 'kysely'
import { shanghaiDate } from '../../src/domain/age'
import type { DB } from '../db/schema'

// Rate limits counted in the database (rate_limit_hits), never in process memory, so they hold across
// requests running in parallel and across server processes. Windows are fixed: an hour, or a calendar day
// in Asia/Shanghai.

export type LimitWindow = { kind: 'fixed'; ms: number } | { kind: 'shanghai-day' }

export const HOUR: LimitWindow = { kind: 'fixed', ms: 3600_000 }
export const SHANGHAI_DAY: LimitWindow = { kind: 'shanghai-day' }

/** The start and end of the window holding `now`. */
export function windowAround(window: LimitWindow, now: Date): { start: Date; end: Date } {
  if (window.kind === 'fixed') {
    const start = Math.floor(now.getTime() / window.ms) * window.ms
    return { start: new Date(start), end: new Date(start + window.ms) }
  }
  const start = Date.parse(`${shanghaiDate(now.getTime())}T00:00:00+08:00`)
  return { start: new Date(start), end: new Date(start + 24 * 3600_000) }
}

/**
 * Counts one hit of `bucket` in the current window, in one statement: an upsert that only increments
 * while the count is under `max`. False (nothing counted) when the window is full.
 */
export async function takeHit(
  db: Kysely<DB> | Transaction<DB>,
  bucket: string,
  max: number,
  window: LimitWindow,
  now: Date,
): Promise<boolean> {
  if (max <= 0) return false
  const { start } = windowAround(window, now)
  const row = await db
    .insertInto('rate_limit_hits')
    .values({ bucket, window_start: start, hits: 1 })
    .onConflict((oc) =>
      oc
        .columns(['bucket', 'window_start'])
        .doUpdateSet((eb) => ({ hits: eb('rate_limit_hits.hits', '+', 1) }))
        .where('rate_limit_hits.hits', '<', max),
    )
    .returning('hits')
    .executeTakeFirst()
  return row !== undefined
}

/** Whole seconds until the window holding `now` ends (for Retry-After). */
export function secondsLeft(window: LimitWindow, now: Date): number {
  return Math.max(1, Math.ceil((windowAround(window, now).end.getTime() - now.getTime()) / 1000))
}

/** Drops windows that ended more than a day ago. */
export async function purgeOldHits(db: Kysely<DB>, now: Date): Promise<void> {
  await db
    .deleteFrom('rate_limit_hits')
    .where('window_start', '<', new Date(now.getTime() - 2 * 24 * 3600_000))
    .execute()
}
