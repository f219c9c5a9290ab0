import { randomUUID } from 'node:crypto'
import type { PartnerCallback } from '../../../../src/types/generated/api/partner'
import {
  PartnerRejected,
  PartnerUnavailable,
  type CallbackCheck,
  type CallbackRequest,
  type CallContext,
  type IssueInput,
  type IssueOutput,
  type PartnerAdapter,
  type QueryOutput,
  type QuoteInput,
  type QuoteOutput,
  type CancelInput,
  type CancelOutput,
  type SurrenderInput,
  type SurrenderOutput,
  type UnderwriteInput,
  type UnderwriteOutput,
} from '../adapter'
import type { CallLog } from '../callLog'
import type { PartnerOperation } from '../tables'
import { htErrorText, isTransient } from './errors'
import {
  fenToYuan,
  PARTNER_STATUSES,
  PAY_PERIOD_CODES,
  toHtFlight,
  toHtPerson,
  toHtTrip,
  yuanToFen,
} from './mapping'
import { DATA_PARSERS, HT_OK, HT_PATHS, parseEnvelope, parseObject, type HtQuoteRequest } from './protocol'
import { ANSWER_METHOD, SIGNATURE_HEADERS, signHeaders, verifySignature } from './signing'

export interface HuatingConfig {
  /** Base URL of the partner's API (PARTNER_HUATING_URL), e.g. http://127.0.0.1:4100 for the sandbox. */
  url: string
  /** The shared HMAC secret (PARTNER_HUATING_SECRET); callbacks may also be signed with `previousSecret`. */
  secret: string
  previousSecret?: string
  /** Each attempt's limit (PARTNER_TIMEOUT_MS). */
  timeoutMs: number
  /** Further attempts of an idempotent call after a failure that may be passing. */
  retries: number
  /** Wait before retry n (n × this). */
  retryDelayMs: number
  /**
   * A quote's whole budget, all attempts together (PARTNER_QUOTE_TIMEOUT_MS): a person waits on it, so it is
   * shorter than the other calls and is retried at most once within it.
   */
  quoteTimeoutMs?: number
}

export const DEFAULT_PARTNER_TIMEOUT_MS = 5000
export const DEFAULT_PARTNER_QUOTE_TIMEOUT_MS = 3000

type Parsed<Op extends PartnerOperation> = NonNullable<ReturnType<(typeof DATA_PARSERS)[Op]>>

/** The HTTP adapter of 华汀保险: signed JSON calls, timeouts, retries only when idempotent, every call logged. */
export class HuatingAdapter implements PartnerAdapter {
  readonly partner = 'huating' as const

  constructor(
    private readonly config: HuatingConfig,
    private readonly log: CallLog,
    private readonly now: () => Date,
  ) {}

  private quoteRequest(input: QuoteInput): HtQuoteRequest {
    return {
      productCode: input.productType,
      payPeriodType: PAY_PERIOD_CODES[input.chargePeriodType],
      applicant: toHtPerson(input.holder),
      insured: toHtPerson(input.insured),
      ...(input.flight ? { flight: toHtFlight(input.flight) } : {}),
      ...(input.trip ? { trip: toHtTrip(input.trip) } : {}),
    }
  }

  async quote(input: QuoteInput, context: CallContext = {}): Promise<QuoteOutput> {
    const budget = { totalMs: this.config.quoteTimeoutMs ?? DEFAULT_PARTNER_QUOTE_TIMEOUT_MS, retries: 1 }
    const data = await this.call('quote', this.quoteRequest(input), randomUUID(), context, true, budget)
    return { partnerQuoteNo: data.quoteNo, premiumFen: yuanToFen(data.premium) }
  }

  async underwrite(input: UnderwriteInput, context: CallContext = {}): Promise<UnderwriteOutput> {
    const payload = {
      ...this.quoteRequest(input),
      requestId: input.requestId,
      quoteNo: input.partnerQuoteNo,
      premium: fenToYuan(input.premiumFen),
      healthNotice: 'N' as const,
    }
    // Idempotent by requestId at the partner (the same request answers the same application): retried.
    const data = await this.call('underwrite', payload, input.requestId, context, true)
    return { underwritingNo: data.applyNo, premiumFen: yuanToFen(data.premium) }
  }

