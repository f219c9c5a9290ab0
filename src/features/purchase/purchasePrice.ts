import { useSearchParams } from 'react-router-dom'
import { useSnapshot } from 'valtio'
import { useApplication } from './api'
import { useProductDetail, useQuote, type QuoteRequest } from '../catalog/api'
import { SELF_RELATION } from '../../domain/applicant'
import { huataiStore } from '../../state/huatai'
import { readDraft } from './draft'
import { useFlowParams } from './flow'

/** The premium a buyer is about to pay, as every purchase step shows it. */
export interface PriceLine {
  premiumFen: number | null
  planName: string
  paymentPeriod: string
  loading: boolean
}

/**
 * The price of the purchase in progress: the application's plan and periods (before it exists, the trial's,
 * carried in the query string) for the insured as typed so far; until a birth date and gender are typed, the
 * trial's insured (kept in the draft). Re-priced whenever the insured's age or gender changes.
 */
export function usePurchasePrice(): PriceLine {
  const [params] = useSearchParams()
  const { productId, applicationId } = useFlowParams()
  const product = useProductDetail(productId)
  const app = useApplication(applicationId).data
  const { holder, insurer } = useSnapshot(huataiStore.state)
  const person = insurer.relationType === SELF_RELATION ? holder : insurer
  const planCode = app?.planCode ?? params.get('plan') ?? ''
  const paymentPeriod = app?.paymentPeriod ?? params.get('paymentPeriod') ?? ''
  const coveragePeriod = app?.coveragePeriod ?? params.get('coveragePeriod') ?? ''
  const trial = productId ? readDraft(productId)?.trial : undefined
  const birthDate = person.birthday || trial?.birthDate || params.get('birthDate') || ''
  const gender = person.gender || trial?.gender || params.get('gender') || ''
  const social = insurer.hasSocialInsurance || trial?.socialInsurance || params.get('socialInsurance') || 'Y'
  const input: QuoteRequest | null =
    productId &&
    planCode &&
    coveragePeriod &&
    paymentPeriod &&
    birthDate &&
    (gender === 'M' || gender === 'F')
      ? {
          productId,
          planCode,
          birthDate,
          gender,
          coveragePeriod,
          paymentPeriod,
          socialInsurance: social === 'N' ? 'N' : 'Y',
          // A renewal is priced for the day it starts, as the server prices its order.
          ...(app?.renewal ? { effectiveDate: app.renewal.startDate } : {}),
        }
      : null
  const quote = useQuote(input)
  return {
    premiumFen: input && quote.data ? quote.data.premiumFen : null,
    planName: product.data?.plans.find((p) => p.code === planCode)?.name ?? '',
    paymentPeriod,
    loading: quote.isLoading,
  }
}
