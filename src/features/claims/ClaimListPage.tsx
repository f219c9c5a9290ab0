import { Button, Tag } from 'antd-mobile'
import { Tabs } from '../../components/tabs/Tabs'
import { useLocation, useSearchParams } from 'react-router-dom'
import { BottomBar } from '../../components/flow/BottomBar'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { loginPathFor } from '../../components/navigation/appPath'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { formatShanghaiDateTime } from '../../domain/dates'
import { useMe } from '../member/api'
import { userHref } from '../member/paths'
import { claimsKey, useClaims, type Claim } from './api'
import { CLAIM_STATUS_COLORS, claimStatusName, claimYuan } from './claimStatus'
import { claimDetailHref, claimListHref, initClaimHref } from './paths'
import '../../components/flow/flow.css'
import './claimStatus.css'
import { MaskedName } from '../../components/MaskedName'
import type { ScreenLoader } from '../../types/route'

type Tab = 'open' | 'done'
const TABS: { key: Tab; title: string; empty: string }[] = [
  { key: 'open', title: '处理中', empty: '暂无处理中的理赔' },
  { key: 'done', title: '已结束', empty: '暂无已结束的理赔' },
]
const tabOf = (value: string | null): Tab => (value === 'done' ? 'done' : 'open')

export const loader: ScreenLoader = (at, load) =>
  at.loggedIn ? load(claimsKey(tabOf(at.search.get('status')))) : undefined

/** /claim/claimList: my claims, 处理中 / 已结束 (?status=), each leading to its detail; 申请理赔 at the bottom. */
export default function ClaimListPage() {
  const [params] = useSearchParams()
  const tab = tabOf(params.get('status'))
  const navigate = useAppNavigate()
  const { pathname, search } = useLocation()
  const me = useMe()

  let body
  if (me.error)
    body = (
      <LoginAwareError
        back={{ to: userHref(), label: '返回我的' }}
        error={me.error}
        onRetry={() => void me.mutate()}
      />
    )
  else if (me.data === undefined) body = <LoadingView lines={5} />
  else if (me.data === null)
    body = (
      <div className="claim-login" data-testid="claim-login">
        <p>登录后即可查看理赔进度、补充材料</p>
        <Button block color="primary" onClick={() => navigate(loginPathFor(`${pathname}${search}`))}>
          去登录
        </Button>
      </div>
    )
  else body = <ClaimCards tab={tab} />

  return (
    <div className="claim-list-page" data-testid="claim-list">
      <Tabs activeKey={tab} onChange={(key) => navigate(claimListHref(tabOf(key)), { replace: true })}>
        {TABS.map((t) => (
          <Tabs.Tab key={t.key} title={t.title} />
        ))}
      </Tabs>
      {body}
      <BottomBar>
        <Button block color="primary" onClick={() => navigate(initClaimHref())}>
          申请理赔
        </Button>
      </BottomBar>
    </div>
  )
}

function ClaimCards({ tab }: { tab: Tab }) {
  const navigate = useAppNavigate()
  const claims = useClaims(true, tab)
  if (claims.error)
    return (
      <LoginAwareError
        back={{ to: userHref(), label: '返回我的' }}
        error={claims.error}
        onRetry={() => void claims.mutate()}
      />
    )
  if (!claims.data) return <LoadingView lines={5} />
  if (claims.data.items.length === 0)
    return (
      <EmptyView
        title={TABS.find((t) => t.key === tab)?.empty ?? ''}
        description={tab === 'open' ? '保险事故发生后，可在线提交理赔申请' : '理赔结束后会显示在这里'}
      >
        <Button color="primary" size="small" onClick={() => navigate(initClaimHref())}>
          申请理赔
        </Button>
      </EmptyView>
    )
  return (
    <ul className="claim-cards">
      {claims.data.items.map((claim) => (
        <ClaimCard key={claim.id} claim={claim} onOpen={() => navigate(claimDetailHref(claim.id))} />
      ))}
    </ul>
  )
}

function ClaimCard({ claim, onOpen }: { claim: Claim; onOpen: () => void }) {
  const supplement = claim.status === 'NEED_SUPPLEMENT'
  return (
    <li
      className={supplement ? 'claim-card claim-card--attention' : 'claim-card'}
      data-testid="claim-card"
      role="link"
      tabIndex={0}
      onClick={onOpen}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onOpen()
      }}
    >
      <div className="claim-card-head">
        <strong className="claim-card-product">{claim.productName}</strong>
        <Tag color={CLAIM_STATUS_COLORS[claim.status]} fill={supplement ? 'solid' : 'outline'}>
          {claimStatusName(claim.status)}
        </Tag>
      </div>
      <div className="claim-card-type">{claim.typeName}</div>
      <dl className="claim-card-rows">
        <div>
          <dt>理赔编号</dt>
          <dd>{claim.claimNo}</dd>
        </div>
        <div>
          <dt>被保险人</dt>
          <dd>
            <MaskedName name={claim.insuredName} />
          </dd>
        </div>
        <div>
          <dt>申请金额</dt>
          <dd className="claim-amount">{claimYuan(claim.amountFen)}</dd>
        </div>
        <div>
          <dt>申请时间</dt>
          <dd>{formatShanghaiDateTime(claim.createdAt)}</dd>
        </div>
      </dl>
      {supplement && <p className="claim-card-hint">请尽快补充材料，以免影响理赔进度</p>}
    </li>
  )
}
