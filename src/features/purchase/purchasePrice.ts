import { useSnapshot } from 'valtio'
import { useProductDetail, useQuote, type QuoteRequest } from '../catalog/api'
import { SELF_RELATION } from '../../domain/applicant'
import { purchaseDraft, type PurchaseDraftView } from './draft'
import { useFlowParams } from './flow'

/** The premium a buyer is about to pay, as every purchase step shows it. */
export interface PriceLine {
  premiumFen: number | null
  /** The price the product page's trial showed for its insured, when the real insured's price differs. */
  trialPremiumFen?: number | null
  /** What made the difference: the insured's age, or other facts (gender, social insurance). */
  repricedFor?: 'age' | 'other'
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

/** The trial's insured priced with the same plan: what the product page showed before the real insured. */
export function trialQuoteRequestOf(draft: PurchaseDraftView): QuoteRequest | null {
  const live = quoteRequestOf(draft)
  const { trial } = draft
  if (!live || !trial.birthDate || (trial.gender !== 'M' && trial.gender !== 'F')) return null
  return {
    ...live,
    birthDate: trial.birthDate,
    gender: trial.gender,
    socialInsurance: trial.socialInsurance === 'N' ? 'N' : 'Y',
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
  const trialInput = ours ? trialQuoteRequestOf(draft) : null
  const same = trialInput !== null && input !== null && JSON.stringify(trialInput) === JSON.stringify(input)
  const trialQuote = useQuote(same ? null : trialInput)
  const factors = ours ? draft.factors : null
  const premiumFen = input && quote.data ? quote.data.premiumFen : null
  const trialPremiumFen = !same && trialQuote.data ? trialQuote.data.premiumFen : null
  const repriced = premiumFen !== null && trialPremiumFen !== null && premiumFen !== trialPremiumFen
  return {
    premiumFen,
    ...(repriced && input && trialInput
      ? { trialPremiumFen, repricedFor: input.birthDate !== trialInput.birthDate ? 'age' : 'other' }
      : {}),
    planName: product.data?.plans.find((p) => p.code === factors?.planCode)?.name ?? '',
    paymentPeriod: factors?.paymentPeriod ?? '',
    loading: quote.isLoading,
  }
}
