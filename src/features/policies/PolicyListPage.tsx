import { Tag } from 'antd-mobile'
import { Tabs } from '../../components/tabs/Tabs'
import { useSearchParams } from 'react-router-dom'
import { policiesKey, policyStatusText, usePolicies } from './api'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { formatShanghaiDateTime } from '../../domain/dates'
import { POLICY_STATUS_TEXT, POLICY_STATUSES, type PolicyStatus } from '../../domain/policy'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import '../../components/flow/flow.css'
import { LabeledRow } from '../../components/LabeledRow'
import { GoButton } from '../../components/navigation/GoButton'
import { shoppingHref } from '../catalog/paths'
import { apiPolicyDetailHref, backToPolicies, policyDetailHref } from './paths'
import type { ScreenLoader } from '../../types/route'

/** The status 我的保单 is filtered to (?status=), or undefined for all. */
const policyStatusOf = (search: URLSearchParams): PolicyStatus | undefined =>
  POLICY_STATUSES.find((s) => s === search.get('status'))

export const loader: ScreenLoader = async ({ search }, load) => load(policiesKey(policyStatusOf(search)))

/** /policy: my policies by status. */
export default function PolicyListPage() {
  const [params, setParams] = useSearchParams()
  const navigate = useAppNavigate()
  const status = policyStatusOf(params)
  const policies = usePolicies(status)

  let body
  if (policies.error)
    body = (
      <LoginAwareError back={backToPolicies} error={policies.error} onRetry={() => void policies.mutate()} />
    )
  else if (!policies.data) body = <LoadingView />
  else if (policies.data.items.length === 0)
    body = (
      <EmptyView title="暂无保单" description="投保成功后，保单会显示在这里">
        <GoButton to={shoppingHref()}>去商城</GoButton>
      </EmptyView>
    )
  else
    body = (
      <div className="purchase-page" style={{ paddingBottom: 12 }}>
        {policies.data.items.map((policy) => (
          <article
            key={policy.id}
            className="purchase-card"
            data-testid="policy-card"
            onClick={() =>
              navigate(
                policy.source !== 'mall' ? apiPolicyDetailHref(policy.id) : policyDetailHref(policy.id),
              )
            }
          >
            <div className="labeled-row">
              <strong>{policy.productName}</strong>
              <Tag
                color={
                  policy.status === 'IN_FORCE'
                    ? 'success'
                    : policy.status === 'PENDING_EFFECTIVE'
                      ? 'primary'
                      : 'default'
                }
              >
                {policyStatusText(policy)}
              </Tag>
            </div>
            <LabeledRow label="保单号">{policy.policyNo}</LabeledRow>
            <LabeledRow label="被保险人">{policy.insured.name}</LabeledRow>
            <LabeledRow label="生效时间">{formatShanghaiDateTime(policy.effectiveAt)}</LabeledRow>
          </article>
        ))}
      </div>
    )

  return (
    <>
      <Tabs
        activeKey={status ?? 'all'}
        onChange={(key) => setParams(key === 'all' ? {} : { status: key }, { replace: true })}
      >
        <Tabs.Tab key="all" title="全部" />
        {POLICY_STATUSES.map((s) => (
          <Tabs.Tab key={s} title={POLICY_STATUS_TEXT[s]} />
        ))}
      </Tabs>
      {body}
    </>
  )
}
