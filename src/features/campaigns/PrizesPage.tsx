import { Suspense } from 'react'
import { ChunkRetryNotice } from '../../components/ChunkRetryNotice'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { maskPhone } from '../../domain/phone'
import { formatShanghaiDateTime } from '../../domain/dates'
import { lazyWithRetry } from '../../lib/lazyWithRetry'
import { backToUser } from '../member/paths'
import type { ScreenLoader } from '../../types/route'
import { prizesKey, usePrizes, type Prize } from './api'
import './coupons.css'

export const loader: ScreenLoader = (_, load) => load(prizesKey)

// antd-mobile's Form (its field store and validators, about 35 KiB gzip) loads only where a prize still waits for
// its address: most visits find none, or addresses already given.
const AddressForm = lazyWithRetry(() => import('./PrizeAddressForm'), ChunkRetryNotice)

const SHIPPING_TEXT = { pending: '待发货', shipped: '已发货', delivered: '已签收' } as const

/** 待填写地址 until the address is given, then the shipping step (待发货 → 已发货 → 已签收). */
const prizeStatus = (prize: Prize) =>
  prize.address ? SHIPPING_TEXT[prize.shipping?.status ?? 'pending'] : '待填写地址'

/**
 * /prizes (我的奖品): physical prizes won in campaigns; each waits for its delivery address, given once, then shows
 * its shipping (carrier, tracking number, when shipped and signed for).
 */
export default function PrizesPage() {
  const prizes = usePrizes()
  if (prizes.error)
    return <LoginAwareError back={backToUser} error={prizes.error} onRetry={() => void prizes.mutate()} />
  if (!prizes.data) return <LoadingView lines={6} />
  const items = prizes.data.items
  if (items.length === 0)
    return <EmptyView title="还没有实物奖品" description="参加活动抽中的实物礼品会在这里填写收货地址" />
  return (
    <div className="coupons-page" data-testid="prizes-page">
      <ul className="coupon-list">
        {items.map((prize) => (
          <li key={prize.id} className="prize-card" data-testid="prize-card">
            <div className="coupon-card-head">
              <strong>{prize.name}</strong>
              <span className="coupon-card-status" data-testid="prize-status">
                {prizeStatus(prize)}
              </span>
            </div>
            <p className="coupon-card-benefit">{prize.description}</p>
            <p className="coupon-card-muted">
              来自“{prize.campaignTitle}”，{formatShanghaiDateTime(prize.createdAt)} 获得
            </p>
            {prize.shipping && prize.shipping.status !== 'pending' && (
              <p className="coupon-card-muted" data-testid="prize-shipping">
                {prize.shipping.carrier} 运单号 {prize.shipping.trackingNo}
                {prize.shipping.shippedAt && `，${formatShanghaiDateTime(prize.shipping.shippedAt)} 发货`}
                {prize.shipping.deliveredAt && `，${formatShanghaiDateTime(prize.shipping.deliveredAt)} 签收`}
              </p>
            )}
            {prize.address ? (
              <p className="prize-address" data-testid="prize-address">
                {prize.address.name} {maskPhone(prize.address.phone)}
                <br />
                {prize.address.region}
                {prize.address.detail}
              </p>
            ) : (
              <Suspense fallback={<LoadingView lines={4} />}>
                <AddressForm prize={prize} onSaved={() => prizes.mutate()} />
              </Suspense>
            )}
          </li>
        ))}
      </ul>
      <p className="coupon-note">收货地址提交后不能修改，请仔细核对；礼品将在7个工作日内寄出。</p>
    </div>
  )
}
