import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
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
    expect(before.out.match(/\s一致$/gm)).toHaveLength(3)
    expect(before.out).toContain('差异：渠道已扣款，本地未入账（支付通知丢失）')
    expect(before.out).toContain('结果：1 笔差异待处理')

    const applied = await reconcile('--apply')
    expect(applied.code).toBe(0)
    expect(applied.out).toContain('已处理：渠道已扣款，本地未入账')

    const after = await reconcile('--all')
    console.info(after.out)
    expect(after.code).toBe(0)
    expect(after.out).toContain('结果：本地与渠道一致')
    // The partner insurer's books (the sandbox's, in demo mode) hold nothing of ours: they agree too.
    expect(after.out).toContain('结果：本地与保险公司一致')
  })

  it("reads the insurer's daily file (--partner-file): a policy we do not know and a bad line are differences", async () => {
    const file = join(dataDir, 'ht-20261125.csv')
    writeFileSync(
      file,
      [
        '#HTRECON,v1,20261125',
        '保单号,投保单号,请求号,状态,保费(分),出单时间,退保时间,退保金额(分)',
        'HT2026112500000077,HTA77,req-77,ISSUED,9900,2026-11-25T12:00:00+08:00,,',
        'HT2026112500000078,HTA78,req-78,ISSUED,九十九,2026-11-25T12:00:00+08:00,,',
        '#END,2',
        '',
      ].join('\n'),
    )
    const res = await reconcile('--partner-file', file)
    expect(res.code).toBe(1)
    expect(res.out).toContain('保险公司对账：核对 0 笔合作方订单，保险公司对账文件 1 条（20261125–20261125）')
    expect(res.out).toContain('差异：对账文件第 4 行无法读取：保费(分)无效')
    expect(res.out).toContain('保险公司保单 HT2026112500000077')
    expect(res.out).toContain('差异：保险公司有保单，本地无对应订单（需人工核查）')
    expect(res.out).toContain('结果：2 笔差异待处理')
  })
})
