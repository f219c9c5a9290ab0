import { afterEach, describe, expect, it } from 'vitest'
import type { Order } from '../../../src/types/generated/api/order'
import type { Policy } from '../../../src/types/generated/api/policy'
import { MAX_ISSUE_ATTEMPTS, retryDelayMs } from '../../../server/modules/partners/issuing'
import {
  formatPartnerReport,
  readPartnerBooks,
  reconcileDays,
  reconcilePartner,
} from '../../../server/modules/partners/reconcile'
import {
  formatReconciliationFile,
  parseReconciliationFile,
  RECONCILIATION_HEADER,
} from '../../../server/modules/partners/reconciliationFile'
import { testClock } from '../helpers'
import { createPartnerApp, PartnerBuyer, type PartnerTestApp } from './partnerFlow'

// The partner reconcile: our partner orders, policies and surrenders against the insurer's books (its daily
// reconciliation files, produced by the sandbox). Differences built with the sandbox's faults are listed and,
// with apply, the safe ones repaired; the rest stay for a person.

let t: PartnerTestApp
afterEach(async () => t.close())

const LOST = 'http://127.0.0.1:9/none'

async function reconcile(clock: ReturnType<typeof testClock>, apply: boolean) {
  const now = clock.now()
  const since = new Date(now.getTime() - 7 * 24 * 3600_000)
  const files = reconcileDays(since, now).map((day) => ({
    source: day,
    text: t.sandbox.reconciliationFile(day),
  }))
  const report = await reconcilePartner({
    db: t.db.db,
    books: readPartnerBooks(files),
    issuing: t.app.services.partnerIssuing,
    surrenders: t.app.services.partnerSurrenders,
    since,
    now,
    apply,
  })
  await t.settle()
  return report
}

describe('partner reconcile', () => {
  it('lists each difference with the insurer, repairs the safe ones with apply, leaves the rest for a person', async () => {
    const clock = testClock(new Date('2026-11-25T04:00:00.000Z'))
    t = await createPartnerApp({ now: clock.now })
    const buyer = await PartnerBuyer.login(t.app)
    const callbacks = t.sandbox.callbackUrl!
    const paid = async (productId = 'ht-accident') => {
      const { orderId } = await buyer.applied(productId)
      await buyer.pay(orderId)
      await t.settle()
      return orderId
    }
    const policyOf = async (orderId: string) => {
      const { policyId, partnerPolicyNo } = await buyer.partnerOrder(orderId)
      return { policyId: policyId!, partnerPolicyNo: partnerPolicyNo! }
    }
    const atInsurer = (policyNo: string) =>
      [...t.sandbox.ledger.applications.values()].find((a) => a.policyNo === policyNo)

    // Issued by the insurer after we gave up and refunded (its answers time out, its callbacks are lost).
    t.sandbox.setCallbackUrl(LOST)
    t.faults({ mode: 'timeout', operations: ['issue'], delayMs: 400 })
    const refunded = await paid()
    for (let attempt = 1; attempt < MAX_ISSUE_ATTEMPTS; attempt++) {
      clock.advance(retryDelayMs(attempt))
      await t.app.services.partnerIssuing.retryDue()
    }
    await t.settle()
    expect((await buyer.partnerOrder(refunded)).partnerStatus).toBe('ISSUE_FAILED')
    t.sandbox.faults.clear()
    t.sandbox.setCallbackUrl(callbacks)

    // Issued normally, then: a surrender whose answer is lost; a premium that differs; a policy born expired;
    // a policy the insurer does not know.
    const [surrendered, repriced, expired, unknown] = [
      await policyOf(await paid()),
      await policyOf(await paid('ht-travel')),
      await policyOf(await paid('ht-regression')),
      await policyOf(await paid()),
    ]
    t.faults({ mode: 'timeout', operations: ['surrender'], delayMs: 400 })
    const asked = await buyer.call('POST', `/api/policies/${surrendered.policyId}/surrender`, {
      reason: '不需要这份保障了',
    })
    expect(asked.statusCode).toBe(202)
    await expect.poll(() => atInsurer(surrendered.partnerPolicyNo)?.status).toBe('SURRENDERED')
    t.sandbox.faults.clear()
    atInsurer(repriced.partnerPolicyNo)!.premium = '199.00'
    await t.db.db
      .updateTable('policies')
      .set((eb) => ({ expires_at: eb.ref('issued_at') }))
      .where('id', '=', expired.policyId)
      .execute()
    const unknownApplication = atInsurer(unknown.partnerPolicyNo)!
    t.sandbox.ledger.applications.delete(unknownApplication.applyNo)

    // Issued at the insurer, its callback lost: paid here with no policy.
    t.sandbox.setCallbackUrl(LOST)
    const lostCallback = await paid()
    t.sandbox.setCallbackUrl(callbacks)
    // The insurer down at issuing: paid, no policy anywhere, and hours go by.
    t.faults({ mode: 'down', operations: ['issue'], times: 2 })
    const waiting = await paid()
    t.sandbox.faults.clear()
    clock.advance(3 * 3600_000)

    const orderNo = async (orderId: string) =>
      (await buyer.call('GET', `/api/orders/${orderId}`)).json<Order>().orderNo
    const before = await reconcile(clock, false)
    const problems = before.lines.map((l) => `${l.orderNo ?? '-'} ${l.problem}`)
    expect(problems.sort()).toEqual(
      [
        `${await orderNo(refunded)} 保险公司已出单，本地订单已退款`,
        `${await orderNo(lostCallback)} 保险公司已出单，本地无保单（出单通知丢失）`,
        `${await orderNo(waiting)} 已支付 3 小时仍未出单（需跟进）`,
      ]
        .concat(
          await Promise.all(
            [
              [surrendered, '保险公司已退保，本地退保未完成（应答丢失）'],
              [repriced, '保费不符：保险公司 19900 分，本地 100 分（需人工核查）'],
              [expired, '出单时保障已结束（保单生而过期），需退还保费'],
              [unknown, '本地有保单，保险公司无记录（需人工核查）'],
            ].map(async ([policy, problem]) => {
              const p = (
                await buyer.call('GET', `/api/policies/${(policy as { policyId: string }).policyId}`)
              ).json<Policy>()
              return `${await orderNo(p.orderId!)} ${problem as string}`
            }),
          ),
        )
        .sort(),
    )
    expect(before.differences).toBe(7)
    const text = formatPartnerReport(before)
    expect(text).toContain('结果：7 笔差异待处理')
    expect(text).not.toContain('本地与保险公司一致')

    const applied = await reconcile(clock, true)
    expect(applied.lines.filter((l) => l.settled).map((l) => l.problem)).toHaveLength(3)
    // The lost surrender is completed and refunded once; the insurer's late policy is voided; the lost
    // callback's policy is issued here.
    const done = (await buyer.call('GET', `/api/policies/${surrendered.policyId}`)).json<Policy>()
    expect(done).toMatchObject({ status: 'SURRENDERED', refundFen: 9900 })
    const doneOrder = (await buyer.call('GET', `/api/orders/${done.orderId}`)).json<Order>()
    expect(doneOrder.refunds).toHaveLength(1)
    const late = [...t.sandbox.ledger.applications.values()].find(
      (a) => a.issueRequestId && a.status === 'SURRENDERED' && a.policyNo !== surrendered.partnerPolicyNo,
    )
    expect(late).toBeDefined()
    expect((await buyer.call('GET', `/api/orders/${refunded}`)).json<Order>().refunds).toHaveLength(1)
    expect(await buyer.partnerOrder(lostCallback)).toMatchObject({
      status: 'ISSUED',
      partnerStatus: 'ISSUED',
    })

    const after = await reconcile(clock, true)
    expect(after.differences).toBe(4)
    expect(after.lines.every((l) => !l.settled)).toBe(true)
    // Seven purchases and a refund's retries against a real sandbox: longer than one purchase's default.
  }, 120_000)
})

