// npm run campaign:result -- <campaignId> <itemId> <optionId>: enters the result of one item of a guessing game
// (竞猜) and rewards every correct pick once, with a message to each winner. The same result again changes
// nothing; another result for an item already decided is refused. Reads the same environment as the server; a
// PGlite DATA_DIR held by a running server is refused (stop it, or run against DATABASE_URL). Exit code 1 when
// the result is refused, 2 when the server's settings are.
import { buildApp } from '../server/app'
import { ConfigError, loadConfig } from '../server/platform/config'
import { ApiError } from '../server/platform/errors'
import { appOptionsFromEnv } from '../server/platform/providers'

const [campaignId, itemId, optionId] = process.argv.slice(2)
if (!campaignId || !itemId || !optionId) {
  console.error('用法：npm run campaign:result -- <活动编号> <竞猜项编号> <结果选项编号>')
  process.exit(2)
}
try {
  const app = await buildApp({
    ...appOptionsFromEnv(loadConfig(), process.env),
    // The command's clock is the real one (a test clock belongs to a running server).
    testClock: false,
    distDir: '/nonexistent',
    orderSweepMs: 0,
  })
  try {
    const entered = await app.services.guesses.enterResult(campaignId, itemId, optionId, 'command')
    console.log(
      entered.alreadyEntered
        ? `[campaign:result] ${campaignId} / ${itemId} 的结果早已录入为 ${optionId}，未做改动`
        : `[campaign:result] 已录入 ${campaignId} / ${itemId} 的结果 ${optionId}：${entered.rewarded} 人猜中，奖励已发放`,
    )
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    console.error(`[campaign:result] ${error.message}`)
    process.exitCode = 1
  } finally {
    await app.close()
  }
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(`[campaign:result] ${error.message}`)
  process.exitCode = 2
}
