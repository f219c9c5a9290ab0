import { Button, Result, Tag } from 'antd-mobile'
import { useLocation, useSearchParams } from 'react-router-dom'
import { LabeledRow } from '../../components/LabeledRow'
import { JourneyRows } from '../../components/JourneyRows'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { loginPathFor } from '../../components/navigation/appPath'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { relationName } from '../../domain/applicant'
import { formatShanghaiDateTime } from '../../domain/dates'
import { formatFen } from '../../domain/money'
import { POLICY_STATUS_TEXT } from '../../domain/policy'
import { HttpError } from '../../lib/request'
import { backToPolicies } from '../policies/paths'
import { usePolicy, type Policy } from '../policies/api'
import { useMe } from '../member/api'
import { usePartnerOrder } from './api'
import '../../components/flow/flow.css'
import './partners.css'

const POLL_MS = 2000

/** The not-logged-in detail: what the page is, and a login that comes back here. */
export function LoginToView({ what }: { what: string }) {
  const navigate = useAppNavigate()
  const { pathname, search } = useLocation()
  return (
    <div className="purchase-page" data-testid="login-to-view">
      <Result
        status="info"
        title={`登录后查看${what}`}
        description="为保护您的个人信息，保单仅对投保人本人展示"
      />
      <Button block color="primary" onClick={() => navigate(loginPathFor(`${pathname}${search}`))}>
        去登录
      </Button>
    </div>
  )
}

function isUnauthorized(error: unknown) {
  return error instanceof HttpError && error.status === 401
}

/**
 * /policy/apiPolicyDetail?policyId= (also ?id=, and ?orderId= while the partner is still issuing): a policy
 * issued through a partner insurer's API, with our policy number and the partner's.
 */
export default function ApiPolicyDetailPage() {
  const [params] = useSearchParams()
  const orderId = params.get('orderId')?.trim() || null
  // Asked first: a visitor sees the not-logged-in detail rather than being sent away by a 401.
  const me = useMe()
  const loggedIn = Boolean(me.data)
  // Until issued, the order says 保单出具中; its policy id then opens the policy.
  const order = usePartnerOrder(loggedIn ? orderId : null, POLL_MS)
  const policyId = params.get('policyId')?.trim() || params.get('id')?.trim() || order.data?.policyId || null
  const policy = usePolicy(loggedIn ? policyId : null)

  if (!policyId && !orderId) return <EmptyView title="缺少保单号" description="请从我的保单进入" />
  if (me.data === undefined && !me.error) return <LoadingView lines={8} />
  const error = policy.error ?? order.error
  if (me.data === null || isUnauthorized(error)) return <LoginToView what="保单详情" />
  if (me.error)
    return <LoginAwareError back={backToPolicies} error={me.error} onRetry={() => void me.mutate()} />
  if (error)
    return <LoginAwareError back={backToPolicies} error={error} onRetry={() => void policy.mutate()} />
  if (!policyId) {
    if (!order.data) return <LoadingView lines={6} />
    const failed = order.data.partnerStatus === 'ISSUE_FAILED'
    return (
      <div className="purchase-page" data-testid="api-policy-issuing">
        <Result
          status={failed ? 'error' : 'waiting'}
          title={failed ? '出单失败' : '保单出具中'}
          description={
            order.data.message ?? (failed ? '出单失败，已为您退款' : '保险公司正在出具保单，请稍候')
          }
        />
      </div>
    )
  }
  if (!policy.data) return <LoadingView lines={8} />
  return <ApiPolicy policy={policy.data} />
}

const partnerSourceName = (source: Policy['source']) =>
  source === 'mall'
    ? '国恒保险商城'
    : source === 'partner:huating'
      ? '合作方API产品（华汀保险）'
      : '合作方API产品'

function ApiPolicy({ policy }: { policy: Policy }) {
  const period = `${formatShanghaiDateTime(policy.effectiveAt)} 至 ${
    policy.expiresAt ? formatShanghaiDateTime(policy.expiresAt) : '终身'
  }`
  return (
    <div className="purchase-page" data-testid="api-policy">
      <section className="partner-hero">
        <h1>{policy.productName}</h1>
        <p>
          <Tag color={policy.status === 'IN_FORCE' ? 'success' : 'primary'}>
            {POLICY_STATUS_TEXT[policy.status]}
          </Tag>{' '}
          {policy.insurerName}
        </p>
      </section>
      <section className="purchase-card">
        <h2>保单信息</h2>
        <LabeledRow label="本平台保单号">
          <span data-testid="policy-no">{policy.policyNo}</span>
        </LabeledRow>
        <LabeledRow label="保险公司保单号">
          <span data-testid="partner-policy-no">{policy.partnerPolicyNo ?? '保单出具中'}</span>
        </LabeledRow>
        <LabeledRow label="保险公司">{policy.insurerName}</LabeledRow>
        <LabeledRow label="来源">{partnerSourceName(policy.source)}</LabeledRow>
        <JourneyRows flight={policy.flight} trip={policy.trip} />
        <LabeledRow label="保险期间">{period}</LabeledRow>
        <LabeledRow label="保费">¥{formatFen(policy.premiumFen)}</LabeledRow>
      </section>
      <section className="purchase-card">
        <h2>投保人与被保险人</h2>
        <LabeledRow label="投保人">{policy.holder.name}</LabeledRow>
        <LabeledRow label="被保险人">
          {policy.insured.name}
          {policy.insured.relationType ? `（${relationName(policy.insured.relationType)}）` : ''}
        </LabeledRow>
        <LabeledRow label="被保险人证件">{policy.insured.certNoMasked}</LabeledRow>
      </section>
      {policy.clauses.length > 0 && (
        <section className="purchase-card">
          <h2>保险条款</h2>
          <ul className="partner-list">
            {policy.clauses.map((c) => (
              <li key={c.id}>{c.title}</li>
            ))}
          </ul>
        </section>
      )}
      <p className="purchase-muted">保单由保险公司出具，理赔与保全服务请联系{policy.insurerName}客服。</p>
    </div>
  )
}