describe('the insurer daily reconciliation file', () => {
  it('the sandbox serves the day file; the reader takes it back and reports bad lines by number without throwing', async () => {
    const clock = testClock(new Date('2026-11-25T04:00:00.000Z'))
    t = await createPartnerApp({ now: clock.now })
    const buyer = await PartnerBuyer.login(t.app)
    const { orderId } = await buyer.applied('ht-air')
    await buyer.pay(orderId)
    await t.settle()
    const { partnerPolicyNo } = await buyer.partnerOrder(orderId)

    const res = await fetch(`${t.sandbox.url}/__sandbox/reconciliation/20261125`)
    expect(res.headers.get('content-type')).toContain('text/csv')
    const text = await res.text()
    expect(text.split('\n').slice(0, 2)).toEqual(['#HTRECON,v1,20261125', RECONCILIATION_HEADER])
    const parsed = parseReconciliationFile(text)
    expect(parsed).toMatchObject({ day: '20261125', problems: [] })
    expect(parsed.records).toEqual([
      expect.objectContaining({ policyNo: partnerPolicyNo, status: 'ISSUED', premiumFen: 500 }),
    ])
    expect(parseReconciliationFile(t.sandbox.reconciliationFile('20261124')).records).toEqual([])

    const good = formatReconciliationFile('20261125', parsed.records).split('\n')
    const broken = [
      `\uFEFF${good[0]}`,
      good[1],
      good[2],
      'HT1,HTA1,req-1,LOST,500,2026-11-25T12:00:00+08:00,,',
      'HT2,HTA2,req-2,ISSUED,五百,2026-11-25T12:00:00+08:00,,',
      'only,three,columns',
      'HT3,HTA3,req-3,SURRENDERED,500,2026-11-25T12:00:00+08:00,,',
      '#END,9',
    ].join('\r\n')
    const read = parseReconciliationFile(broken)
    expect(read.records).toHaveLength(1)
    expect(read.problems).toEqual([
      { line: 4, message: '状态无效：LOST' },
      { line: 5, message: '保费(分)无效' },
      { line: 6, message: '应有 8 列，实有 3 列' },
      { line: 7, message: '退保时间与状态不符' },
      { line: 0, message: '结束行记录数 9 与文件行数不符' },
    ])
    expect(parseReconciliationFile('not a file at all').problems.map((p) => p.line)).toEqual([1, 2, 0])
    expect(parseReconciliationFile('').records).toEqual([])
  })
})