  async issue(input: IssueInput, context: CallContext = {}): Promise<IssueOutput> {
    const payload = {
      requestId: input.requestId,
      applyNo: input.underwritingNo,
      payAmount: fenToYuan(input.premiumFen),
      payTime: input.paidAt.toISOString(),
    }
    // Idempotent by requestId at the partner: retried.
    const data = await this.call('issue', payload, input.requestId, context, true)
    return data.status === 'ISSUED' && data.policyNo
      ? { status: 'ISSUED', partnerPolicyNo: data.policyNo }
      : { status: 'ACCEPTED' }
  }

  async query(underwritingNo: string, context: CallContext = {}): Promise<QueryOutput> {
    const data = await this.call('query', { applyNo: underwritingNo }, randomUUID(), context, true)
    return {
      status: PARTNER_STATUSES[data.status],
      partnerPolicyNo: data.policyNo ?? null,
      failure: data.errorCode ? htErrorText(data.errorCode) : null,
    }
  }

  async surrender(input: SurrenderInput, context: CallContext = {}): Promise<SurrenderOutput> {
    const payload = { requestId: input.requestId, policyNo: input.partnerPolicyNo }
    // Idempotent by requestId at the partner: retried.
    const data = await this.call('surrender', payload, input.requestId, context, true)
    return { refundFen: yuanToFen(data.refundAmount) }
  }

  async cancel(input: CancelInput, context: CallContext = {}): Promise<CancelOutput> {
    const payload = { requestId: input.requestId, underwriteRequestId: input.underwriteRequestId }
    // Idempotent at the partner (a cancelled application stays cancelled): retried.
    const data = await this.call('cancel', payload, input.requestId, context, true)
    return { status: data.status }
  }

  private secrets(): string[] {
    return [this.config.secret, ...(this.config.previousSecret ? [this.config.previousSecret] : [])]
  }

  verifyCallback(request: CallbackRequest): CallbackCheck {
    const check = verifySignature(
      this.secrets(),
      { method: 'POST', path: request.path, headers: request.headers, body: request.rawBody },
      this.now(),
    )
    if (!check.ok) return { ok: false, reason: check.reason === 'stale' ? 'stale' : 'signature' }
    const callback = parseCallback(request.rawBody)
    if (!callback) return { ok: false, reason: 'malformed' }
    const failure = callback.eventType === 'ISSUE_FAILED' ? htErrorText(callback.errorCode ?? 'E9999') : null
    return { ok: true, callback, failure }
  }

