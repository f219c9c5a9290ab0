import type { ReactNode } from 'react'
import { Button } from 'antd-mobile'
import { useLocation } from 'react-router-dom'
import { EmptyView, ErrorView, LoadingView } from '../../components/StatusViews'
import { loginPathFor } from '../../components/navigation/appPath'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { useMe } from '../member/api'
import type { ScreenLoader } from '../../types/route'
import { claimablePoliciesKey, useClaimablePolicies, type ClaimablePolicyList } from './api'

/** The data of a screen behind ClaimableGate: the claimable policies, asked only when logged in. */
export const claimableLoader: ScreenLoader = (at, load) =>
  at.loggedIn ? load(claimablePoliciesKey) : undefined

/**
 * The claim guide's screens need the user and the policies they may claim under: login is offered to a visitor,
 * loading and errors are said, and the screen renders with the list (and the user's id, for the draft).
 */
export function ClaimableGate({
  children,
}: {
  children: (list: ClaimablePolicyList, userId: string) => ReactNode
}) {
  const me = useMe()
  const claimable = useClaimablePolicies(Boolean(me.data))
  const navigate = useAppNavigate()
  const { pathname, search } = useLocation()

  if (me.error) return <ErrorView error={me.error} onRetry={() => void me.mutate()} />
  if (me.data === undefined) return <LoadingView lines={5} />
  if (me.data === null)
    return (
      <div className="claim-page" data-testid="claim-login">
        <EmptyView title="登录后申请理赔" description="理赔申请与进度保存在您的账户中">
          <Button color="primary" size="small" onClick={() => navigate(loginPathFor(`${pathname}${search}`))}>
            登录/注册
          </Button>
        </EmptyView>
      </div>
    )
  if (claimable.error) return <ErrorView error={claimable.error} onRetry={() => void claimable.mutate()} />
  if (!claimable.data) return <LoadingView lines={5} />
  return <>{children(claimable.data, me.data.id)}</>
}
