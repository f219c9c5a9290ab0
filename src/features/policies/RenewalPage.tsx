import { useState } from 'react'
import { Button, Switch } from 'antd-mobile'
import { useLocation } from 'react-router-dom'
import { PriceText } from '../../components/PriceText'
import { EmptyView, ErrorView, LoadingView } from '../../components/StatusViews'
import { toast } from '../../components/notice'
import { GoButton } from '../../components/navigation/GoButton'
import { loginPathFor } from '../../components/navigation/appPath'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { coveragePeriodLabel, premiumCadenceLabel } from '../../domain/periods'
import { describeError } from '../../lib/request'
import { useMe } from '../member/api'
import { payHref, specialNotifyHref } from '../purchase/paths'
import { orderDetailHref } from '../orders/paths'
import { renewalsKey, setAutoRenew, useRenewals, type Renewal } from './api'
import { policiesHref } from './paths'
import './renewal.css'
import type { ScreenLoader } from '../../types/route'

export const loader: ScreenLoader = async ({ loggedIn }, load) => {
  if (loggedIn) await load(renewalsKey)
}

/** /renewal: policies ending within 60 days, the renewal premium, 一键续保 and the auto-renewal switch. */
export default function RenewalPage() {
  const me = useMe()
  const loggedIn = Boolean(me.data)
  const renewals = useRenewals(loggedIn)
  const navigate = useAppNavigate()
  const { pathname, search } = useLocation()

  if (me.isLoading) return <LoadingView lines={4} />
  if (me.error) return <ErrorView error={me.error} onRetry={() => void me.mutate()} />
  if (!me.data)
    return (
      <div className="renewal-page" data-testid="renewal-page">
        <EmptyView title="登录后查看可续保的保单">
          <Button color="primary" size="small" onClick={() => navigate(loginPathFor(`${pathname}${search}`))}>
            登录/注册
          </Button>
        </EmptyView>
      </div>
    )
  if (renewals.error) return <ErrorView error={renewals.error} onRetry={() => void renewals.mutate()} />
  if (!renewals.data) return <LoadingView lines={4} />
  const { items, windowDays } = renewals.data

  return (
    <div className="renewal-page" data-testid="renewal-page">
      <p className="renewal-hint muted">
        以下为{windowDays}天内到期的保单，续保保费按新保单生效日被保险人的年龄计算。
      </p>
      {items.length === 0 ? (
        <EmptyView title={`${windowDays}天内没有到期的保单`}>
          <GoButton to={policiesHref()}>查看我的保单</GoButton>
        </EmptyView>
      ) : (
        <ul className="renewal-list" aria-label="可续保的保单">
          {items.map((item) => (
            <RenewalCard key={item.policyId} item={item} onChanged={() => void renewals.mutate()} />
          ))}
        </ul>
      )}
    </div>
  )
}

function RenewalCard({ item, onChanged }: { item: Renewal; onChanged: () => void }) {
  const navigate = useAppNavigate()
  const [switching, setSwitching] = useState(false)
  const cadence = premiumCadenceLabel(item.paymentPeriod)
  const renewable = item.renewalPremiumFen !== null

  const toggle = async (enabled: boolean) => {
    setSwitching(true)
    try {
      await setAutoRenew(item.policyId, enabled)
      toast('success', enabled ? '已开启自动续保' : '已关闭自动续保')
      onChanged()
    } catch (error) {
      toast('error', describeError(error))
    } finally {
      setSwitching(false)
    }
  }

  return (
    <li className="renewal-card" data-testid="renewal-card" aria-label={item.productName}>
      <div className="renewal-head">
        <span className="renewal-product">{item.productName}</span>
        <span className="renewal-days">{item.daysLeft <= 1 ? '今天到期' : `${item.daysLeft}天后到期`}</span>
      </div>
      <dl className="renewal-facts">
        <div>
          <dt>保单号</dt>
          <dd>{item.policyNo}</dd>
        </div>
        <div>
          <dt>被保险人</dt>
          <dd>{item.insuredName}</dd>
        </div>
        <div>
          <dt>保障计划</dt>
          <dd>
            {item.planName} · {coveragePeriodLabel(item.coveragePeriod)}
          </dd>
        </div>
        <div>
          <dt>保障至</dt>
          <dd>{item.lastDay} 24:00</dd>
        </div>
        <div>
          <dt>本期保费</dt>
          <dd>
            <PriceText fen={item.currentPremiumFen} />
          </dd>
        </div>
        <div>
          <dt>续保保费</dt>
          <dd data-testid="renewal-premium">
            {renewable ? (
              <>
                <PriceText fen={item.renewalPremiumFen ?? 0} suffix={cadence} />
                <span className="muted">
                  （{item.newStartDate} 生效，被保险人 {item.ageOnNewStart} 周岁）
                </span>
              </>
            ) : (
              <span className="renewal-unavailable">暂不可续保：{item.unavailableReason}</span>
            )}
          </dd>
        </div>
      </dl>
      <div className="renewal-auto">
        <span>自动续保</span>
        <Switch
          checked={item.autoRenew}
          loading={switching}
          disabled={switching || (!renewable && !item.autoRenew)}
          onChange={(on) => void toggle(on)}
          aria-label={`${item.productName}自动续保`}
        />
      </div>
      {item.autoRenew && renewable && (
        <p className="renewal-charge" role="note" data-testid="renewal-charge">
          到期后将自动续保，预计 {item.newStartDate} 扣费 <PriceText fen={item.renewalPremiumFen ?? 0} />
          （演示环境不会真实扣费）
        </p>
      )}
      {item.renewalOrder ? (
        <Button
          block
          color="primary"
          fill="outline"
          onClick={() =>
            navigate(
              item.renewalOrder?.status === 'PENDING_PAYMENT'
                ? payHref(item.renewalOrder.orderId)
                : orderDetailHref(item.renewalOrder?.orderId ?? ''),
            )
          }
        >
          {item.renewalOrder.status === 'PENDING_PAYMENT' ? '续保订单待支付，去支付' : '已续保，查看订单'}
        </Button>
      ) : (
        <Button
          block
          color="primary"
          disabled={!renewable}
          onClick={() =>
            navigate(
              specialNotifyHref({
                productId: item.productId,
                plan: item.planCode,
                coveragePeriod: item.coveragePeriod,
                paymentPeriod: item.paymentPeriod,
                birthDate: item.insuredBirthDate,
                gender: item.insuredGender,
                socialInsurance: item.socialInsurance,
                renew: item.policyId,
              }),
            )
          }
        >
          一键续保
        </Button>
      )}
    </li>
  )
}
