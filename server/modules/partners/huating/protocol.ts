// 华汀's wire format (fictional, like the partner): JSON over HTTPS, every request signed (signing.ts), every
// answer an envelope { code, message, data }. code "0000" is success; E1xxx request errors, E2xxx underwriting
// refusals, E3xxx business errors, E9xxx the partner's own trouble (worth retrying later). Amounts in yuan as
// strings with two decimals, dates YYYYMMDD, enums as the partner's codes (mapping.ts).

export const HT_OK = '0000'

export const HT_PATHS = {
  quote: '/openapi/v1/quote',
  underwrite: '/openapi/v1/underwrite',
  issue: '/openapi/v1/issue',
  query: '/openapi/v1/query',
  surrender: '/openapi/v1/surrender',
  cancel: '/openapi/v1/cancel',
} as const

export interface HtPerson {
  name: string
  idType: string
  idNo: string
  sex: string
  birthDate: string
  mobile?: string
  relationToApplicant?: string
  socialSecurity?: string
  occupationCode?: string
  occupationClass?: number
}

export interface HtQuoteRequest {
  productCode: string
  payPeriodType: string
  applicant: HtPerson
  insured: HtPerson
  flight?: { flightNo: string; flightDate: string }
  /** The travel product's trip: destination, departure and return days (YYYYMMDD, both covered). */
  trip?: { destination: string; departDate: string; returnDate: string }
}

export interface HtUnderwriteRequest extends HtQuoteRequest {
  requestId: string
  quoteNo: string
  premium: string
  healthNotice: 'N'
}

export interface HtIssueRequest {
  requestId: string
  applyNo: string
  payAmount: string
  payTime: string
}

export interface HtQueryRequest {
  applyNo: string
}

export interface HtSurrenderRequest {
  requestId: string
  policyNo: string
}

/** Withdraws an underwritten, unpaid application, found by our underwriting request id. */
export interface HtCancelRequest {
  requestId: string
  underwriteRequestId: string
}

export interface HtEnvelope {
  code: string
  message: string
  data?: unknown
}

export interface HtQuoteData {
  quoteNo: string
  premium: string
}
export interface HtUnderwriteData {
  applyNo: string
  premium: string
}
export interface HtIssueData {
  status: 'ACCEPTED' | 'ISSUED'
  policyNo?: string
}
export interface HtQueryData {
  status: 'UNDERWRITTEN' | 'ISSUING' | 'ISSUED' | 'FAILED'
  policyNo?: string
  errorCode?: string
}
export interface HtSurrenderData {
  refundAmount: string
}
/** NOT_FOUND: the partner never made an application for that request (nothing to withdraw). */
export interface HtCancelData {
  status: 'CANCELLED' | 'NOT_FOUND'
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0
const isAmount = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{1,9}\.\d{2}$/.test(value)

/** A JSON object's fields, or null when the text is not a JSON object. */
export function parseObject(text: unknown): Record<string, unknown> | null {
  if (typeof text !== 'string') return null
  try {
    const value: unknown = JSON.parse(text)
    return isRecord(value) ? value : null
  } catch {
    return null
  }
}

/** The envelope of an answer, or null when the text is not one. */
export function parseEnvelope(text: string): HtEnvelope | null {
  const value = parseObject(text)
  if (!value || !isText(value.code) || typeof value.message !== 'string') return null
  return { code: value.code, message: value.message, data: value.data }
}

// The data of each successful answer, or null when it does not hold what the operation promises.
export const DATA_PARSERS = {
  quote: (d: unknown): HtQuoteData | null =>
    isRecord(d) && isText(d.quoteNo) && isAmount(d.premium)
      ? { quoteNo: d.quoteNo, premium: d.premium }
      : null,
  underwrite: (d: unknown): HtUnderwriteData | null =>
    isRecord(d) && isText(d.applyNo) && isAmount(d.premium)
      ? { applyNo: d.applyNo, premium: d.premium }
      : null,
  issue: (d: unknown): HtIssueData | null => {
    if (!isRecord(d)) return null
    if (d.status === 'ACCEPTED') return { status: 'ACCEPTED' }
    if (d.status === 'ISSUED' && isText(d.policyNo)) return { status: 'ISSUED', policyNo: d.policyNo }
    return null
  },
  query: (d: unknown): HtQueryData | null => {
    if (!isRecord(d)) return null
    const status = d.status
    if (status !== 'UNDERWRITTEN' && status !== 'ISSUING' && status !== 'ISSUED' && status !== 'FAILED')
      return null
    if (status === 'ISSUED' && !isText(d.policyNo)) return null
    return {
      status,
      ...(isText(d.policyNo) ? { policyNo: d.policyNo } : {}),
      ...(isText(d.errorCode) ? { errorCode: d.errorCode } : {}),
    }
  },
  surrender: (d: unknown): HtSurrenderData | null =>
    isRecord(d) && isAmount(d.refundAmount) ? { refundAmount: d.refundAmount } : null,
  cancel: (d: unknown): HtCancelData | null =>
    isRecord(d) && (d.status === 'CANCELLED' || d.status === 'NOT_FOUND') ? { status: d.status } : null,
}
