import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { lockDataDir } from './dataDirLock'
import { SerializedPGliteDialect } from './pgliteDriver'
import type { DB } from './schema'

export type DatabaseKind = 'pglite' | 'postgres'

export interface Database {
  db: Kysely<DB>
  kind: DatabaseKind
  /** PostgreSQL's connection string (a LISTEN connection of its own: platform/notify.ts). */
  url?: string
  /** Finishes pending work and closes files or connections; safe to call twice. */
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** postgres://… : a real PostgreSQL server. */
  databaseUrl?: string
  /** PGlite folder; absent (and no databaseUrl): in memory. */
  dataDir?: string
  /** In-memory PGlite: start from this data-folder dump (PGlite's dumpDataDir; the tests' migrated template). */
  loadDataDir?: Blob
}

// int8 (COUNT, SUM) as JS numbers: every count we read fits in 2^53.
pg.types.setTypeParser(20, (value: string) => Number(value))

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    // An idle client that loses its server must not crash the process.
    pool.on('error', () => undefined)
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
    let closed: Promise<void> | undefined
    return { db, kind: 'postgres', url: options.databaseUrl, close: () => (closed ??= db.destroy()) }
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true })
  const lock = options.dataDir ? lockDataDir(options.dataDir) : null
  let pglite: PGlite
  try {
    pglite = options.dataDir
      ? new PGlite(options.dataDir)
      : new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {})
    await pglite.waitReady
  } catch (error) {
    lock?.release()
    throw error
  }
  const db = new Kysely<DB>({ dialect: new SerializedPGliteDialect({ pglite }) })
  let closed: Promise<void> | undefined
  const close = async () => {
    try {
      await db.destroy()
      if (!pglite.closed) await pglite.close()
    } finally {
      lock?.release()
    }
  }
  return { db, kind: 'pglite', close: () => (closed ??= close()) }
}
