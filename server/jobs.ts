import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { purgeOldHits } from './rateLimits'
import { purgeOldIdempotencyKeys } from './idempotency'
import { purchaseServices } from './services/ordersSetup'

// Background sweeps: close unpaid orders past their 30 minutes, resubmit or ask about open refunds, and drop
// expired rows (sessions, rate-limit windows, idempotency keys). On PostgreSQL several server processes share
// the database: a session advisory lock lets one of them run each round (DESIGN.md §10). A PGlite folder is
// held by one process, so it needs no lock.

/** An arbitrary constant naming the sweep's advisory lock. */
const SWEEP_LOCK = 7_301_001

export async function runSweep(app: FastifyInstance): Promise<void> {
  const { services } = app
  const work = async () => {
    const { orders, refunds } = purchaseServices(services)
    await orders.closeExpired()
    await refunds.retryOpen()
    await services.sessions.purgeExpired()
    await purgeOldHits(services.db, services.now())
    await purgeOldIdempotencyKeys(services.db, services.now())
  }
  if (services.dbKind === 'pglite') return work()
  await services.db.connection().execute(async (connection) => {
    const { rows } = await sql<{
      locked: boolean
    }>`SELECT pg_try_advisory_lock(${SWEEP_LOCK}) AS locked`.execute(connection)
    if (!rows[0]?.locked) return
    try {
      await work()
    } finally {
      await sql`SELECT pg_advisory_unlock(${SWEEP_LOCK})`.execute(connection)
    }
  })
}

/** Runs the sweep every `intervalMs` (0: never) until the app closes. */
export function startSweeps(app: FastifyInstance, intervalMs: number): void {
  if (intervalMs <= 0) return
  let running: Promise<void> | null = null
  const timer = setInterval(() => {
    if (running) return
    running = runSweep(app)
      .catch((error: unknown) => app.log.warn({ err: error }, 'sweep failed'))
      .finally(() => {
        running = null
      })
  }, intervalMs)
  timer.unref()
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
