import { useSnapshot } from 'valtio'
import { useProductDetail, useQuote, type QuoteRequest } from '../catalog/api'
import { SELF_RELATION } from '../../domain/applicant'
import { purchaseDraft, type PurchaseDraftView } from './draft'
import { useFlowParams } from './flow'

/** The premium a buyer is about to pay, as every purchase step shows it. */
export interface PriceLine {
  premiumFen: number | null
  planName: string
  paymentPeriod: string
  loading: boolean
}

/**
 * What the purchase is priced for, from the draft alone: its plan and periods, for the insured as typed so far;
 * until a birth date and gender are typed, the premium trial's insured. Null while something is missing.
 */
export function quoteRequestOf(draft: PurchaseDraftView): QuoteRequest | null {
  const { productId, factors, trial, holder, insured } = draft
  const person = insured.relationType === SELF_RELATION ? holder : insured
  const birthDate = person.birthday || trial.birthDate
  const gender = person.gender || trial.gender
  if (!productId || !factors.planCode || !factors.coveragePeriod || !factors.paymentPeriod || !birthDate)
    return null
  if (gender !== 'M' && gender !== 'F') return null
  return {
    productId,
    planCode: factors.planCode,
    birthDate,
    gender,
    coveragePeriod: factors.coveragePeriod,
    paymentPeriod: factors.paymentPeriod,
    socialInsurance: insured.hasSocialInsurance === 'N' ? 'N' : 'Y',
    // A renewal is priced for the day it starts, as the server prices its order.
    ...(factors.effectiveDate ? { effectiveDate: factors.effectiveDate } : {}),
  }
}

/** The price of the purchase in progress (the draft of the flow's product), re-priced whenever the draft changes. */
export function usePurchasePrice(): PriceLine {
  const { productId } = useFlowParams()
  const draft = useSnapshot(purchaseDraft)
  const product = useProductDetail(productId)
  const ours = draft.productId === productId
  const input = ours ? quoteRequestOf(draft) : null
  const quote = useQuote(input)
  const factors = ours ? draft.factors : null
  return {
    premiumFen: input && quote.data ? quote.data.premiumFen : null,
    planName: product.data?.plans.find((p) => p.code === factors?.planCode)?.name ?? '',
    paymentPeriod: factors?.paymentPeriod ?? '',
    loading: quote.isLoading,
  }
}
