// npm run partner:fault-day: a day of partner-insurer faults, then the reconcile. Starts the app in-process (demo
// mode, in-memory PGlite, the sandbox partner, a test clock from 09:00 Shanghai), buys and surrenders the four
// partner products while the sandbox's faults are switched on (down, timeout, 5xx, bad signature, refuse,
// re-price, malformed, duplicate, lost and held callbacks, an outage that opens the circuit breaker), runs the
// sweep as the clock moves, then reconciles with the insurer's daily files (before and after --apply) and prints
// the fault matrix (fault × step: what the user saw, money, insurer, the reconcile's verdict) and the reports. Bounded: a minute at most on a quiet machine. Exit code 0; it is a demonstration.
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../server/app'
import { ACCEPTED_CHECK_MS, MAX_ISSUE_ATTEMPTS, retryDelayMs } from '../server/modules/partners/issuing'
import {
  formatPartnerReport,
  readPartnerBooks,
  reconcileDays,
  reconcilePartner,
} from '../server/modules/partners/reconcile'
import type { Fault } from '../server/modules/partners/sandbox/faults'
import type { HuatingSandbox } from '../server/modules/partners/sandbox/service'
import { checksumChar } from '../src/domain/certificate'
import { TRIP_DESTINATIONS } from '../src/domain/trip'
import { demoLogin } from './demoLogin'

const START = new Date('2026-11-25T01:00:00.000Z')
const LOST_CALLBACKS = 'http://127.0.0.1:9/none'
const deadline = setTimeout(() => {
  console.error('[partner-fault-day] over 180 s: stopped')
  process.exit(2)
}, 180_000)

let clockMs = START.getTime()
const now = () => new Date(clockMs)

interface Row {
  orderId?: string
  fault: string
  step: string
  user: string
  money: string
  insurer: string
}
const rows: Row[] = []

