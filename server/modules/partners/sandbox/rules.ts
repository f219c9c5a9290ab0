import { addDays, ageOn } from '../../../../src/domain/age'
import type { HtQuoteRequest } from '../huating/protocol'

// The sandbox partner's own product book and underwriting rules, kept apart from our catalog on purpose: a real
// partner has its own, and a mismatch must show up as a refusal, not be papered over.

export interface SandboxProduct {
  premium: string
  ageMin: number
  ageMax: number
  refusedClasses: number[]
  occupationRequired: boolean
  /** What the cover is for, required with the request: one flight, one trip, or a period from tomorrow. */
  journey?: 'flight' | 'trip'
}

export const SANDBOX_PRODUCTS: Record<string, SandboxProduct> = {
  '02YW0001': { premium: '99.00', ageMin: 18, ageMax: 65, refusedClasses: [], occupationRequired: false },
  '02WY0004': { premium: '299.00', ageMin: 18, ageMax: 60, refusedClasses: [5, 6], occupationRequired: true },
  '03800001': {
    premium: '1.00',
    ageMin: 18,
    ageMax: 70,
    refusedClasses: [6],
    occupationRequired: true,
    journey: 'trip',
  },
  '03800002': {
    premium: '5.00',
    ageMin: 18,
    ageMax: 80,
    refusedClasses: [],
    occupationRequired: false,
    journey: 'flight',
  },
}

export type RuleResult = { ok: true; product: SandboxProduct } | { ok: false; code: string; message: string }

const fromHtDate = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`

/**
 * The partner's checks of a quote or underwriting request (English messages: the partner's own). Its watch list
 * (a name with 拒保) is consulted at underwriting only, as underwriters do.
 */
export function checkRequest(
  request: HtQuoteRequest,
  today: string,
  stage: 'quote' | 'underwrite',
): RuleResult {
  if (
    typeof request.applicant !== 'object' ||
    typeof request.insured !== 'object' ||
    !request.applicant ||
    !request.insured
  )
    return { ok: false, code: 'E1002', message: 'applicant and insured are required' }
  const product = SANDBOX_PRODUCTS[request.productCode]
  if (!product) return { ok: false, code: 'E1003', message: `product ${request.productCode} not on sale` }
  for (const person of [request.applicant, request.insured]) {
    if (!person.name || !/^\d{2}$/.test(person.idType) || !person.idNo || !/^[12]$/.test(person.sex))
      return { ok: false, code: 'E1002', message: 'person fields missing or invalid' }
    if (!/^\d{8}$/.test(person.birthDate))
      return { ok: false, code: 'E1002', message: 'birthDate must be YYYYMMDD' }
  }
  if (stage === 'underwrite' && [request.applicant, request.insured].some((p) => p.name.includes('拒保')))
    return { ok: false, code: 'E2001', message: 'underwriting declined: insured on the watch list' }
  if (product.occupationRequired && request.insured.occupationClass === undefined)
    return { ok: false, code: 'E1002', message: 'occupation required' }
  const cls = request.insured.occupationClass
  if (cls !== undefined && product.refusedClasses.includes(cls))
    return { ok: false, code: 'E2002', message: `occupation class ${cls} not accepted` }
  if (product.journey === 'flight' && !/^\d{8}$/.test(request.flight?.flightDate ?? ''))
    return { ok: false, code: 'E1002', message: 'flight required' }
  if (
    product.journey === 'trip' &&
    (!request.trip?.destination ||
      !/^\d{8}$/.test(request.trip.departDate) ||
      !/^\d{8}$/.test(request.trip.returnDate) ||
      request.trip.returnDate < request.trip.departDate)
  )
    return { ok: false, code: 'E1002', message: 'trip required: destination, departDate <= returnDate' }
  // Ages count on the cover's first day: the flight's, the trip's departure, else tomorrow.
  const start = request.flight?.flightDate ?? request.trip?.departDate
  const age = ageOn(fromHtDate(request.insured.birthDate), start ? fromHtDate(start) : addDays(today, 1))
  if (age < product.ageMin || age > product.ageMax)
    return {
      ok: false,
      code: 'E2003',
      message: `insured age ${age} out of ${product.ageMin}-${product.ageMax}`,
    }
  return { ok: true, product }
}
