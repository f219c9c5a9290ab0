// npm run reconcile [-- --apply] [--all] [--days N] [--partner-file PATH]...: compares our payments and refunds
// with the payment provider's books (the sandbox's in demo mode, WeChat Pay in production), then our partner
// orders, policies and surrenders with the partner insurer's books (its daily reconciliation files, format in
// docs/partner-reconciliation.md: the files given with --partner-file, else the sandbox partner's for each day
// in demo mode), and lists every difference.
// --apply settles what a machine may settle (a lost capture callback, a refund the provider settled; a lost
// surrender answer, a policy issued for a refunded order voided, a policy the insurer issued for a paid order).
// Exit code 1 while a difference remains (and an error log with `alert`), so a cron job can alert. Reads the
// same environment as the server; a PGlite DATA_DIR held by a running server is refused (stop it, or run
// against DATABASE_URL).
import { readFileSync } from 'node:fs'
import { buildApp } from '../server/app'
import { ConfigError, loadConfig } from '../server/platform/config'
import { appOptionsFromEnv } from '../server/platform/providers'
import { formatReport, reconcilePayments } from '../server/modules/payments/reconcile'
import {
  formatPartnerReport,
  readPartnerBooks,
  reconcileDays,
  reconcilePartner,
} from '../server/modules/partners/reconcile'

const args = process.argv.slice(2)
const daysArg = args.includes('--days') ? Number(args[args.indexOf('--days') + 1]) : 7
const days = Number.isFinite(daysArg) && daysArg > 0 ? daysArg : 7
const partnerFiles = args.flatMap((arg, i) => (arg === '--partner-file' && args[i + 1] ? [args[i + 1]] : []))
try {
  const app = await buildApp({
    ...appOptionsFromEnv(loadConfig(), process.env),
    distDir: '/nonexistent',
    orderSweepMs: 0,
  })
  try {
    const { payments, refunds, partnerConfig } = app.services
    const now = app.services.now()
    const since = new Date(now.getTime() - days * 24 * 3600_000)
    const apply = args.includes('--apply')
    const report = await reconcilePayments({
      db: app.services.db,
      provider: app.services.paymentProvider,
      payments,
      refunds,
      since,
      now,
      apply,
    })
    console.log(formatReport(report, args.includes('--all')))
    let differences = report.differences
    const sandbox = partnerConfig.sandbox
    const files = partnerFiles.length
      ? partnerFiles.map((path) => ({ source: path, text: readFileSync(path, 'utf8') }))
      : sandbox
        ? reconcileDays(since, now).map((day) => ({ source: day, text: sandbox.reconciliationFile(day) }))
        : null
    if (files) {
      const partner = await reconcilePartner({
        db: app.services.db,
        books: readPartnerBooks(files),
        issuing: app.services.partnerIssuing,
        surrenders: app.services.partnerSurrenders,
        since,
        now,
        apply,
      })
      await app.services.partnerIssuing.settled()
      console.log(formatPartnerReport(partner))
      differences += partner.differences
    } else if (partnerConfig.huating) {
      console.log('保险公司对账：未提供对账文件（--partner-file），未核对')
    }
    if (differences > 0)
      app.log.error({ alert: 'reconcile', differences }, 'reconcile found differences with the books')
    process.exitCode = differences === 0 ? 0 : 1
  } finally {
    await app.close()
  }
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(`[reconcile] ${error.message}`)
  process.exitCode = 2
}
