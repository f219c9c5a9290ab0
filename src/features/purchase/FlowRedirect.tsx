import { useEffect } from 'react'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { useFlowParams } from './flow'
import { flowHref, type FlowStep } from './paths'

/**
 * A step of the spec's flow that now lives on another screen (/insured and /confirmReceiveInfo on /infoFill,
 * /insuredCheck on /healthNotification): opened, it goes there in place, with the same product and application.
 */
export function FlowRedirect({ to }: { to: FlowStep }) {
  const { productId, applicationId } = useFlowParams()
  const navigate = useAppNavigate()
  useEffect(() => {
    if (productId && applicationId) navigate(flowHref(to, productId, applicationId), { replace: true })
  }, [navigate, to, productId, applicationId])
  if (!productId || !applicationId)
    return <EmptyView title="缺少投保信息" description="请从产品页面重新进入投保" />
  return <LoadingView lines={6} />
}
