import { Button, Result } from 'antd-mobile'
import { useApplication } from './api'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { relationName } from '../../domain/applicant'
import { BottomBar } from '../../components/flow/BottomBar'
import { useFlowParams } from './flow'
import { flowHref } from './paths'
import { FlowSteps } from './FlowSteps'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { backToOrders } from '../orders/paths'
import '../../components/flow/flow.css'

/** /insuredCheck: the underwriting result of the health notification for the chosen insured. */
export default function InsuredCheckPage() {
  const { productId, applicationId } = useFlowParams()
  const navigate = useAppNavigate()
  const application = useApplication(applicationId)

  if (!productId || !applicationId)
    return <EmptyView title="缺少投保信息" description="请从产品页面重新进入投保" />
  if (application.error)
    return (
      <LoginAwareError
        back={backToOrders}
        error={application.error}
        onRetry={() => void application.mutate()}
      />
    )
  if (!application.data) return <LoadingView />
  const { health } = application.data

  if (!health) {
    return (
      <EmptyView title="尚未完成健康告知" description="请先为被保险人完成健康告知">
        <Button
          color="primary"
          onClick={() => navigate(flowHref('healthNotification', productId, applicationId))}
        >
          去健康告知
        </Button>
      </EmptyView>
    )
  }

  if (!health.passed) {
    return (
      <div className="purchase-page">
        <FlowSteps current={1} />
        <Result
          status="error"
          title="被保险人暂不符合投保条件"
          description={`根据健康告知，被保险人（${relationName(health.insuredRelation)}）不能投保本产品。如有误选，可重新选择答案；也可以为其他家人投保。`}
        />
        <BottomBar>
          <Button block onClick={() => navigate(flowHref('healthNotification', productId, applicationId))}>
            重新选择
          </Button>
          <Button
            block
            color="primary"
            onClick={() => navigate(flowHref('insured', productId, applicationId))}
          >
            为他人投保
          </Button>
        </BottomBar>
      </div>
    )
  }

  return (
    <div className="purchase-page">
      <FlowSteps current={1} />
      <Result
        status="success"
        title="健康告知通过"
        description={`被保险人（${relationName(health.insuredRelation)}）符合投保条件，请继续填写投保信息。`}
      />
      <BottomBar>
        <Button
          block
          color="primary"
          onClick={() => navigate(flowHref('infoFill', productId, applicationId))}
        >
          下一步：填写投保信息
        </Button>
      </BottomBar>
    </div>
  )
}
