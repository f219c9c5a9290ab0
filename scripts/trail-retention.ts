// npm run trail:retention [-- --dry-run]: deletes the sales trails (可回溯) whose keep-until has passed (5 or 10
// years after their contract ended; 5 years after the last step of a sale that never became one), under the
// job's advisory lock, and writes how many in the staff audit log. --dry-run counts them and deletes nothing.
// The server's sweep runs the same job; this is for a scheduled run or a check by hand. Reads the same
// environment as the server; a PGlite DATA_DIR held by a running server is refused (stop it, or run against
// DATABASE_URL).
import { buildApp } from '../server/app'
import { ConfigError, loadConfig } from '../server/platform/config'
import { appOptionsFromEnv } from '../server/platform/providers'
import { purgeExpiredTrails } from '../server/modules/trail/retention'

const dryRun = process.argv.includes('--dry-run')
try {
  const app = await buildApp({
    ...appOptionsFromEnv(loadConfig(), process.env),
    distDir: '/nonexistent',
    orderSweepMs: 0,
  })
  try {
    const { db, dbKind, staffAudit } = app.services
    const now = app.services.now()
    const kept = await db
      .selectFrom('sales_trails')
      .select((eb) => [
        eb.fn.countAll<string>().as('all'),
        eb.fn.count<string>('keep_until').as('dated'),
        eb.fn.min('keep_until').as('soonest'),
      ])
      .executeTakeFirstOrThrow()
    const result = await purgeExpiredTrails({ db, kind: dbKind }, now, staffAudit, dryRun)
    console.log(`[trail:retention] ${dryRun ? '试运行（不删除）' : '已执行'}，时间 ${now.toISOString()}`)
    console.log(
      `  销售过程记录共 ${kept.all} 份，其中 ${kept.dated} 份已定保存期限（其余为合同未终止的长期保障），最早到期 ${kept.soonest ? new Date(kept.soonest as Date).toISOString() : '无'}`,
    )
    if (result.due === null) console.log('  另一进程正在执行本任务，本次跳过')
    else
      console.log(
        `  保存期满 ${result.due} 份${dryRun ? '（试运行，未删除）' : `，已删除 ${result.deleted} 份并记入操作日志`}`,
      )
  } finally {
    await app.close()
  }
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(`[trail:retention] ${error.message}`)
  process.exitCode = 2
}
