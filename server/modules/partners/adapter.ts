import type { CertificateType, Gender } from '../../../src/domain/certificate'
import type { OccupationClass } from '../../../src/domain/occupation'
import type { PartnerCallback, PartnerStatus } from '../../../src/types/generated/api/partner'
import type { PartnerCode } from './tables'

// The partner-insurer seam: the partners service talks to any partner through this interface, in our own terms
// (our certificate types, genders, relations, fen); each adapter maps them to its partner's codes in one place.
// Every call has a timeout; only idempotent calls (query; underwrite, issue, surrender and cancel with their request
// id) are retried; each
// request and answer is written to partner_calls without secrets (callLog.ts).

export interface PartnerPerson {
  name: string
  certType: CertificateType
  certNo: string
  gender: Gender
  /** YYYY-MM-DD */
  birthday: string
  phone?: string
  /** The insured's relation to the policyholder (src/domain/applicant.ts RELATIONS). */
  relation?: string
  socialInsurance?: 'Y' | 'N'
  occupation?: { code: string; class: OccupationClass }
}

export interface PartnerFlight {
  flightNo: string
  /** YYYY-MM-DD */
  date: string
}

export interface PartnerTrip {
  /** A province-level region of the mainland (src/domain/trip.ts TRIP_DESTINATIONS). */
  destination: string
  /** YYYY-MM-DD: the cover starts on it. */
  startDate: string
  /** YYYY-MM-DD: the cover's last day. */
  endDate: string
}

export interface QuoteInput {
  /** The partner's product code. */
  productType: string
  chargePeriodType: 'year' | 'single'
  holder: PartnerPerson
  insured: PartnerPerson
  flight?: PartnerFlight
  /** The travel product's trip. */
  trip?: PartnerTrip
}

export interface QuoteOutput {
  partnerQuoteNo: string
  premiumFen: number
}

export interface UnderwriteInput extends QuoteInput {
  /**
   * Ours, taken with the quote (partner_quotes.underwrite_request_id): a retry of the same application sends the
   * same id, and the partner answers the application it already made (no second underwriting).
   */
  requestId: string
  partnerQuoteNo: string
  premiumFen: number
}

export interface UnderwriteOutput {
  underwritingNo: string
  premiumFen: number
}

export interface IssueInput {
  /** Ours, the same for every attempt of one order: the partner issues once per request id. */
  requestId: string
  underwritingNo: string
  premiumFen: number
  paidAt: Date
}

/** ACCEPTED: the partner issues asynchronously and calls back; ISSUED: it had already issued (a retry). */
export type IssueOutput = { status: 'ACCEPTED' } | { status: 'ISSUED'; partnerPolicyNo: string }

export interface QueryOutput {
  status: PartnerStatus
  partnerPolicyNo: string | null
  /** Why issuing failed, in Chinese. */
  failure: string | null
}

export interface SurrenderInput {
  requestId: string
  partnerPolicyNo: string
}

export interface SurrenderOutput {
  refundFen: number
}

/** Withdraws an underwriting that will not be paid (an orphan after a timeout, or an order closed unpaid). */
export interface CancelInput {
  requestId: string
  /** The underwriting request's id: the partner finds the application by it even when we never read its answer. */
  underwriteRequestId: string
}

/** NOT_FOUND: the partner had made no application for that request (nothing was left there). */
export interface CancelOutput {
  status: 'CANCELLED' | 'NOT_FOUND'
}

/** Which of our orders a call is about (for the call log). */
export interface CallContext {
  orderId?: string | null
  /** At most this many attempts (a user waiting: 1); an idempotent call's configured retries otherwise. */
  attempts?: number
}

/** A callback as it arrived: lower-case header names and the exact body text the signature covers. */
export interface CallbackRequest {
  path: string
  headers: Record<string, string | undefined>
  rawBody: string
}

export type CallbackCheck =
  /** `failure`: why issuing failed, in Chinese (ISSUE_FAILED events). */
  | { ok: true; callback: PartnerCallback; failure: string | null }
  | { ok: false; reason: 'signature' | 'stale' | 'malformed' }

export interface PartnerAdapter {
  readonly partner: PartnerCode
  quote(input: QuoteInput, context?: CallContext): Promise<QuoteOutput>
  underwrite(input: UnderwriteInput, context?: CallContext): Promise<UnderwriteOutput>
  issue(input: IssueInput, context?: CallContext): Promise<IssueOutput>
  query(underwritingNo: string, context?: CallContext): Promise<QueryOutput>
  surrender(input: SurrenderInput, context?: CallContext): Promise<SurrenderOutput>
  cancel(input: CancelInput, context?: CallContext): Promise<CancelOutput>
  /** Verifies a callback's signature and freshness and reads it. */
  verifyCallback(request: CallbackRequest): CallbackCheck
}

/**
 * The partner could not be reached, timed out or answered something unreadable: nothing is known to be done.
 * `open`: not even tried, the circuit breaker is open (breaker.ts).
 */
export class PartnerUnavailable extends Error {
  readonly name = 'PartnerUnavailable'
  constructor(
    readonly kind: 'timeout' | 'unreachable' | 'malformed' | 'error' | 'open',
    message: string,
  ) {
    super(message)
  }
}

/** The partner answered with a refusal or an error of its own: `reason` is the Chinese text for the user. */
export class PartnerRejected extends Error {
  readonly name = 'PartnerRejected'
  constructor(
    readonly code: string,
    readonly reason: string,
  ) {
    super(`${code}: ${reason}`)
  }
}
