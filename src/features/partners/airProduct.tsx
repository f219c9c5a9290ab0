import type { ReactElement } from 'react'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { homeHref } from '../home/paths'
import type { ScreenLoader } from '../../types/route'
import { partnerProductKey, usePartnerProduct, type PartnerProduct } from './api'
import { AIR_PRODUCT_ID } from './paths'

/** The data of the air-accident screens (useAirProduct). */
export const airProductLoader: ScreenLoader = (_, load) => load(partnerProductKey(AIR_PRODUCT_ID))

/** The air-accident product, or what to show instead (loading, an error with retry, not on sale). */
export function useAirProduct():
  { data: PartnerProduct; view?: undefined } | { data?: undefined; view: ReactElement } {
  const product = usePartnerProduct(AIR_PRODUCT_ID)
  if (product.error)
    return {
      view: (
        <LoginAwareError
          back={{ to: homeHref(), label: '返回首页' }}
          error={product.error}
          onRetry={() => void product.mutate()}
        />
      ),
    }
  if (!product.data) return { view: <LoadingView lines={8} /> }
  if (product.data.flow !== 'airAccident')
    return { view: <EmptyView title="活动产品暂不可用" description="请稍后再试" /> }
  return { data: product.data }
}
