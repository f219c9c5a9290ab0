import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { shanghaiDate } from '../../../../src/domain/certificate'
import {
  HT_OK,
  parseObject,
  type HtIssueRequest,
  type HtQuoteRequest,
  type HtUnderwriteRequest,
} from '../huating/protocol'
import { fenToYuan, yuanToFen } from '../huating/mapping'
import { ANSWER_METHOD, SIGNATURE_HEADERS, signHeaders, verifySignature } from '../huating/signing'
import type { PartnerOperation } from '../tables'
import { formatReconciliationFile, type InsurerRecord } from '../reconciliationFile'
import { Faults, isFault, type Fault } from './faults'
import { SandboxLedger, type SandboxApplication } from './ledger'
import { checkRequest } from './rules'

/*
 * The sandbox partner (华汀保险's stand-in): its own Fastify on 127.0.0.1, on a free port, speaking the partner's
 * wire format (huating/protocol.ts). It verifies our signature, underwrites by its rules (rules.ts: a name with
 * 拒保, a refused occupation class, an age out of range), issues asynchronously by calling our signed callback,
 * and has the failure modes of faults.ts, switched by tests or the admin endpoint:
 *
 *   POST   /__sandbox/faults   {"faults":[{"mode":"down","operations":["issue"],"times":3}]}  (replaces them)
 *   DELETE /__sandbox/faults
 *   GET    /__sandbox/state    its books, the callbacks it delivered and those it holds
 *   GET    /__sandbox/reconciliation/YYYYMMDD   the day's reconciliation file (reconciliationFile.ts)
 *   POST   /__sandbox/callbacks/release   delivers the callbacks held by the holdCallback fault
 *
 * Started by the server in demo mode (PARTNER_SANDBOX=on) and by tests; closed with the server.
 */

export interface SandboxOptions {
  secret: string
  /** Where issuing callbacks go; may be set later (the server knows its port only once it listens). */
  callbackUrl?: string | null
  /** How long after an accepted issue the callback is sent. */
  issueDelayMs?: number
  now?: () => Date
  port?: number
  /** Where its books are kept across restarts (the demo server's data folder); in memory without. */
  ledgerFile?: string
}

export interface Delivery {
  eventId: string
  eventType: string
  applyNo: string
  status: number | null
}

const OPERATIONS: PartnerOperation[] = ['quote', 'underwrite', 'issue', 'query', 'surrender', 'cancel']

interface CallbackEvent {
  eventId: string
  eventType: string
  requestId: string
  applyNo: string
}

/** How an issuing callback goes out: at once, never (lost), when released (held) or after a delay (late). */
type DeliveryFault = { mode: 'lose' } | { mode: 'hold' } | { mode: 'late'; delayMs: number } | null
const MAX_DELIVERY_ATTEMPTS = 3

export class HuatingSandbox {
  readonly faults = new Faults()
  readonly ledger: SandboxLedger
  readonly deliveries: Delivery[] = []
  /** Callbacks held by the holdCallback fault, until releaseCallbacks(). */
  readonly held: CallbackEvent[] = []
  /** Callbacks the loseCallback fault never sent. */
  readonly lost: CallbackEvent[] = []
  callbackUrl: string | null
  issueDelayMs: number
  private readonly pending = new Set<Promise<void>>()
  private readonly aborter = new AbortController()

  /** Its base URL, once it listens. */
  url = ''

  private constructor(
    private readonly app: FastifyInstance,
    private readonly options: SandboxOptions,
  ) {
    this.callbackUrl = options.callbackUrl ?? null
    this.issueDelayMs = options.issueDelayMs ?? 200
    this.ledger = new SandboxLedger(options.ledgerFile ?? null)
    // Issues accepted before a restart are carried out now, as a partner's queue would.
    for (const application of this.ledger.applications.values())
      if (application.status === 'ISSUING') this.track(this.settle(application, null, 1))
  }

