import { Button, List, Radio } from 'antd-mobile'
import { useSnapshot } from 'valtio'
import { useApplication } from '../../api/orders'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { RELATIONS, SELF_RELATION } from '../../domain/applicant'
import { huataiStore } from '../../state/huatai'
import { BottomBar } from './BottomBar'
import { useApplicationDraft } from './draft'
import { flowPath, useFlowParams } from './flow'
import { FlowSteps } from './FlowSteps'
import { LoginAwareError } from './LoginAwareError'
import './purchase.css'

const HINTS: Record<string, string> = {
  '1': '为自己投保，被保险人信息与投保人一致',
  '2': '为配偶投保，配偶须年满18周岁',
  '3': '为子女投保',
  '4': '为父母投保',
}

/** /insured: whom this policy covers — the buyer, or a family member (spouse, child, parent). */
export default function InsuredPage() {
  const { productId, applicationId } = useFlowParams()
  useApplicationDraft(productId)
  const navigate = useAppNavigate()
  const application = useApplication(applicationId)
  const { insurer } = useSnapshot(huataiStore.state)

  if (!productId || !applicationId) return <EmptyView title="缺少投保信息" description="请从产品页面重新进入投保" />
  if (application.error) return <LoginAwareError error={application.error} onRetry={() => void application.mutate()} />
  if (!application.data) return <LoadingView />

  function choose(relationType: string) {
    // A different insured means a different person: clear what was typed for the previous one.
    if (relationType !== insurer.relationType) {
      const keep = { phone: insurer.phone, email: insurer.email, hasSocialInsurance: insurer.hasSocialInsurance }
      huataiStore.replaceSection('insurer', { ...keep, relationType })
    }
  }

  return (
    <div className="purchase-page">
      <FlowSteps current={1} />
      <List header="请选择被保险人（为谁投保）">
        <Radio.Group value={insurer.relationType} onChange={(value) => choose(String(value))}>
          {RELATIONS.map((relation) => (
            <List.Item key={relation.code} description={HINTS[relation.code]} onClick={() => choose(relation.code)}>
              <Radio value={relation.code}>{relation.code === SELF_RELATION ? '本人' : `我的${relation.name}`}</Radio>
            </List.Item>
          ))}
        </Radio.Group>
      </List>
      <p className="purchase-muted" style={{ padding: '0 4px' }}>
        下一步将对所选被保险人进行健康告知，请如实回答。
      </p>
      <BottomBar>
        <Button block color="primary" onClick={() => navigate(flowPath('/healthNotification', productId, applicationId))}>
          下一步：健康告知
        </Button>
      </BottomBar>
    </div>
  )
}
