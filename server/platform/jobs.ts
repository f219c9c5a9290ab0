import type { FastifyInstance } from 'fastify'
import { LOCKS, withAdvisoryLock } from '../db/advisoryLock'
import { purgeOldHits } from './rateLimits'
import { purgeOldIdempotencyKeys } from './idempotency'
import type { ServerModule } from './module'

// Background sweeps: close unpaid orders past their 30 minutes, resubmit or ask about open refunds, and drop
// expired rows (sessions, rate-limit windows, idempotency keys). With several server processes on one
// PostgreSQL, one of them runs each round (the others skip it).

export async function runSweep(app: FastifyInstance, modules: readonly ServerModule[]): Promise<void> {
  const { services } = app
  const work = async () => {
    for (const module of modules) await module.sweep?.(services)
    await services.sessions.purgeExpired()
    await purgeOldHits(services.db, services.now())
    await purgeOldIdempotencyKeys(services.db, services.now())
  }
  await withAdvisoryLock({ db: services.db, kind: services.dbKind }, LOCKS.sweep, 'skip', work)
}

/** Runs the sweep every `intervalMs` (0: never) until the app closes. */
export function startSweeps(
  app: FastifyInstance,
  modules: readonly ServerModule[],
  intervalMs: number,
): void {
  if (intervalMs <= 0) return
  let running: Promise<void> | null = null
  const timer = setInterval(() => {
    if (running) return
    running = runSweep(app, modules)
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
