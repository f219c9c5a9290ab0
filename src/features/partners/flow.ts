import { queryParam } from '../../lib/href'
import { useLocation, useSearchParams } from 'react-router-dom'
import { stripLayoutPrefix } from '../../components/navigation/appPath'
import { PARTNER_FLOW_KEYS, partnerFlows, type PartnerFlowKey } from './paths'

/** The flow a step screen belongs to, from its path (/huaTaiApiTravel/infoFill → huataitravel). */
export function flowOfPath(pathname: string): PartnerFlowKey | null {
  const first = `/${stripLayoutPrefix(pathname).split('/')[1] ?? ''}`
  return PARTNER_FLOW_KEYS.find((k) => partnerFlows[k].base === first) ?? null
}

/** The product the query names (?productId=), or null: a step screen then shows its flow's own product. */
export const productIdOfQuery = (search: URLSearchParams): string | null => queryParam(search, 'productId')

/** A step screen's flow and product (the query's productId, else the flow's own product). */
export function flowContextAt(
  pathname: string,
  search: URLSearchParams,
): { flow: PartnerFlowKey; productId: string } {
  const flow = flowOfPath(pathname) ?? 'huatai'
  return { flow, productId: productIdOfQuery(search) ?? partnerFlows[flow].productId }
}

/** The step screen's flow and product. */
export function useFlowContext(): { flow: PartnerFlowKey; productId: string } {
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  return flowContextAt(pathname, params)
}

/** 保障期间 of a partner product code (1y, 30d, flight). */
export function coverageLabel(code: string): string {
  if (code === 'flight') return '单次航班'
  const m = /^(\d+)([ymd])$/.exec(code)
  if (!m) return code
  return `${m[1]}${{ y: '年', m: '个月', d: '天' }[m[2] as 'y' | 'm' | 'd']}`
}