  /**
   * One operation: attempts (1, or 1 + retries when idempotent), each with its timeout and its log row. With a
   * `budget`, all attempts end within `totalMs` and at most `retries` follow the first.
   */
  private async call<Op extends PartnerOperation>(
    operation: Op,
    payload: object,
    requestId: string,
    context: CallContext,
    idempotent: boolean,
    budget?: { totalMs: number; retries: number },
  ): Promise<Parsed<Op>> {
    const retries = budget ? Math.min(budget.retries, this.config.retries) : this.config.retries
    const attempts = Math.min(idempotent ? 1 + retries : 1, context.attempts ?? Infinity)
    const deadline = budget ? performance.now() + budget.totalMs : Infinity
    let last: PartnerUnavailable | null = null
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) await sleep(this.config.retryDelayMs * (attempt - 1))
      const timeoutMs = Math.min(this.config.timeoutMs, Math.floor(deadline - performance.now()))
      if (timeoutMs <= 0) break
      try {
        return await this.attempt(operation, payload, requestId, context, attempt, timeoutMs)
      } catch (error) {
        if (!(error instanceof PartnerUnavailable)) throw error
        last = error
      }
    }
    throw last ?? new PartnerUnavailable('timeout', `${operation}: no time left for an attempt`)
  }

  private async attempt<Op extends PartnerOperation>(
    operation: Op,
    payload: object,
    requestId: string,
    context: CallContext,
    attempt: number,
    timeoutMs: number,
  ): Promise<Parsed<Op>> {
    const path = HT_PATHS[operation]
    const body = JSON.stringify(payload)
    const started = performance.now()
    const record = (
      outcome: 'ok' | 'rejected' | 'timeout' | 'unreachable' | 'malformed' | 'error',
      response: unknown,
      httpStatus: number | null,
      errorCode: string | null,
    ) =>
      this.log.record({
        partner: this.partner,
        operation,
        requestId,
        orderId: context.orderId ?? null,
        attempt,
        request: payload,
        response,
        httpStatus,
        outcome,
        errorCode,
        durationMs: performance.now() - started,
      })

    let status: number
    let text: string
    let answerHeaders: Headers
    const signed = signHeaders(this.config.secret, 'POST', path, body, this.now())
    try {
      const response = await fetch(new URL(path, this.config.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ht-request-id': requestId, ...signed },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      })
      status = response.status
      answerHeaders = response.headers
      text = await response.text()
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
      await record(timedOut ? 'timeout' : 'unreachable', null, null, null)
      throw new PartnerUnavailable(
        timedOut ? 'timeout' : 'unreachable',
        timedOut ? `${operation} timed out` : `${operation} unreachable`,
      )
    }

    // A 5xx is the partner's own trouble (its gateway's page is not signed): nothing is done, try later.
    if (status >= 500) {
      const envelope = parseEnvelope(text)
      await record('error', envelope ?? { text: text.slice(0, 200) }, status, envelope?.code ?? null)
      throw new PartnerUnavailable('error', `${operation}: HTTP ${status}`)
    }
    // An answer not signed by the partner for this very request is not believed, whatever it says.
    const answer = this.verifyAnswer(path, signed[SIGNATURE_HEADERS.nonce], answerHeaders, text)
    if (answer !== 'ok') {
      await record('malformed', { signature: answer, text: text.slice(0, 200) }, status, null)
      throw new PartnerUnavailable('malformed', `${operation}: the answer's signature is ${answer}`)
    }
    const envelope = parseEnvelope(text)
    if (!envelope) {
      await record('malformed', { text: text.slice(0, 200) }, status, null)
      throw new PartnerUnavailable(
        'malformed',
        `${operation}: the answer is not an envelope (HTTP ${status})`,
      )
    }
    if (envelope.code !== HT_OK) {
      if (isTransient(envelope.code) || status >= 500) {
        await record('error', envelope, status, envelope.code)
        throw new PartnerUnavailable('error', `${operation}: ${envelope.code} ${envelope.message}`)
      }
      await record('rejected', envelope, status, envelope.code)
      throw new PartnerRejected(envelope.code, htErrorText(envelope.code))
    }
    const data = DATA_PARSERS[operation](envelope.data) as Parsed<Op> | null
    if (!data) {
      await record('malformed', envelope, status, null)
      throw new PartnerUnavailable('malformed', `${operation}: the answer's data is incomplete`)
    }
    await record('ok', envelope, status, null)
    return data
  }

  private verifyAnswer(path: string, nonce: string, headers: Headers, body: string): 'ok' | string {
    const names = Object.values(SIGNATURE_HEADERS)
    const given = Object.fromEntries(names.map((name) => [name, headers.get(name) ?? undefined]))
    if (given[SIGNATURE_HEADERS.nonce] !== undefined && given[SIGNATURE_HEADERS.nonce] !== nonce)
      return 'for another request'
    const check = verifySignature(
      this.secrets(),
      { method: ANSWER_METHOD, path, headers: given, body },
      this.now(),
    )
    return check.ok ? 'ok' : check.reason
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function parseCallback(text: string): PartnerCallback | null {
  const v = parseObject(text)
  if (!v) return null
  const text64 = (x: unknown): x is string => typeof x === 'string' && x.length > 0 && x.length <= 64
  if (!text64(v.eventId) || !text64(v.requestId) || !text64(v.applyNo)) return null
  if (v.eventType !== 'POLICY_ISSUED' && v.eventType !== 'ISSUE_FAILED') return null
  if (v.eventType === 'POLICY_ISSUED' && !text64(v.policyNo)) return null
  return {
    eventId: v.eventId,
    eventType: v.eventType,
    requestId: v.requestId,
    applyNo: v.applyNo,
    ...(text64(v.policyNo) ? { policyNo: v.policyNo } : {}),
    ...(typeof v.errorCode === 'string' ? { errorCode: v.errorCode.slice(0, 16) } : {}),
    ...(typeof v.errorMsg === 'string' ? { errorMsg: v.errorMsg.slice(0, 200) } : {}),
  }
}
