import useSWR from 'swr'
import { IDEMPOTENCY_HEADER, post, withIdempotencyKey } from '../../lib/request'
import type {
  PartnerApplication,
  PartnerApplicationRequest,
  PartnerOrder,
  PartnerProduct,
  PartnerQuote,
  PartnerQuoteRequest,
  PremiumAgreement,
} from '../../types/generated/api/partner'
import { currentTrailId, flushTrail } from '../trail/api'

// The partner-insurer API (/api/partner): product, quote, underwriting (application) and the issuing state.

export type { PartnerApplication, PartnerOrder, PartnerProduct, PartnerQuote, PartnerQuoteRequest }

export const partnerProductKey = (id: string) => `/api/partner/products/${encodeURIComponent(id)}`
export const partnerOrderKey = (id: string) => `/api/partner/orders/${encodeURIComponent(id)}`

export function usePartnerProduct(id: string | null) {
  return useSWR<PartnerProduct>(id ? partnerProductKey(id) : null)
}

/** The issuing state is final once issued or failed (refunded). */
export const issuingSettled = (order: PartnerOrder | undefined) =>
  order?.partnerStatus === 'ISSUED' || order?.partnerStatus === 'ISSUE_FAILED' || order?.status === 'CLOSED'

/** The partner order's issuing state, asked again every `pollMs` until it is settled. */
export function usePartnerOrder(id: string | null, pollMs = 0) {
  return useSWR<PartnerOrder>(id ? partnerOrderKey(id) : null, {
    refreshInterval: (latest) => (pollMs && !issuingSettled(latest) ? pollMs : 0),
  })
}

/** A quote, naming the product's sales trail this tab records (可回溯), if one is open. */
export async function createPartnerQuote(body: PartnerQuoteRequest) {
  const trailId = body.trailId ?? (await currentTrailId(body.productId))
  void flushTrail()
  return post<PartnerQuote>('/api/partner/quotes', trailId ? { ...body, trailId } : body)
}

/** One application per quote: a double tap, a retry or a reload mid-request is underwritten once. */
export const submitPartnerApplication = (body: PartnerApplicationRequest) =>
  withIdempotencyKey(`partner-application:${body.quoteId}`, (key) =>
    post<PartnerApplication>('/api/partner/applications', body, { headers: { [IDEMPOTENCY_HEADER]: key } }),
  )

/** Agrees to the premium the partner re-priced at underwriting (idempotent); the order can then be paid. */
export const agreePremium = (orderId: string) =>
  post<PremiumAgreement>(`${partnerOrderKey(orderId)}/premium-agreement`)
