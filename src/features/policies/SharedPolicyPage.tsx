import { Button } from 'antd-mobile'
import { useSearchParams } from 'react-router-dom'
import { epolicyFileName, sharedEpolicyUrl, sharedPolicyKey, useSharedPolicy } from './api'
import { EmptyView, ErrorView, LoadingView } from '../../components/StatusViews'
import { PolicyDocument } from './PolicyDocument'
import '../../components/flow/flow.css'
import './policyDetail.css'
import { sharedPolicyTokenOf } from './paths'
import type { ScreenLoader } from '../../types/route'

export const loader: ScreenLoader = async ({ search }, load) => {
  const token = sharedPolicyTokenOf(search)
  if (token) await load(sharedPolicyKey(token))
}

/** /policy/policyDetaiU: the policy reached without login through a signed, expiring SMS link. */
export default function SharedPolicyPage() {
  const [params] = useSearchParams()
  const token = sharedPolicyTokenOf(params)
  const policy = useSharedPolicy(token)
  if (!token) return <EmptyView title="链接不完整" description="请核对短信中的保单链接" />
  if (policy.error) return <ErrorView error={policy.error} />
  if (!policy.data) return <LoadingView lines={8} />
  return (
    <div className="purchase-page">
      <PolicyDocument policy={policy.data} />
      <div className="no-print shared-policy-actions">
        <a
          className="policy-download"
          href={sharedEpolicyUrl(token)}
          download={epolicyFileName(policy.data.policyNo)}
        >
          下载电子保单
        </a>
        <Button block onClick={() => window.print()}>
          打印保单
        </Button>
      </div>
    </div>
  )
}
