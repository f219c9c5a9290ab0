import { useSearchParams } from 'react-router-dom'

// The purchase flow carries its place in the query string: every step knows the product and application.

export interface FlowParams {
  productId: string | null
  applicationId: string | null
}

export function useFlowParams(): FlowParams {
  const [params] = useSearchParams()
  return {
    productId: params.get('productId')?.trim() || null,
    applicationId: params.get('applicationId')?.trim() || null,
  }
}

/**
 * The stages a buyer sees at the top of each step: 投保须知 and documents on one screen, the insured and the
 * forms on one screen (its button places the order when there is no health notification), the health
 * notification only when the product asks it (its button places the order), then payment.
 */
export const FLOW_STAGES = ['阅读须知', '填写信息', '健康告知', '支付'] as const
export type FlowStage = (typeof FLOW_STAGES)[number]

/** The stages of a product's flow: 健康告知 only when it has health questions. */
export const flowStages = (hasHealthQuestions: boolean): FlowStage[] =>
  FLOW_STAGES.filter((stage) => hasHealthQuestions || stage !== '健康告知')
