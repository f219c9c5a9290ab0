import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Campaign } from '../../src/types/generated/page'
import { buildApp } from '../../server/app'
import { registerCampaign } from '../../server/modules/campaigns/registry'
import { createTestDatabase, json, loginAs } from './helpers'
import { serverCommand } from './serverProcess'

// `npm run campaign:result` (scripts/campaign-result.ts) as operations run it: its own process on the server's
// database (a PGlite folder, or PostgreSQL with DATABASE_URL). The game itself: campaignGuess.test.ts.

const guess: Campaign = {
  kind: 'guess',
  title: '冬季杯竞猜',
  window: { startAt: '2020-01-01T00:00:00+08:00', endAt: '2099-01-01T00:00:00+08:00' },
  items: [
    {
      id: 'final',
      title: '决赛',
      lockAt: '2098-01-01T00:00:00+08:00',
      options: [
        { id: 'home', label: '阿根廷胜' },
        { id: 'draw', label: '平局' },
        { id: 'away', label: '法国胜' },
      ],
    },
  ],
  correctReward: { kind: 'points', amount: 20 },
}

describe('npm run campaign:result', () => {
  const run = promisify(execFile)
  let dataDir: string
  let url: string | undefined
  let drop = async () => {}

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'mall-guess-result-'))
    const database = process.env.DATABASE_URL ? await createTestDatabase({ seeded: true }) : null
    url = database?.url
    if (database) drop = database.drop
    // A server's data with a picked guess whose lock has passed (the command's clock is the real one).
    const app = await buildApp(
      database
        ? { database: database.database, distDir: '/nonexistent' }
        : { dataDir, distDir: '/nonexistent' },
    )
    try {
      await registerCampaign(
        app.services.db,
        {
          id: 'cli-guess',
          file: 'page-configs/cli-guess.json',
          campaign: guess,
        },
        new Date(),
      )
      const cookie = await loginAs(app, '13621999999')
      const picked = await json(app, {
        method: 'POST',
        url: '/api/campaigns/cli-guess/entries',
        headers: { cookie },
        body: { picks: [{ itemId: 'final', optionId: 'away' }] },
      })
      expect(picked.statusCode).toBe(200)
      // The match has been played: its lock is moved into the past, as a config change would.
      await app.services.db
        .updateTable('campaign_guess_items')
        .set({ lock_at: new Date('2020-06-01T00:00:00+08:00') })
        .where('campaign_id', '=', 'cli-guess')
        .execute()
    } finally {
      await app.close()
    }
  }, 120_000)
  afterAll(async () => {
    await drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const command = async (...args: string[]) => {
    const env = {
      ...process.env,
      APP_MODE: 'demo',
      ...(url ? { DATABASE_URL: url } : { DATABASE_URL: '', DATA_DIR: dataDir }),
    }
    try {
      const { stdout } = await run(process.execPath, [...serverCommand('campaign-result'), ...args], { env })
      return { code: 0, out: stdout }
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string }
      return { code: e.code, out: e.stdout + e.stderr }
    }
  }

  it('enters a result once, rewards the correct pick, and refuses another result', async () => {
    expect(await command('cli-guess', 'final', 'away')).toEqual({
      code: 0,
      out: '[campaign:result] 已录入 cli-guess / final 的结果 away：1 人猜中，奖励已发放\n',
    })
    expect((await command('cli-guess', 'final', 'away')).out).toContain('早已录入为 away，未做改动')
    const other = await command('cli-guess', 'final', 'home')
    expect(other.code).toBe(1)
    expect(other.out).toContain('“决赛”的结果已录入为“法国胜”，不能修改')
    expect((await command('cli-guess')).code).toBe(2)
  }, 120_000)
})
