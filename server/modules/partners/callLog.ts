import type { Kysely } from 'kysely'
import { maskCertificateNumber, maskName } from '../../../src/domain/certificate'
import { maskPhone } from '../../../src/domain/phone'
import type { DB } from '../../db/schema'
import type { CallOutcome, PartnerCode, PartnerOperation } from './tables'

// partner_calls: every request to a partner and its answer, for support. What is kept is masked here, whatever
// the adapter's field names: certificate numbers, phones and names shortened, secrets and signatures dropped.

const CERT_KEYS = new Set(['idno', 'certno', 'idnumber'])
const PHONE_KEYS = new Set(['mobile', 'phone'])
const NAME_KEYS = new Set(['name'])
const SECRET_KEYS = /secret|signature|password|token|authorization/i

/** A copy of a JSON value with personal data masked and secrets removed. */
export function maskForLog(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskForLog)
  if (typeof value !== 'object' || value === null) return value
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    if (SECRET_KEYS.test(key)) continue
    const lower = key.toLowerCase()
    if (typeof item === 'string' && CERT_KEYS.has(lower)) out[key] = maskCertificateNumber(item)
    else if (typeof item === 'string' && PHONE_KEYS.has(lower)) out[key] = maskPhone(item)
    else if (typeof item === 'string' && NAME_KEYS.has(lower)) out[key] = maskName(item)
    else out[key] = maskForLog(item)
  }
  return out
}

export interface CallRecord {
  partner: PartnerCode
  operation: PartnerOperation
  requestId: string
  orderId: string | null
  attempt: number
  request: unknown
  /** The answer as parsed JSON, or its first characters when it was not JSON; null without an answer. */
  response: unknown
  httpStatus: number | null
  outcome: CallOutcome
  errorCode: string | null
  durationMs: number
}

export interface CallLog {
  record(call: CallRecord): Promise<void>
}

export class DatabaseCallLog implements CallLog {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Never fails the call it records: a log write that fails is reported and dropped. */
  async record(call: CallRecord): Promise<void> {
    try {
      await this.db
        .insertInto('partner_calls')
        .values({
          partner: call.partner,
          operation: call.operation,
          request_id: call.requestId,
          order_id: call.orderId,
          attempt: call.attempt,
          request: JSON.stringify(maskForLog(call.request)),
          response: call.response === null ? null : JSON.stringify(maskForLog(call.response)),
          http_status: call.httpStatus,
          outcome: call.outcome,
          error_code: call.errorCode,
          duration_ms: Math.round(call.durationMs),
          created_at: this.now(),
        })
        .execute()
    } catch (error) {
      this.onError(error)
    }
  }
}
