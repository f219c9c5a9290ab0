import { useEffect, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { homeHref } from '../home/paths'
import type { ScreenLoader } from '../../types/route'
import { partnerProductKey, usePartnerProduct, type PartnerProduct } from './api'
import { PartnerDownNotice } from './PartnerDownNotice'
import { StepBar } from './StepBar'
import { usePartnerFlowState, type FlowBinding } from './flowState'
import { flowContextAt, useFlowContext } from './flow'
import { partnerFlows, type PartnerFlowKey } from './paths'
import { useTrailScreen } from '../trail/api'
import { trackFunnel, type FunnelStep } from '../../lib/analytics'
import '../../components/flow/flow.css'
import './partners.css'

export interface StepContext {
  flow: PartnerFlowKey
  product: PartnerProduct
  binding: FlowBinding
}

const backHome = { to: homeHref(), label: '返回首页' }

/** The purchase funnel's step each step screen is (analytics): 产品详情, 填写投保信息, 投保须知. */
const FUNNEL_STEPS: Readonly<Record<number, FunnelStep>> = { 0: 'product', 3: 'info', 4: 'notice' }

/** The data of a step screen of any of the three flows: the product it shows. */
export const flowStepLoader: ScreenLoader = ({ pathname, search }, load) =>
  load(partnerProductKey(flowContextAt(pathname, search).productId))

/**
 * The parent layout of the three partner flows: it loads the product, restores the flow's draft and shows the
 * step bar with the price above the step's own content (a render prop, so the step sees the loaded product).
 */
export function FlowFrame({
  step,
  title,
  children,
}: {
  step: number
  /** The step's title (its route's), as recorded on the sales trail. */
  title: string
  children: (context: StepContext) => ReactNode
}) {
  const { flow, productId } = useFlowContext()
  const binding = usePartnerFlowState(flow)
  // The quoted premium once known; the product's price before.
  const { quote } = useSnapshot(binding.extras)
  const product = usePartnerProduct(productId)
  const shown = product.data?.flow === flow ? product.data : undefined
  useTrailScreen({ productId: shown?.id ?? null, title })
  useEffect(() => trackFunnel(FUNNEL_STEPS[step], shown?.id), [step, shown?.id])
  if (product.error)
    return <LoginAwareError back={backHome} error={product.error} onRetry={() => void product.mutate()} />
  if (!product.data) return <LoadingView lines={8} />
  if (product.data.flow !== flow)
    return (
      <EmptyView
        title="产品与投保流程不符"
        description={`请从${partnerFlows[flow].title}的产品页面重新进入投保`}
      />
    )
  return (
    <div className="purchase-page">
      <StepBar
        current={step}
        productName={product.data.name}
        premiumFen={quote?.premiumFen ?? product.data.priceFen}
      />
      <PartnerDownNotice product={product.data} />
      {children({ flow, product: product.data, binding })}
    </div>
  )
}
