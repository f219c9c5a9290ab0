import { useState } from 'react'
import { Button } from 'antd-mobile'
import { Tabs } from '../../components/tabs/Tabs'
import { useSearchParams } from 'react-router-dom'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { toast } from '../../components/notice'
import { Dialog } from '../../components/dialog'
import { COUPON_STATUS_TEXT, type CouponStatus } from '../../domain/coupons'
import { formatShanghaiDateTime } from '../../domain/dates'
import { describeError } from '../../lib/request'
import { backToUser } from '../member/paths'
import { exchangesKey, useExchanges, type Exchange } from '../points/api'
import type { ScreenLoader } from '../../types/route'
import { couponsKey, redeemCoupon, useCoupons, type Coupon } from './api'
import './coupons.css'

// The exchanged codes are asked once the coupons came, as the screen asks for them.
export const loader: ScreenLoader = (_, load) => load(couponsKey).then(() => load(exchangesKey))

const TABS: CouponStatus[] = ['usable', 'used', 'expired']
const isTab = (value: string | null): value is CouponStatus => TABS.includes(value as CouponStatus)

/** Copies a code to paste at a partner's app or counter; says so, or how to copy it by hand. */
async function copyCode(code: string, name: string) {
  try {
    await navigator.clipboard.writeText(code)
    toast('success', `${name}已复制`)
  } catch {
    toast('error', `复制失败，请长按${name}复制`)
  }
}

/** 券码 (or 兑换码) with its 复制 button. */
function CodeLine({ code, name, testId }: { code: string; name: string; testId: string }) {
  return (
    <p className="coupon-card-code">
      {name} <span data-testid={testId}>{code}</span>
      <button
        type="button"
        className="coupon-card-copy"
        aria-label={`复制${name} ${code}`}
        onClick={() => void copyCode(code, name)}
      >
        复制
      </button>
    </p>
  )
}

type ExchangedCode = Exchange & { code: string; codeStatus: 'usable' | 'expired' }
const hasCode = (e: Exchange): e is ExchangedCode => e.code !== null && e.codeStatus !== null

/** A code exchanged for points (积分商城), beside the coupons: its expiry and 复制. */
function ExchangedCodeCard({ exchange }: { exchange: ExchangedCode }) {
  return (
    <li className={`coupon-card is-${exchange.codeStatus}`} data-testid="exchange-code-card">
      <div className="coupon-card-main">
        <div className="coupon-card-head">
          <strong>{exchange.giftName}</strong>
          <span className="coupon-card-status">{COUPON_STATUS_TEXT[exchange.codeStatus]}</span>
        </div>
        <CodeLine code={exchange.code} name="兑换码" testId="exchange-code" />
        <p className="coupon-card-muted">
          {exchange.codeValidTo ? `有效期至 ${formatShanghaiDateTime(exchange.codeValidTo)}` : '长期有效'}
        </p>
        <p className="coupon-card-muted">来自积分兑换</p>
      </div>
    </li>
  )
}

function CouponCard({ coupon, onUse, busy }: { coupon: Coupon; onUse: () => void; busy: boolean }) {
  return (
    <li className={`coupon-card is-${coupon.status}`} data-testid="coupon-card">
      <div className="coupon-card-main">
        <div className="coupon-card-head">
          <strong>{coupon.name}</strong>
          <span className="coupon-card-status">{COUPON_STATUS_TEXT[coupon.status]}</span>
        </div>
        <p className="coupon-card-benefit">{coupon.benefit}</p>
        <CodeLine code={coupon.code} name="券码" testId="coupon-code" />
        <p className="coupon-card-muted">
          {coupon.status === 'used' && coupon.usedAt
            ? `使用时间 ${formatShanghaiDateTime(coupon.usedAt)}`
            : `有效期 ${formatShanghaiDateTime(coupon.validFrom)} 至 ${formatShanghaiDateTime(coupon.validTo)}`}
        </p>
        {coupon.status === 'used' && coupon.usedPlace && (
          <p className="coupon-card-muted" data-testid="coupon-used-place">
            使用地点 {coupon.usedPlace}
          </p>
        )}
        <p className="coupon-card-muted">来自“{coupon.campaignTitle}”</p>
      </div>
      {coupon.status === 'usable' && (
        <Button size="small" color="primary" fill="outline" loading={busy} disabled={busy} onClick={onUse}>
          使用
        </Button>
      )}
    </li>
  )
}

/**
 * /coupons (我的券): coupons won in draws or claimed in coupon campaigns, by their status at server time; a usable
 * one is shown at the partner's counter with its code and marked used there, once. Coupons are for parking,
 * gifts and services only, never a premium. Codes exchanged for points are listed with them, by their expiry.
 */
export default function CouponsPage() {
  const [params, setParams] = useSearchParams()
  const tab: CouponStatus = isTab(params.get('status')) ? (params.get('status') as CouponStatus) : 'usable'
  const coupons = useCoupons()
  // Exchanged codes are shown once the coupons are (same login); without them the coupons still are.
  const exchanges = useExchanges(Boolean(coupons.data))
  const [using, setUsing] = useState<string | null>(null)

  if (coupons.error)
    return <LoginAwareError back={backToUser} error={coupons.error} onRetry={() => void coupons.mutate()} />
  if (!coupons.data) return <LoadingView lines={6} />
  const { items, counts } = coupons.data
  const shown = items.filter((c) => c.status === tab)
  const codes = (exchanges.data?.items ?? []).filter(hasCode)
  const shownCodes = codes.filter((e) => e.codeStatus === tab)
  const countOf = (status: CouponStatus) =>
    counts[status] + codes.filter((e) => e.codeStatus === status).length

  async function use(coupon: Coupon) {
    const ok = await Dialog.confirm({
      title: '确认使用',
      content: `请在合作方工作人员面前确认使用“${coupon.name}”，使用后不可撤销。`,
      confirmText: '确认使用',
      cancelText: '再想想',
    })
    if (!ok) return
    setUsing(coupon.id)
    try {
      await redeemCoupon(coupon.id)
      toast('success', '已使用')
      await coupons.mutate()
    } catch (error) {
      toast('error', describeError(error))
      await coupons.mutate()
    } finally {
      setUsing(null)
    }
  }

  return (
    <div className="coupons-page" data-testid="coupons-page">
      <Tabs
        className="coupons-tabs"
        activeKey={tab}
        onChange={(key) => setParams(key === 'usable' ? {} : { status: key }, { replace: true })}
      >
        {TABS.map((status) => (
          <Tabs.Tab key={status} title={`${COUPON_STATUS_TEXT[status]}（${countOf(status)}）`} />
        ))}
      </Tabs>
      {shown.length === 0 && shownCodes.length === 0 ? (
        <EmptyView
          title={`没有${COUPON_STATUS_TEXT[tab]}的券`}
          description={tab === 'usable' ? '参加停车券、试算有礼等活动领取' : undefined}
        />
      ) : (
        <ul className="coupon-list">
          {shown.map((c) => (
            <CouponCard key={c.id} coupon={c} busy={using === c.id} onUse={() => void use(c)} />
          ))}
          {shownCodes.map((e) => (
            <ExchangedCodeCard key={e.id} exchange={e} />
          ))}
        </ul>
      )}
      <p className="coupon-note">券仅用于停车、礼品、服务等权益，不能抵扣保费，不可兑换现金。</p>
    </div>
  )
}
