import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { openDatabase } from '../../server/db/database'
import { LOCK_FILE } from '../../server/db/dataDirLock'
import { freePort } from '../../scripts/freePort'
import { MIGRATIONS_DIR, MigrationError, migrate } from '../../server/db/migrate'
import { splitSql } from '../../server/db/splitSql'
import { createTestDatabase, loginAs } from './helpers'
import { exited, spawnServer, startServerProcess } from './serverProcess'

const dirs: string[] = []
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  dirs.push(dir)
  return dir
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

// A PGlite folder a demo server has migrated and seeded on its first start, then closed. The lock tests start
// from copies of it: what they test begins once a folder exists, and migrating and seeding a new one is most of
// a start on PGlite.
let seeded: string
beforeAll(async () => {
  seeded = tempDir('mall-seeded-')
  const app = await buildApp({ dataDir: seeded, distDir: '/nonexistent' })
  await app.close()
}, 90_000)
const copyOfSeeded = (prefix: string) => {
  const dir = tempDir(prefix)
  cpSync(seeded, dir, { recursive: true })
  return dir
}

describe('PGlite in DATA_DIR', () => {
  it('keeps users, sessions and the catalog across a restart on the same folder', async () => {
    // Started once already (migrated and seeded in beforeAll): now twice more.
    const dataDir = seeded
    const first = await buildApp({ dataDir, distDir: '/nonexistent' })
    const cookie = await loginAs(first, '13600000000')
    await first.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ nickname: '重启前' }),
    })
    await first.close()

    const second = await buildApp({ dataDir, distDir: '/nonexistent' })
    try {
      const me = await second.inject({ method: 'GET', url: '/api/me', headers: { cookie } })
      expect(me.statusCode).toBe(200)
      expect(me.json()).toMatchObject({ phone: '13600000000', nickname: '重启前' })
      // Seeded once: the restart neither duplicated nor lost the catalog.
      const categories = (await second.inject({ method: 'GET', url: '/api/categories' })).json<{
        items: unknown[]
      }>()
      expect(categories.items).toHaveLength(9)
    } finally {
      await second.close()
    }
    // Two starts on a PGlite folder: heavy when the machine is busy.
  }, 90_000)
})

describe('one process per DATA_DIR', () => {
  it('refuses a second opening of the folder, naming it and the PID that holds it', async () => {
    const dataDir = copyOfSeeded('mall-lock-')
    const first = await openDatabase({ dataDir })
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(
        `DATA_DIR ${dataDir} is in use by this process (${process.pid})`,
      )
    } finally {
      await first.close()
    }
    // Closed: the lock is gone and the folder opens again.
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false)
    const again = await openDatabase({ dataDir })
    await again.close()
  })

  it('a second server on the same folder exits with the message; the lock of a killed server is taken over', async () => {
    const dataDir = copyOfSeeded('mall-lock-')
    const first = await startServerProcess(dataDir)
    try {
      const second = spawnServer(dataDir, await freePort())
      const [code] = await exited(second.child)
      expect(code).toBe(1)
      expect(second.stderr()).toContain(`DATA_DIR ${dataDir} is in use by process ${first.child.pid}`)
    } finally {
      // Killed without a chance to clean up: the lock file stays behind with a dead PID.
      first.child.kill('SIGKILL')
      await exited(first.child)
    }
    expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(first.child.pid))
    const third = await startServerProcess(dataDir)
    try {
      expect((await fetch(`${third.base}/api/health`)).status).toBe(200)
      expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(third.child.pid))
    } finally {
      third.child.kill('SIGTERM')
      await exited(third.child)
    }
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false)
    // Three demo servers start one after another on a PGlite folder: heavy when the machine is busy.
  }, 90_000)
})

describe('migrations', () => {
  it('apply each numbered file once, in order, recorded in schema_migrations', async () => {
    const test = await createTestDatabase()
    try {
      const applied = await migrate(test.database.db)
      expect(applied).toEqual(
        readdirSync(MIGRATIONS_DIR)
          .filter((f) => f.endsWith('.sql'))
          .sort(),
      )
      expect(await migrate(test.database.db)).toEqual([])
      const rows = await test.database.db
        .selectFrom('schema_migrations')
        .select('name')
        .orderBy('name')
        .execute()
      expect(rows.map((r) => r.name)).toEqual(applied)
    } finally {
      await test.drop()
    }
  })

  it('stop at a failing file, name it, and leave the database as it was before that file', async () => {
    const dir = tempDir('mall-migrations-')
    writeFileSync(join(dir, '001_good.sql'), 'CREATE TABLE good (id int);\n')
    writeFileSync(
      join(dir, '002_bad.sql'),
      "CREATE TABLE half (id int);\nINSERT INTO good VALUES (1);\nSELECT 'oops' FROM no_such_table;\n",
    )
    writeFileSync(join(dir, '003_later.sql'), 'CREATE TABLE later (id int);\n')
    const test = await createTestDatabase()
    try {
      const error = await migrate(test.database.db, dir).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(MigrationError)
      expect((error as MigrationError).file).toBe('002_bad.sql')
      expect((error as MigrationError).message).toContain('002_bad.sql')
      const tables = await sql<{
        name: string
      }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`.execute(
        test.database.db,
      )
      expect(tables.rows.map((r) => r.name)).toEqual(['good', 'schema_migrations'])
      expect((await sql`SELECT * FROM good`.execute(test.database.db)).rows).toEqual([])
      const recorded = await test.database.db.selectFrom('schema_migrations').select('name').execute()
      expect(recorded.map((r) => r.name)).toEqual(['001_good.sql'])
    } finally {
      await test.drop()
    }
  })

  it('a failed migration stops start-up with the file name', async () => {
    const dir = tempDir('mall-migrations-')
    for (const name of readdirSync(MIGRATIONS_DIR)) copyFileSync(join(MIGRATIONS_DIR, name), join(dir, name))
    writeFileSync(join(dir, '999_broken.sql'), 'ALTER TABLE users ADD COLUMN broken no_such_type;\n')
    const test = await createTestDatabase()
    try {
      await expect(
        buildApp({ database: test.database, migrationsDir: dir, distDir: '/nonexistent' }),
      ).rejects.toThrow(/999_broken\.sql/)
    } finally {
      await test.drop()
    }
  })

  it('refuse a file name that is not NNN_name.sql', async () => {
    const dir = tempDir('mall-migrations-')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, '1-bad name.sql'), 'SELECT 1;')
    const test = await createTestDatabase()
    try {
      await expect(migrate(test.database.db, dir)).rejects.toThrow(/1-bad name\.sql/)
    } finally {
      await test.drop()
    }
  })

  it('split scripts on top-level semicolons only', () => {
    expect(
      splitSql(
        "CREATE TABLE a (t text DEFAULT ';');\n-- a; comment\nCREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql;\n/* x; */",
      ),
    ).toEqual([
      "CREATE TABLE a (t text DEFAULT ';')",
      '-- a; comment\nCREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql',
    ])
  })
})
