import { sql, type Kysely } from 'kysely'
import type { DatabaseKind } from './database'
import type { DB } from './schema'

// Work that one process at a time may do, when several server processes share one PostgreSQL (docs/configuration.md):
// a session advisory lock, held on one pooled connection while the work runs on the others. A PGlite folder is
// held by a single process, so there the work simply runs (and must: its one connection would be taken).

/** Advisory lock keys: arbitrary constants, one per kind of exclusive work. */
export const LOCKS = {
  startup: 7_301_000,
  sweep: 7_301_001,
  trailRetention: 7_301_002,
  analytics: 7_301_003,
} as const

/**
 * Runs `work` under the lock. `wait`: queue behind the holder (start-up: everyone must migrate before serving);
 * `skip`: return null when another process holds it (a sweep round it is already doing).
 */
export async function withAdvisoryLock<T>(
  database: { db: Kysely<DB>; kind: DatabaseKind },
  key: number,
  mode: 'wait' | 'skip',
  work: () => Promise<T>,
): Promise<T | null> {
  if (database.kind !== 'postgres') return work()
  return database.db.connection().execute(async (connection) => {
    if (mode === 'wait') await sql`SELECT pg_advisory_lock(${key})`.execute(connection)
    else {
      const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${key}) AS locked`.execute(
        connection,
      )
      if (!rows[0]?.locked) return null
    }
    try {
      return await work()
    } finally {
      await sql`SELECT pg_advisory_unlock(${key})`.execute(connection)
    }
  })
}