const app: FastifyInstance = await buildApp({
  mode: 'demo',
  distDir: '/nonexistent',
  orderSweepMs: 0,
  now,
  logger: false,
  partners: {
    sandbox: { issueDelayMs: 10 },
    huating: { timeoutMs: 300, retries: 1, retryDelayMs: 10 },
  },
})
try {
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  const sandbox = app.services.partnerConfig.sandbox as HuatingSandbox
  const callbacks = sandbox.callbackUrl!
  const cookie = await demoLogin(base, '13800138000')

  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, key?: string) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    const parsed = (() => {
      try {
        return JSON.parse(text) as Record<string, unknown>
      } catch {
        return {}
      }
    })()
    return { status: res.status, data: parsed }
  }
  const errorText = (data: Record<string, unknown>) =>
    ((data.error as { message?: string } | undefined)?.message ?? '') || ''
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      await app.services.partnerIssuing.settled()
      await sandbox.idle()
    }
  }
  const sweep = async (ms: number) => {
    clockMs += ms
    await app.services.partnerIssuing.retryDue()
    await app.services.partnerSurrenders.retryDue()
    await settle()
  }
  /** Faults that last across steps (an insurer whose status query is down all day). */
  const lasting: Fault[] = []
  const faults = (...list: Fault[]) => sandbox.faults.set([...lasting, ...list])
  const clearFaults = () => sandbox.faults.set(lasting)

  const first17 = '110101199003078511'.slice(0, 17)
  const holder = {
    name: '张三',
    certType: 'CERT',
    certNo: first17 + checksumChar(first17),
    certTime: 0,
    certStartDate: '2020-01-01',
    certEndDate: '2040-01-01',
    gender: 'M',
    birthday: '1990-03-07',
    phone: '13800138000',
    occupationinfo: '0000001',
  }
  let keys = 0
  let flightDate = '2026-12-01'
  // Each air purchase is another flight (one policy per person per flight), unless a step asks for the last one.
  let flightSerial = 100
  let sameFlight = false
  /** Quote and apply; the order id, or what the user was told. */
  const apply = async (
    productId: string,
  ): Promise<{
    orderId?: string
    said: string
    premiumChanged?: { quotedFen: number; premiumFen: number }
  }> => {
    if (productId === 'ht-air' && !sameFlight) flightSerial += 1
    const quote = await call('POST', '/api/partner/quotes', {
      productId,
      holder,
      insured: { ...holder, relationType: '1', hasSocialInsurance: 'Y', occupationinfoText: '办公室人员' },
      product: { chargePeriodType: 'year' },
      ...(productId === 'ht-air' ? { flight: { flightNo: `MU5${flightSerial}`, date: flightDate } } : {}),
      ...(productId === 'ht-travel'
        ? { trip: { destination: TRIP_DESTINATIONS[0], startDate: '2026-11-28', endDate: '2026-12-01' } }
        : {}),
    })
    if (quote.status !== 200) return { said: `报价 ${quote.status} ${errorText(quote.data)}` }
    const applied = await call(
      'POST',
      '/api/partner/applications',
      { quoteId: quote.data.quoteId, healthAnswers: { hq1: false, hq2: false, hq3: false } },
      `fault-day-${++keys}`,
    )
    if (applied.status !== 201) return { said: `投保 ${applied.status} ${errorText(applied.data)}` }
    const premiumChanged = applied.data.premiumChanged as
      { quotedFen: number; premiumFen: number } | undefined
    return {
      orderId: applied.data.orderId as string,
      said: '核保通过',
      ...(premiumChanged ? { premiumChanged } : {}),
    }
  }
  const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`
  /** What paying said first when the premium changed at underwriting: refused until the user agrees. */
  let payRefusal = ''
  const pay = async (orderId: string, premiumChanged?: { quotedFen: number; premiumFen: number }) => {
    if (premiumChanged) {
      const refused = await call('POST', `/api/orders/${orderId}/pay`, { channel: 'wechat' })
      payRefusal = `支付前 ${refused.status} ${errorText(refused.data)}；同意后支付 ${yuan(premiumChanged.premiumFen)}`
      await call('POST', `/api/partner/orders/${orderId}/premium-agreement`)
    }
    const started = await call('POST', `/api/orders/${orderId}/pay`, { channel: 'wechat' })
    await call('POST', `/api/sandbox/payments/${started.data.paymentId as string}/simulate`, {
      outcome: 'SUCCEEDED',
    })
    await settle()
  }
  const orderState = async (orderId: string) => {
    const partner = (await call('GET', `/api/partner/orders/${orderId}`)).data
    const order = (await call('GET', `/api/orders/${orderId}`)).data
    const refunds = (order.refunds as { amountFen: number }[] | undefined) ?? []
    const money = refunds.length
      ? `已退款 ¥${(refunds.reduce((s, r) => s + r.amountFen, 0) / 100).toFixed(2)}（${refunds.length} 笔）`
      : order.status === 'ISSUED'
        ? `已收保费 ¥${((order.premiumFen as number) / 100).toFixed(2)}`
        : `订单 ${order.status as string}`
    const { issue_request_id } = await app.services.db
      .selectFrom('partner_orders')
      .select('issue_request_id')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
    const application = [...sandbox.ledger.applications.values()].find(
      (a) => a.issueRequestId === issue_request_id,
    )
    return {
      partner,
      user: `${(partner.message as string | undefined) ?? (partner.status as string)}`,
      money,
      insurer: application?.status ?? '无保单',
    }
  }
  const buy = async (fault: string, productId: string, set: Fault[], after?: () => Promise<void>) => {
    faults(...set)
    const applied = await apply(productId)
    if (!applied.orderId) {
      clearFaults()
      rows.push({ fault, step: `${productId} 投保`, user: applied.said, money: '未扣款', insurer: '无保单' })
      return null
    }
    payRefusal = ''
    await pay(applied.orderId, applied.premiumChanged)
    clearFaults()
    if (after) await after()
    const state = await orderState(applied.orderId)
    rows.push({
      orderId: applied.orderId,
      fault,
      step: `${productId} 支付后出单`,
      user: payRefusal ? `${payRefusal}；${state.user}` : state.user,
      money: state.money,
      insurer: state.insurer,
    })
    return state.partner
  }
  const surrender = async (fault: string, policyId: string, set: Fault[], sweepAfter: boolean) => {
    faults(...set)
    const res = await call('POST', `/api/policies/${policyId}/surrender`, { reason: '不需要这份保障了' })
    const said =
      res.status === 202
        ? `202 退保处理中：${(res.data.surrenderRequest as { note: string }).note}`
        : res.status === 200
          ? '退保成功'
          : `${res.status} ${errorText(res.data)}`
    // The sandbox may still be carrying out a slow surrender: wait for its books to settle.
    await new Promise((resolve) => setTimeout(resolve, 500))
    clearFaults()
    if (sweepAfter) await sweep(retryDelayMs(1))
    const policy = (await call('GET', `/api/policies/${policyId}`)).data
    const application = [...sandbox.ledger.applications.values()].find(
      (a) => a.policyNo === policy.partnerPolicyNo,
    )
    rows.push({
      orderId: policy.orderId as string | undefined,
      fault,
      step: `退保${sweepAfter ? '（之后重试）' : ''}`,
      user: said,
      money: policy.surrenderedAt ? `已退款 ¥${((policy.refundFen as number) / 100).toFixed(2)}` : '未退款',
      insurer: application?.status ?? '无记录',
    })
  }

  // Morning: the four products, plain.
  const issued: string[] = []
  for (const product of ['ht-accident', 'ht-travel', 'ht-regression', 'ht-air']) {
    const state = await buy('无', product, [])
    if (state?.policyId) issued.push(state.policyId as string)
  }
  clockMs += 3600_000
  await buy('报价时保险公司宕机 (down)', 'ht-accident', [{ mode: 'down', operations: ['quote'] }])
  await buy('核保拒保 (refuse)', 'ht-travel', [{ mode: 'refuse', operations: ['underwrite'] }])
  await buy(
    '出单应答报文异常 (malformed ×2)',
    'ht-regression',
    [{ mode: 'malformed', operations: ['issue'], times: 2 }],
    () => sweep(retryDelayMs(1)),
  )
  await buy(
    '出单时宕机两次 (down ×4)',
    'ht-accident',
    [{ mode: 'down', operations: ['issue'], times: 4 }],
    async () => {
      await sweep(retryDelayMs(1))
      await sweep(retryDelayMs(2))
    },
  )
  await buy('出单回调重复 (duplicateCallback ×4)', 'ht-air', [
    { mode: 'duplicateCallback', operations: ['issue'], copies: 4 },
  ])
  sameFlight = true
  await buy('同一人同一航班再投一份', 'ht-air', [])
  sameFlight = false
  await buy('出单被拒 (refuse at issue)', 'ht-accident', [{ mode: 'refuse', operations: ['issue'] }])
  await buy('核保时调整保费 (reprice)', 'ht-accident', [{ mode: 'reprice', operations: ['underwrite'] }])
  await buy('报价时 HTTP 503 (serverError)', 'ht-regression', [
    { mode: 'serverError', operations: ['quote'] },
  ])
  await buy(
    '出单回调丢失 (loseCallback)',
    'ht-regression',
    [{ mode: 'loseCallback', operations: ['issue'] }],
    () => sweep(ACCEPTED_CHECK_MS),
  )
  await buy('出单回调延迟 (lateCallback 2 s)', 'ht-air', [
    { mode: 'lateCallback', operations: ['issue'], delayMs: 2000 },
  ])
  // An outage at quoting: after 5 failed calls the breaker opens and the next quote is told at once.
  faults({ mode: 'down', operations: ['quote'] })
  for (let i = 0; i < 3; i++) await apply('ht-accident')
  const began = performance.now()
  const refused = await apply('ht-accident')
  const tookMs = Math.round(performance.now() - began)
  clearFaults()
  clockMs += 31_000
  const recovered = await apply('ht-accident')
  rows.push({
    fault: '报价持续宕机 → 熔断',
    step: 'ht-accident 报价',
    user: `熔断后 ${refused.said}（${tookMs} ms，未等超时）；31 秒后试探：${recovered.said}`,
    money: '未扣款',
    insurer: `熔断器 ${app.services.partnerBreaker.state()}`,
  })
  // Lost callbacks: the insurer issues, we hear nothing until the reconcile.
  sandbox.setCallbackUrl(LOST_CALLBACKS)
  lasting.push({ mode: 'down', operations: ['query'] })
  await buy('出单回调丢失 + 查询接口宕机', 'ht-travel', [])
  // Timeouts on every issue call while the insurer carries them out, callbacks lost: we give up and refund.
  await buy(
    '出单持续超时 + 回调丢失',
    'ht-accident',
    [{ mode: 'timeout', operations: ['issue'], delayMs: 400 }],
    async () => {
      faults({ mode: 'timeout', operations: ['issue'], delayMs: 400 })
      for (let attempt = 1; attempt < MAX_ISSUE_ATTEMPTS; attempt++) {
        clockMs += retryDelayMs(attempt)
        await app.services.partnerIssuing.retryDue()
      }
      await settle()
      await new Promise((resolve) => setTimeout(resolve, 500))
      clearFaults()
    },
  )
  sandbox.setCallbackUrl(callbacks)

  // Afternoon: surrenders.
  clockMs += 3600_000
  if (issued[0])
    await surrender(
      '退保应答超时 (timeout)',
      issued[0],
      [{ mode: 'timeout', operations: ['surrender'], delayMs: 400 }],
      true,
    )
  if (issued[1])
    await surrender(
      '退保应答签名错误 (badSignature)',
      issued[1],
      [{ mode: 'badSignature', operations: ['surrender'] }],
      true,
    )
  if (issued[2])
    await surrender('退保时宕机 (down)', issued[2], [{ mode: 'down', operations: ['surrender'] }], true)
  if (issued[3]) await surrender('无', issued[3], [], false)

  // Late evening: a same-day flight bought at 23:42 while issuing is down; the retry comes after midnight.
  clockMs = new Date('2026-11-25T15:42:00.000Z').getTime()
  flightDate = '2026-11-25'
  await buy(
    '23:42 当日航班，出单宕机，00:43 重试',
    'ht-air',
    [{ mode: 'down', operations: ['issue'], times: 2 }],
    () => sweep(61 * 60_000),
  )

  // Next morning: the reconcile, before and after --apply.
  clockMs += 3 * 3600_000
  const since = new Date(clockMs - 24 * 3600_000)
  const run = async (applyRepairs: boolean) => {
    const books = readPartnerBooks(
      reconcileDays(since, now()).map((day) => ({ source: day, text: sandbox.reconciliationFile(day) })),
    )
    const report = await reconcilePartner({
      db: app.services.db,
      books,
      issuing: app.services.partnerIssuing,
      surrenders: app.services.partnerSurrenders,
      since,
      now: now(),
      apply: applyRepairs,
    })
    await settle()
    return { text: formatPartnerReport(report), lines: report.lines }
  }
  const before = await run(false)
  const applied = await run(true)
  const after = await run(false)

  // The reconcile's verdict per row: the difference it found for that order, and whether --apply settled it.
  const orderNos = new Map(
    (await app.services.db.selectFrom('orders').select(['id', 'order_no']).execute()).map((o) => [
      o.id,
      o.order_no,
    ]),
  )
  const verdict = (row: Row) => {
    const orderNo = row.orderId ? orderNos.get(row.orderId) : undefined
    if (!orderNo) return '—'
    const found = before.lines.find((l) => l.orderNo === orderNo)
    if (!found) return '一致'
    const settled = applied.lines.find((l) => l.orderNo === orderNo)?.settled
    return `${found.problem}（${settled ? '已自动修复' : '待人工处理'}）`
  }
  console.log('故障矩阵（故障 | 步骤 | 用户所见 | 资金 | 保险公司 | 对账结论）')
  for (const r of rows)
    console.log(`  ${r.fault} | ${r.step} | ${r.user} | ${r.money} | ${r.insurer} | ${verdict(r)}`)
  console.log('\n对账（修复前）\n' + before.text)
  console.log('\n对账（--apply）\n' + applied.text)
  console.log('\n对账（修复后）\n' + after.text)
} finally {
  await app.close()
  clearTimeout(deadline)
}