  static async start(options: SandboxOptions): Promise<HuatingSandbox> {
    const app = Fastify({ logger: false, forceCloseConnections: true })
    // The signature covers the exact body text: keep it as a string.
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    )
    const sandbox = new HuatingSandbox(app, options)
    sandbox.routes()
    app.addHook('onSend', async (request, reply, payload) => sandbox.signAnswer(request, reply, payload))
    await app.listen({ host: '127.0.0.1', port: options.port ?? 0 })
    const { port } = app.server.address() as AddressInfo
    sandbox.url = `http://127.0.0.1:${port}`
    return sandbox
  }

  private now(): Date {
    return this.options.now?.() ?? new Date()
  }

  /** Resolves when every request being answered and every scheduled callback is done (delivered or given up). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending])
  }

  async close(): Promise<void> {
    this.aborter.abort()
    await Promise.allSettled([...this.pending])
    await this.app.close()
  }

  /** Delivers the callbacks held by the holdCallback fault (each as it would have gone); how many. */
  releaseCallbacks(): number {
    const released = this.held.splice(0)
    for (const event of released) this.track(this.deliver(event))
    return released.length
  }

  /** Sends the callbacks that waited for a callback URL. */
  setCallbackUrl(url: string): void {
    this.callbackUrl = url
  }

  /** Every answer of the partner's API is signed for the request it answers (see signing.ts). */
  private signAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    const path = request.url.split('?')[0]
    const operation = OPERATIONS.find((o) => path === `/openapi/v1/${o}`)
    if (!operation || typeof payload !== 'string') return payload
    const nonce = request.headers[SIGNATURE_HEADERS.nonce]
    const forged = this.faults.take(operation, 'badSignature')
    const secret = forged ? `${this.options.secret}-forged` : this.options.secret
    const headers = signHeaders(
      secret,
      ANSWER_METHOD,
      path,
      payload,
      this.now(),
      typeof nonce === 'string' ? nonce : undefined,
    )
    for (const [name, value] of Object.entries(headers)) reply.header(name, value)
    return payload
  }

  private routes(): void {
    const app = this.app
    app.post('/__sandbox/faults', async (request, reply) => {
      const body = parseObject(request.body)
      const faults = body?.faults
      if (!Array.isArray(faults) || !faults.every(isFault))
        return reply
          .code(400)
          .send({ code: 'E1002', message: 'faults: [{mode, operations?, times?, delayMs?, copies?}]' })
      this.faults.set(faults as Fault[])
      return { code: HT_OK, message: 'success', data: { faults: this.faults.list() } }
    })
    app.delete('/__sandbox/faults', async () => {
      this.faults.clear()
      return { code: HT_OK, message: 'success', data: { faults: [] } }
    })
    app.get('/__sandbox/state', async () => ({
      code: HT_OK,
      message: 'success',
      data: {
        applications: [...this.ledger.applications.values()],
        deliveries: this.deliveries,
        held: this.held,
        lost: this.lost,
        faults: this.faults.list(),
      },
    }))
    app.get<{ Params: { day: string } }>('/__sandbox/reconciliation/:day', async (request, reply) => {
      if (!/^\d{8}$/.test(request.params.day)) return reply.code(400).send(fail('E1002', 'day: YYYYMMDD'))
      return reply.type('text/csv; charset=utf-8').send(this.reconciliationFile(request.params.day))
    })
    app.post('/__sandbox/callbacks/release', async () => ({
      code: HT_OK,
      message: 'success',
      data: { released: this.releaseCallbacks() },
    }))
    for (const operation of OPERATIONS)
      app.post(`/openapi/v1/${operation}`, async (request, reply) => {
        // Tracked, so idle() also waits for an answer still being worked on after our side gave up (timeout).
        const work = this.handle(operation, request, reply)
        this.track(work.then(noop, noop))
        return work
      })
  }

  private async handle(operation: PartnerOperation, request: FastifyRequest, reply: FastifyReply) {
    const raw = typeof request.body === 'string' ? request.body : ''
    const headers: Record<string, string | undefined> = {}
    for (const [name, value] of Object.entries(request.headers))
      headers[name] = typeof value === 'string' ? value : undefined
    const signed = verifySignature(
      [this.options.secret],
      { method: 'POST', path: request.url.split('?')[0], headers, body: raw },
      this.now(),
    )
    if (!signed.ok) return reply.code(401).send(fail('E1001', `signature ${signed.reason}`))

    if (this.faults.take(operation, 'down')) {
      reply.hijack()
      request.raw.socket.destroy()
      return reply
    }
    const stalled = this.faults.take(operation, 'timeout')
    if (stalled) await this.sleep(stalled.delayMs ?? 30_000)
    const slow = this.faults.take(operation, 'slow')
    if (slow) await this.sleep(slow.delayMs ?? 100)
    const broken = this.faults.take(operation, 'serverError')
    if (broken) return reply.code(broken.status ?? 503).send(fail('E9999', 'internal error (sandbox fault)'))
    if (this.faults.take(operation, 'malformed'))
      return reply.code(200).type('text/html').send('<html><body>502 Bad Gateway</body></html>')

    // The partner's own checks (rules.ts) look at each field it needs.
    const body = parseObject(raw)
    if (!body) return reply.code(400).send(fail('E1002', 'body is not JSON'))
    const answer = this.answer(operation, body)
    // A query changes nothing in the books; every other operation may.
    if (operation !== 'query') this.ledger.save()
    return answer
  }

  private answer(operation: PartnerOperation, body: Record<string, unknown>) {
    switch (operation) {
      case 'quote':
        return this.quote(body as unknown as HtQuoteRequest)
      case 'underwrite':
        return this.underwrite(body as unknown as HtUnderwriteRequest)
      case 'issue':
        return this.issue(body as unknown as HtIssueRequest)
      case 'query':
        return this.query(body as { applyNo?: string })
      case 'surrender':
        return this.surrender(body as { policyNo?: string; requestId?: string })
      case 'cancel':
        return this.cancel(body as { underwriteRequestId?: string })
    }
  }

  private quote(request: HtQuoteRequest) {
    const checked = checkRequest(request, shanghaiDate(this.now()), 'quote')
    if (!checked.ok) return fail(checked.code, checked.message)
    const quote = this.ledger.addQuote(request.productCode, checked.product.premium)
    return ok({ quoteNo: quote.quoteNo, premium: quote.premium })
  }

  private underwrite(request: HtUnderwriteRequest) {
    // The same request asked again (our retry after a timeout) answers the application it made.
    const again = request.requestId ? this.ledger.byUnderwriteRequest(request.requestId) : undefined
    if (again && again.status !== 'CANCELLED') return ok({ applyNo: again.applyNo, premium: again.premium })
    if (again) return fail('E3005', 'application cancelled')
    const quote = this.ledger.quotes.get(request.quoteNo)
    if (!quote || quote.productCode !== request.productCode)
      return fail('E3001', 'quote not found or expired')
    if (quote.premium !== request.premium) return fail('E3003', 'premium differs from the quote')
    const checked = checkRequest(request, shanghaiDate(this.now()), 'underwrite')
    if (!checked.ok) return fail(checked.code, checked.message)
    if (this.faults.take('underwrite', 'refuse'))
      return fail('E2001', 'underwriting declined (sandbox fault)')
    const reprice = this.faults.take('underwrite', 'reprice')
    const premium = reprice ? fenToYuan(reprice.premiumFen ?? 2 * yuanToFen(quote.premium)) : quote.premium
    const application = this.ledger.underwrite(quote, request.requestId || null, premium)
    return ok({ applyNo: application.applyNo, premium: application.premium })
  }

  private issue(request: HtIssueRequest) {
    const application = this.ledger.applications.get(request.applyNo)
    if (!application) return fail('E3002', 'application not found')
    if (application.status === 'ISSUED' || application.status === 'SURRENDERED')
      return ok({ status: 'ISSUED', policyNo: application.policyNo })
    if (application.status === 'ISSUING') return ok({ status: 'ACCEPTED' })
    if (application.status === 'FAILED')
      return fail(application.errorCode ?? 'E9999', 'issuing failed before')
    if (application.status === 'CANCELLED') return fail('E3005', 'application cancelled')
    if (request.payAmount !== application.premium) return fail('E3003', 'payAmount differs from the premium')
    application.status = 'ISSUING'
    application.issueRequestId = request.requestId
    const refused = this.faults.take('issue', 'refuse')
    const duplicates = this.faults.take('issue', 'duplicateCallback')
    const late = this.faults.take('issue', 'lateCallback')
    const delivery: DeliveryFault = this.faults.take('issue', 'loseCallback')
      ? { mode: 'lose' }
      : this.faults.take('issue', 'holdCallback')
        ? { mode: 'hold' }
        : late
          ? { mode: 'late', delayMs: late.delayMs ?? 1000 }
          : null
    this.track(
      this.settle(
        application,
        refused ? 'E2004' : null,
        duplicates?.copies ?? (duplicates ? 3 : 1),
        delivery,
      ),
    )
    return ok({ status: 'ACCEPTED' })
  }

  private query(request: { applyNo?: string }) {
    const application = request.applyNo ? this.ledger.applications.get(request.applyNo) : undefined
    if (!application) return fail('E3002', 'application not found')
    if (application.status === 'CANCELLED') return ok({ status: 'FAILED', errorCode: 'E3005' })
    const status = application.status === 'SURRENDERED' ? 'ISSUED' : application.status
    return ok({
      status,
      ...(application.policyNo ? { policyNo: application.policyNo } : {}),
      ...(application.errorCode ? { errorCode: application.errorCode } : {}),
    })
  }

  /** The day's reconciliation file (YYYYMMDD, Shanghai): every policy issued or surrendered that day. */
  reconciliationFile(day: string): string {
    const onDay = (iso: string | null | undefined) => Boolean(iso) && compactShanghaiDay(iso!) === day
    const records: InsurerRecord[] = []
    for (const a of this.ledger.applications.values()) {
      if (!a.policyNo || !a.issuedAt || (a.status !== 'ISSUED' && a.status !== 'SURRENDERED')) continue
      if (!onDay(a.issuedAt) && !onDay(a.surrenderedAt)) continue
      const surrendered = a.status === 'SURRENDERED'
      records.push({
        policyNo: a.policyNo,
        applyNo: a.applyNo,
        requestId: a.issueRequestId ?? '',
        status: a.status,
        premiumFen: yuanToFen(a.premium),
        issuedAt: a.issuedAt,
        surrenderedAt: surrendered ? (a.surrenderedAt ?? a.issuedAt) : null,
        surrenderRefundFen: surrendered ? yuanToFen(a.premium) : null,
      })
    }
    return formatReconciliationFile(day, records)
  }

  /**
   * Withdraws an underwritten application that will not be paid, found by our underwriting request id (the
   * answer to which we may never have read). Idempotent: cancelled again, or never made, answers the same.
   */
  private cancel(request: { underwriteRequestId?: string }) {
    if (!request.underwriteRequestId) return fail('E1002', 'underwriteRequestId is required')
    const application = this.ledger.byUnderwriteRequest(request.underwriteRequestId)
    if (!application) return ok({ status: 'NOT_FOUND' })
    if (application.status === 'UNDERWRITTEN') application.status = 'CANCELLED'
    if (application.status !== 'CANCELLED') return fail('E3004', 'application already in issuing')
    return ok({ status: 'CANCELLED', applyNo: application.applyNo })
  }

  /** Idempotent by request id: the same surrender asked again answers as the first time. */
  private surrender(request: { policyNo?: string; requestId?: string }) {
    const application = request.policyNo ? this.ledger.byPolicyNo(request.policyNo) : undefined
    if (!application) return fail('E3002', 'policy not found')
    const again = application.status === 'SURRENDERED' && application.surrenderRequestId === request.requestId
    if (application.status !== 'ISSUED' && !again) return fail('E3004', 'policy cannot be surrendered')
    if (!again) application.surrenderedAt = this.now().toISOString()
    application.status = 'SURRENDERED'
    application.surrenderRequestId = request.requestId ?? null
    return ok({ refundAmount: application.premium })
  }

  /** After the issuing delay: the policy is issued (or refused) and the callback sent, `copies` times at once. */
  private async settle(
    application: SandboxApplication,
    errorCode: string | null,
    copies: number,
    delivery: DeliveryFault = null,
  ): Promise<void> {
    await this.sleep(this.issueDelayMs)
    if (this.aborter.signal.aborted) return
    if (errorCode) {
      application.status = 'FAILED'
      application.errorCode = errorCode
    } else {
      application.status = 'ISSUED'
      application.policyNo = this.ledger.nextPolicyNo(this.now())
      application.issuedAt = this.now().toISOString()
    }
    this.ledger.save()
    const event = {
      eventId: `EV${randomBytes(10).toString('hex').toUpperCase()}`,
      eventType: errorCode ? 'ISSUE_FAILED' : 'POLICY_ISSUED',
      requestId: application.issueRequestId ?? '',
      applyNo: application.applyNo,
      ...(application.policyNo ? { policyNo: application.policyNo } : {}),
      ...(errorCode ? { errorCode, errorMsg: 'insured not acceptable at issuing' } : {}),
    }
    if (delivery?.mode === 'lose') return void this.lost.push(event)
    if (delivery?.mode === 'hold') return void this.held.push(event)
    if (delivery?.mode === 'late') await this.sleep(delivery.delayMs)
    await Promise.all(Array.from({ length: copies }, () => this.deliver(event)))
  }

  /** POSTs one signed callback, retried like a real partner does (a few times, with a pause) until a 200. */
  private async deliver(event: CallbackEvent): Promise<void> {
    const body = JSON.stringify(event)
    let status: number | null = null
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS && !this.aborter.signal.aborted; attempt++) {
      while (!this.callbackUrl && !this.aborter.signal.aborted) await this.sleep(100)
      if (!this.callbackUrl) break
      const url = new URL(this.callbackUrl)
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...signHeaders(this.options.secret, 'POST', url.pathname, body, this.now()),
          },
          body,
          signal: AbortSignal.timeout(5000),
        })
        status = response.status
        await response.arrayBuffer()
        if (response.ok) break
      } catch {
        status = null
      }
      await this.sleep(200 * attempt)
    }
    this.deliveries.push({
      eventId: event.eventId,
      eventType: event.eventType,
      applyNo: event.applyNo,
      status,
    })
  }

  private track(work: Promise<void>): void {
    this.pending.add(work)
    void work.finally(() => this.pending.delete(work))
  }

  /** A pause that ends early when the sandbox closes. */
  private sleep(ms: number): Promise<void> {
    const signal = this.aborter.signal
    return new Promise((resolve) => {
      if (signal.aborted) return resolve()
      const done = () => {
        clearTimeout(timer)
        signal.removeEventListener('abort', done)
        resolve()
      }
      const timer = setTimeout(done, ms)
      signal.addEventListener('abort', done, { once: true })
    })
  }
}

const compactShanghaiDay = (iso: string) =>
  new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '')

const noop = () => undefined
const ok = (data: unknown) => ({ code: HT_OK, message: 'success', data })
const fail = (code: string, message: string) => ({ code, message })
