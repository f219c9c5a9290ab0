import { buildApp } from './app'
import { ConfigError, loadConfig } from './platform/config'
import { MigrationError } from './db/migrate'
import { loggerOptions } from './platform/logging'
import { appOptionsFromEnv } from './platform/providers'
import { shiftServerDate } from './platform/shiftedDate'

// Start-up: read the environment, refuse unsafe production settings by name, migrate, listen.
// SIGINT/SIGTERM: stop accepting, finish in-flight requests, close the database, exit.
const started = performance.now()
try {
  const config = loadConfig()
  // An e2e run lives at a fixed moment: the whole process reads it, server rendering included.
  if (config.testClockStart) shiftServerDate(config.testClockStart.getTime() - Date.now())
  const app = await buildApp({
    ...appOptionsFromEnv(config, process.env),
    logger: loggerOptions(config.logLevel),
  })
  await app.listen({ port: config.port, host: config.host })
  app.log.info(
    {
      mode: config.mode,
      db: config.databaseUrl ? 'postgres' : 'pglite',
      startMs: Math.round(performance.now() - started),
    },
    'server ready',
  )

  let closing = false
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return
      closing = true
      app.log.info({ signal }, 'shutting down')
      const force = setTimeout(() => {
        app.log.error('shutdown took longer than 10 s; exiting')
        process.exit(1)
      }, 10_000)
      force.unref()
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed')
          process.exit(1)
        },
      )
    })
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof MigrationError) {
    console.error(`[server] ${error.message}`)
    process.exit(1)
  }
  throw error
}
