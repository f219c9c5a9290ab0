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

/** The five stages a buyer sees at the top of each step. */
export const FLOW_STAGES = ['阅读须知', '健康告知', '填写信息', '确认投保', '支付'] as const
