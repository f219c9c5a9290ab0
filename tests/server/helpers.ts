import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { inject } from 'vitest'
import { buildApp, type AppOptions } from '../../server/app'
import { openDatabase, type Database } from '../../server/db/database'
import type { DatabaseTemplate } from './databaseTemplate'

// One fresh database per test app: in-memory PGlite, or, when DATABASE_URL is set (CI's real
// PostgreSQL), a throwaway database created on that server and dropped afterwards, so parallel
// workers never share state. A demo app's database starts as a copy of the run's migrated and seeded
// template (tests/server/databaseTemplate.ts), so its start-up finds nothing left to migrate or seed.

export interface TestDatabase {
  database: Database
  /** Connection string of the throwaway PostgreSQL database (undefined on PGlite). */
  url: string | undefined
  drop(): Promise<void>
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

let pgliteDump: Blob | undefined

/**
 * An empty database, or with `seeded`, a copy of the migrated and seeded demo template (an empty one when this
 * project has no template, so the app migrates and seeds it itself).
 */
export async function createTestDatabase(options: { seeded?: boolean } = {}): Promise<TestDatabase> {
  const template: DatabaseTemplate | undefined = options.seeded ? inject('databaseTemplate') : undefined
  const base = process.env.DATABASE_URL
  if (!base) {
    if (template?.kind === 'pglite') pgliteDump ??= new Blob([readFileSync(template.file)])
    const database = await openDatabase(template?.kind === 'pglite' ? { loadDataDir: pgliteDump } : {})
    return { database, url: undefined, drop: () => database.close() }
  }
  const name = `t_${randomBytes(6).toString('hex')}`
  const from = template?.kind === 'postgres' ? ` TEMPLATE ${template.name}` : ''
  await admin((c) => c.query(`CREATE DATABASE ${name}${from} STRATEGY FILE_COPY`))
  const url = new URL(base)
  url.pathname = `/${name}`
  const database = await openDatabase({ databaseUrl: url.toString() })
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close()
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
    },
  }
}

export interface TestApp {
  app: FastifyInstance
  db: Database
  /** Stops the app and drops its database. */
  close(): Promise<void>
}

export async function createTestApp(options: Omit<AppOptions, 'database'> = {}): Promise<TestApp> {
  // The template is a demo database migrated from server/db/migrations: not for production or other migrations.
  const test = await createTestDatabase({
    seeded: (options.mode ?? 'demo') === 'demo' && !options.migrationsDir,
  })
  try {
    const app = await buildApp({ distDir: '/nonexistent', ...options, database: test.database })
    await app.ready()
    return {
      app,
      db: test.database,
      close: async () => {
        await app.close()
        await test.drop()
      },
    }
  } catch (error) {
    await test.drop()
    throw error
  }
}

/** A controllable clock for code expiry and rate limits. */
export function testClock(start = new Date('2026-11-22T04:00:00.000Z')) {
  let current = start.getTime()
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms
    },
  }
}

/** Reads the `sid` cookie pair ("sid=...") from a response, for the next request's Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'sid')
  if (!cookie) throw new Error(`no sid cookie in response ${response.statusCode}: ${response.body}`)
  return `sid=${cookie.value}`
}

export function json(
  app: FastifyInstance,
  options: Omit<InjectOptions, 'body' | 'payload'> & { body?: unknown },
) {
  const { body, headers, ...rest } = options
  return app.inject({
    ...rest,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    payload: body === undefined ? undefined : JSON.stringify(body),
  })
}

export const AGREEMENTS = ['privacy', 'sensitive', 'service']

/** Requests a code, reads it from the demo outbox and logs in; returns the session cookie. */
export async function loginAs(app: FastifyInstance, phone: string, ip = '10.0.0.1'): Promise<string> {
  const sent = await json(app, {
    method: 'POST',
    url: '/api/auth/sms-code',
    body: { phone },
    remoteAddress: ip,
  })
  if (sent.statusCode !== 200) throw new Error(`sms-code ${sent.statusCode}: ${sent.body}`)
  const outbox = await app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone=${phone}` })
  const { code } = outbox.json<{ code: string }>()
  const login = await json(app, {
    method: 'POST',
    url: '/api/auth/login',
    body: { phone, code, agreements: AGREEMENTS },
  })
  if (login.statusCode !== 200) throw new Error(`login ${login.statusCode}: ${login.body}`)
  return sessionCookie(login)
}

/**
 * Writes a stand-in for the build's screen renderer (dist/server/renderScreen.js) into `dist`: an ES module, as
 * the build's is, which the render threads load with Node's own loader (server/platform/renderPool.ts).
 */
export function writeStandInRenderer(dist: string, source: string): void {
  mkdirSync(join(dist, 'server'), { recursive: true })
  writeFileSync(join(dist, 'server', 'package.json'), '{ "type": "module" }')
  writeFileSync(join(dist, 'server', 'renderScreen.js'), source)
}
