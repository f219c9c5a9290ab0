import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { sql, type Kysely } from 'kysely'
import type { DB } from './schema'
import { splitSql } from './splitSql'
import { REPO_ROOT } from '../platform/repoRoot'

export const MIGRATIONS_DIR = join(REPO_ROOT, 'server/db/migrations')
const FILE_PATTERN = /^(\d{3,})_[a-z0-9_]+\.sql$/

export class MigrationError extends Error {
  readonly name = 'MigrationError'
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`Migration ${file} failed: ${reason}`)
  }
}

/** Numbered SQL files in order; a name that does not fit NNN_name.sql is an error, not silently skipped. */
export async function listMigrations(dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort()
  const bad = names.find((name) => !FILE_PATTERN.test(name))
  if (bad) throw new MigrationError(bad, 'file name must look like 001_name.sql')
  return names
}

/**
 * Applies each pending migration once, in its own transaction, and records it in schema_migrations.
 * A failure rolls that migration back, stops, and names the file; earlier migrations stay applied.
 */
export async function migrate(db: Kysely<DB>, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db)
  const applied = new Set(
    (await db.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name),
  )
  const done: string[] = []
  for (const name of await listMigrations(dir)) {
    if (applied.has(name)) continue
    const text = await readFile(join(dir, name), 'utf8')
    try {
      await db.transaction().execute(async (trx) => {
        for (const statement of splitSql(text)) await sql.raw(statement).execute(trx)
        await trx.insertInto('schema_migrations').values({ name, applied_at: new Date() }).execute()
      })
    } catch (error) {
      throw new MigrationError(name, error instanceof Error ? error.message : String(error))
    }
    done.push(name)
  }
  return done
}
