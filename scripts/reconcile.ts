// npm run reconcile [-- --apply] [--all] [--days N]: compares our payments and refunds with the payment
// provider's books (the sandbox's in demo mode, WeChat Pay in production) and lists every difference.
// --apply settles what a machine may settle (a lost capture callback, a refund the provider settled).
// Exit code 1 while a difference remains, so a cron job can alert. Reads the same environment as the server;
// a PGlite DATA_DIR held by a running server is refused (stop it, or run against DATABASE_URL).
import { buildApp } from '../server/app'
import { ConfigError, loadConfig } from '../server/platform/config'
import { appOptionsFromEnv } from '../server/platform/providers'
import { formatReport, reconcilePayments } from '../server/modules/payments/reconcile'

const args = process.argv.slice(2)
const daysArg = args.includes('--days') ? Number(args[args.indexOf('--days') + 1]) : 7
const days = Number.isFinite(daysArg) && daysArg > 0 ? daysArg : 7
try {
  const app = await buildApp({
    ...appOptionsFromEnv(loadConfig(), process.env),
    distDir: '/nonexistent',
    orderSweepMs: 0,
  })
  try {
    const { payments, refunds } = app.services
    const now = app.services.now()
    const report = await reconcilePayments({
      db: app.services.db,
      provider: app.services.paymentProvider,
      payments,
      refunds,
      since: new Date(now.getTime() - days * 24 * 3600_000),
      now,
      apply: args.includes('--apply'),
    })
    console.log(formatReport(report, args.includes('--all')))
    process.exitCode = report.differences === 0 ? 0 : 1
  } finally {
    await app.close()
  }
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(`[reconcile] ${error.message}`)
  process.exitCode = 2
}
