import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely } from 'kysely'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { buildApp } from '../../server/app'
import { openDatabase, type Database } from '../../server/db/database'
import { SerializedPGliteDialect } from '../../server/db/pgliteDriver'
import type { DB } from '../../server/db/schema'

// vitest globalSetup of the database projects: migrate and seed one demo database once per run; each test app
// starts from a copy of it (tests/server/helpers.ts) instead of running every migration and seed again. On
// PostgreSQL (DATABASE_URL) the template is a database, copied with CREATE DATABASE … TEMPLATE; on PGlite it is a
// dump of the data folder, loaded into each new in-memory PGlite. Campaigns are left out: each app registers
// those of its own page configs at start-up, as before.

export type DatabaseTemplate = { kind: 'postgres'; name: string } | { kind: 'pglite'; file: string }

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absent in a project without this globalSetup. */
    databaseTemplate?: DatabaseTemplate
  }
}

/** Migrates and seeds `database` as a demo server's start-up does, without the page configs' campaigns. */
async function prepare(database: Database): Promise<void> {
  const noConfigs = mkdtempSync(join(tmpdir(), 'template-root-'))
  mkdirSync(join(noConfigs, 'page-configs'))
  try {
    const app = await buildApp({ database, distDir: '/nonexistent', configRoot: noConfigs })
    await app.close()
  } finally {
    rmSync(noConfigs, { recursive: true, force: true })
  }
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

interface Built {
  template: DatabaseTemplate
  remove(): Promise<void>
}

async function build(): Promise<Built> {
  const base = process.env.DATABASE_URL
  if (base) {
    const name = `template_${randomBytes(6).toString('hex')}`
    await admin(`CREATE DATABASE ${name}`)
    const url = new URL(base)
    url.pathname = `/${name}`
    const database = await openDatabase({ databaseUrl: url.toString() })
    try {
      await prepare(database)
    } finally {
      await database.close()
    }
    return {
      template: { kind: 'postgres', name },
      remove: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    }
  }
  const pglite = new PGlite()
  const db = new Kysely<DB>({ dialect: new SerializedPGliteDialect({ pglite }) })
  // An app closes only a database it opened itself: this PGlite stays open for the dump.
  await prepare({ db, kind: 'pglite', close: async () => {} })
  const dir = mkdtempSync(join(tmpdir(), 'pglite-template-'))
  const file = join(dir, 'template.tar')
  writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()))
  await pglite.close()
  return {
    template: { kind: 'pglite', file },
    remove: async () => rmSync(dir, { recursive: true, force: true }),
  }
}

// Both database projects name this file and vitest sets each project up on its own: they share one template
// (kept on globalThis, the one thing their setups share), removed when the last project is done.
const shared = globalThis as { databaseTemplate?: { built: Promise<Built>; users: number } }

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const entry = (shared.databaseTemplate ??= { built: build(), users: 0 })
  entry.users += 1
  const built = await entry.built
  project.provide('databaseTemplate', built.template)
  return async () => {
    entry.users -= 1
    if (entry.users > 0) return
    delete shared.databaseTemplate
    await built.remove()
  }
}
