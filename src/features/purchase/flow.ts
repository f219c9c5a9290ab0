import { queryParam } from '../../lib/href'
import { useSearchParams } from 'react-router-dom'
import type { DataLoad } from '../../types/route'
import { productDetailKey } from '../catalog/api'
import { applicationKey } from './api'

// The purchase flow carries its place in the query string: every step knows the product and application.

export interface FlowParams {
  productId: string | null
  applicationId: string | null
}

/** The product and application a step's URL names. */
export const flowParamsOf = (search: URLSearchParams): FlowParams => ({
  productId: queryParam(search, 'productId'),
  applicationId: queryParam(search, 'applicationId'),
})

export function useFlowParams(): FlowParams {
  const [params] = useSearchParams()
  return flowParamsOf(params)
}

/** A step loader's part: the product and the application its URL names. */
export function loadFlow(search: URLSearchParams, load: DataLoad) {
  const { productId, applicationId } = flowParamsOf(search)
  return Promise.all([
    productId && load(productDetailKey(productId)),
    applicationId && load(applicationKey(applicationId)),
  ])
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
