import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Kysely } from 'kysely'
import type { DB } from '../../server/db/schema'
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from './helpers'
import { startServerProcess, stopServerProcess, type ServerProcess } from './serverProcess'
import { DEMO_PASSWORDS, staffHeaders, studioCookiePairs, type DemoRole } from './studioHelpers'
import { demoLogin } from '../../scripts/demoLogin'

// Runs races for real. With DATABASE_URL (scripts/with-postgres.sh, CI): two server processes on one throwaway
// PostgreSQL database, requests spread over both, so they really run in parallel and share nothing but the
// database (docs/server.md). Without it: one in-process server on PGlite, whose one connection serializes the
// queries (the races are hidden there, but the same assertions must hold).

export interface Answer {
  status: number
  body: { error?: { code: string; message: string } } & Record<string, unknown>
  headers: Headers
}

export interface RaceCluster {
  kind: 'postgres' | 'pglite'
  /** Base URLs of the servers (two on PostgreSQL). */
  bases: string[]
  /** The database the servers share, for the sandbox's books and for checking rows. */
  db: Kysely<DB>
  /** A request to server `i % bases.length`; `ip` is the client address (sent as X-Forwarded-For). */
  send(
    i: number,
    method: string,
    path: string,
    options?: { body?: unknown; cookie?: string; ip?: string; headers?: Record<string, string> },
  ): Promise<Answer>
  /** Logs `phone` in through server `i % 2` from client address `ip` (the demo outbox's code); the cookie pair. */
  login(i: number, phone: string, ip: string): Promise<string>
  /** Signs a demo staff member in through server `i % 2`; the cookie pairs (`send` adds the CSRF header). */
  staffLogin(i: number, role: DemoRole): Promise<string>
  /** N requests at once (request i goes to server i % 2). */
  race(n: number, request: (i: number) => Promise<Answer>): Promise<Answer[]>
  close(): Promise<void>
}

const RACE_PARALLEL = 100

/**
 * `fromEmptyDatabase`: the two processes start on an empty database at once, so one migrates and seeds while the
 * other waits for it (races.test.ts covers that); otherwise they start on a copy of the seeded template.
 */
export async function startRaceCluster({ fromEmptyDatabase = false } = {}): Promise<RaceCluster> {
  let servers: ServerProcess[] = []
  let local: TestApp | null = null
  let database: TestDatabase | null = null
  let mediaDir: string | null = null
  let db: Kysely<DB>
  let bases: string[]
  if (process.env.DATABASE_URL) {
    database = await createTestDatabase({ seeded: !fromEmptyDatabase })
    // DATA_DIR holds only the uploaded files here (the database is PostgreSQL), shared by both processes.
    mediaDir = await mkdtemp(join(tmpdir(), 'race-media-'))
    const env = { DATABASE_URL: database.url as string, TRUST_PROXY: '127.0.0.1', DATA_DIR: mediaDir }
    servers = await Promise.all([startServerProcess(null, env), startServerProcess(null, env)])
    bases = servers.map((s) => s.base)
    db = database.database.db
  } else {
    local = await createTestApp({ trustProxy: '127.0.0.1' })
    await local.app.listen({ port: 0, host: '127.0.0.1' })
    bases = [`http://127.0.0.1:${(local.app.server.address() as { port: number }).port}`]
    db = local.db.db
  }

  const send: RaceCluster['send'] = async (i, method, path, options = {}) => {
    // A studio cookie string (staffLogin) also gives the X-Studio-CSRF header, as the studio app sends it.
    const headers: Record<string, string> = { ...options.headers, ...staffHeaders(options.cookie ?? null) }
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    headers['x-forwarded-for'] = options.ip ?? '10.200.0.1'
    const res = await fetch(`${bases[i % bases.length]}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : {}, headers: res.headers }
  }

  const login: RaceCluster['login'] = async (i, phone, ip) => {
    return demoLogin(bases[i % bases.length], phone, ip)
  }

  const staffLogin: RaceCluster['staffLogin'] = async (i, role) => {
    const body = { username: role, password: DEMO_PASSWORDS[role] }
    const res = await send(i, 'POST', '/api/studio/session', { body })
    if (res.status !== 200) throw new Error(`staff login ${res.status} ${JSON.stringify(res.body)}`)
    return studioCookiePairs(res.headers.getSetCookie())
  }

  return {
    kind: database ? 'postgres' : 'pglite',
    bases,
    db,
    send,
    login,
    staffLogin,
    race: async (n, request) => {
      // At most RACE_PARALLEL requests in flight: enough to race on PostgreSQL, and never more connections at
      // once than the server's listen backlog (511) takes, which a loaded machine answered with ECONNRESET.
      const answers = new Array<Answer>(n)
      let next = 0
      const worker = async () => {
        while (next < n) {
          const i = next++
          answers[i] = await request(i)
        }
      }
      await Promise.all(Array.from({ length: Math.min(n, RACE_PARALLEL) }, worker))
      return answers
    },
    close: async () => {
      await Promise.all(servers.map(stopServerProcess))
      if (local) await local.close()
      if (database) await database.drop()
      if (mediaDir) await rm(mediaDir, { recursive: true, force: true })
    },
  }
}
