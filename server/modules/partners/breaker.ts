import {
  PartnerRejected,
  PartnerUnavailable,
  type CallbackRequest,
  type CallContext,
  type CancelInput,
  type IssueInput,
  type PartnerAdapter,
  type QuoteInput,
  type SurrenderInput,
  type UnderwriteInput,
} from './adapter'

// A circuit breaker in front of a partner's adapter. After `failures` consecutive answers that say the partner is
// down (timeout, unreachable, HTTP 5xx / E9xxx) within `windowMs`, it opens: every call fails at once with
// PartnerUnavailable('open') (the user reads 保险公司系统繁忙 at once instead of after a timeout; the issuing sweep
// leaves orders waiting). After `coolDownMs` it half-opens: one trial call goes through; its success closes the
// breaker, its failure opens it again. A refusal (PartnerRejected) is an answer: the partner is up.
//
// Our own small class rather than opossum or cockatiel: both keep time with the wall clock (timers, Date.now),
// while this one runs on the app's clock (`now`), so tests step through open → half-open → closed with the test
// clock; the whole policy is the thirty lines below. The state is per process (each process learns on its own).

export interface BreakerSettings {
  failures: number
  windowMs: number
  coolDownMs: number
}

export const DEFAULT_BREAKER: BreakerSettings = { failures: 5, windowMs: 60_000, coolDownMs: 30_000 }

export type BreakerState = 'closed' | 'open' | 'halfOpen'

export interface BreakerSnapshot {
  state: BreakerState
  consecutiveFailures: number
  openedAt: Date | null
  /** When an open breaker lets a trial call through. */
  retryAt: Date | null
}

const DOWN_KINDS = new Set<PartnerUnavailable['kind']>(['timeout', 'unreachable', 'error'])

export class CircuitBreaker {
  private failures = 0
  private firstFailureAt = 0
  private openedAt: number | null = null
  private trialInFlight = false

  constructor(
    private readonly now: () => Date,
    private readonly settings: BreakerSettings = DEFAULT_BREAKER,
  ) {}

  state(): BreakerState {
    if (this.openedAt === null) return 'closed'
    return this.now().getTime() < this.openedAt + this.settings.coolDownMs ? 'open' : 'halfOpen'
  }

  snapshot(): BreakerSnapshot {
    return {
      state: this.state(),
      consecutiveFailures: this.failures,
      openedAt: this.openedAt === null ? null : new Date(this.openedAt),
      retryAt: this.openedAt === null ? null : new Date(this.openedAt + this.settings.coolDownMs),
    }
  }

  /** Closes it (the demo's "back to normal"). */
  reset(): void {
    this.failures = 0
    this.openedAt = null
  }

  async run<T>(call: () => Promise<T>): Promise<T> {
    const state = this.state()
    if (state === 'open' || (state === 'halfOpen' && this.trialInFlight))
      throw new PartnerUnavailable('open', 'the circuit breaker is open')
    const trial = state === 'halfOpen'
    if (trial) this.trialInFlight = true
    try {
      const result = await call()
      this.reset()
      return result
    } catch (error) {
      if (error instanceof PartnerRejected) this.reset()
      else if (error instanceof PartnerUnavailable && DOWN_KINDS.has(error.kind)) this.failed(trial)
      throw error
    } finally {
      if (trial) this.trialInFlight = false
    }
  }

  private failed(trial: boolean): void {
    const now = this.now().getTime()
    if (trial) {
      this.openedAt = now
      return
    }
    if (this.failures === 0 || now - this.firstFailureAt > this.settings.windowMs) {
      this.failures = 0
      this.firstFailureAt = now
    }
    this.failures += 1
    if (this.failures >= this.settings.failures) this.openedAt = now
  }
}

/** The partner's adapter behind a breaker: the same interface, every call through `breaker.run`. */
export class BreakerAdapter implements PartnerAdapter {
  readonly partner: PartnerAdapter['partner']

  constructor(
    private readonly inner: PartnerAdapter,
    readonly breaker: CircuitBreaker,
  ) {
    this.partner = inner.partner
  }

  quote = (input: QuoteInput, context?: CallContext) =>
    this.breaker.run(() => this.inner.quote(input, context))
  underwrite = (input: UnderwriteInput, context?: CallContext) =>
    this.breaker.run(() => this.inner.underwrite(input, context))
  issue = (input: IssueInput, context?: CallContext) =>
    this.breaker.run(() => this.inner.issue(input, context))
  query = (underwritingNo: string, context?: CallContext) =>
    this.breaker.run(() => this.inner.query(underwritingNo, context))
  surrender = (input: SurrenderInput, context?: CallContext) =>
    this.breaker.run(() => this.inner.surrender(input, context))
  cancel = (input: CancelInput, context?: CallContext) =>
    this.breaker.run(() => this.inner.cancel(input, context))
  verifyCallback = (request: CallbackRequest) => this.inner.verifyCallback(request)
}
