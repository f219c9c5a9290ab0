import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import type { SandboxCallback, SandboxPaymentProvider } from '../../server/modules/payments/providers/sandbox'
import { createTestDatabase, loginAs, type TestDatabase } from './helpers'
import { Buyer } from './ordersFlow'
import { serverCommand } from './serverProcess'

// npm run reconcile against a database in which the two money scenarios of docs/architecture.md happened (a capture
// after the order was cancelled, two captures of one order), plus one capture whose callback was lost.

const run = promisify(execFile)
let dataDir: string
let database: TestDatabase | null = null
const env = () => ({
  ...process.env,
  APP_MODE: 'demo',
  ...(database ? { DATABASE_URL: database.url as string } : { DATABASE_URL: '', DATA_DIR: dataDir }),
})

async function reconcile(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, [...serverCommand('reconcile'), ...args], {
      env: env(),
    })
    return { code: 0, out: stdout }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, out: e.stdout + e.stderr }
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'mall-reconcile-'))
  if (process.env.DATABASE_URL) database = await createTestDatabase({ seeded: true })
  const app = await buildApp(
    database
      ? { database: database.database, distDir: '/nonexistent' }
      : { dataDir, distDir: '/nonexistent' },
  )
  try {
    const sandbox = app.services.sandbox as SandboxPaymentProvider
    const deliver = (cb: SandboxCallback) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/callback/sandbox',
        headers: cb.headers,
        payload: cb.body,
      })
    const capture = async (paymentId: string) => {
      const captured = await sandbox.capture(paymentId, 'SUCCEEDED')
      if (!captured.ok) throw new Error(captured.reason)
      return captured.callback
    }
    const buyer = new Buyer(app, await loginAs(app, '13600006666'))
    // 1. Paid, then cancelled before the callback arrived.
    const cancelled = await buyer.order()
    const late = await capture((await buyer.pay(cancelled.id)).paymentId)
    await buyer.call('POST', `/api/orders/${cancelled.id}/cancel`)
    await deliver(late)
    // 2. Two codes of one order both paid.
    const twice = await buyer.order()
    const first = await capture((await buyer.pay(twice.id)).paymentId)
    await deliver(await capture((await buyer.pay(twice.id)).paymentId))
    await deliver(first)
    // 3. Paid, but the callback never arrived.
    const lost = await buyer.order()
    await capture((await buyer.pay(lost.id)).paymentId)
  } finally {
    await app.close()
  }
}, 120_000)

afterAll(async () => {
  await database?.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('npm run reconcile', () => {
  it('agrees on the refunded scenarios, lists the lost capture, settles it with --apply', async () => {
    const before = await reconcile('--all')
    console.info(before.out)
    expect(before.code).toBe(1)
    expect(before.out).toContain('支付对账：核对 4 笔支付')
    expect(before.out.match(/一致$/gm)).toHaveLength(3)
    expect(before.out).toContain('差异：渠道已扣款，本地未入账（支付通知丢失）')
    expect(before.out).toContain('结果：1 笔差异待处理')

    const applied = await reconcile('--apply')
    expect(applied.code).toBe(0)
    expect(applied.out).toContain('已处理：渠道已扣款，本地未入账')

    const after = await reconcile('--all')
    console.info(after.out)
    expect(after.code).toBe(0)
    expect(after.out).toContain('结果：本地与渠道一致')
  })
})
