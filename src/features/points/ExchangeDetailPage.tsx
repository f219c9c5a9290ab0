import { Suspense } from 'react'
import { useParams } from 'react-router-dom'
import { ChunkRetryNotice } from '../../components/ChunkRetryNotice'
import { LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { formatShanghaiDateTime } from '../../domain/dates'
import { lazyWithRetry } from '../../lib/lazyWithRetry'
import type { ScreenLoader } from '../../types/route'
import { exchangeKey, useExchange } from './api'
import { backToPoints } from './paths'
import { CURRENCY } from './currency'
import './points.css'

const AddressForm = lazyWithRetry(() => import('./ExchangeAddressForm'), ChunkRetryNotice)

const STATUS = { AWAITING_ADDRESS: '待填写地址', FULFILLED: '已完成', CANCELLED: '已取消' } as const

export const loader: ScreenLoader = ({ params }, load) => params.id && load(exchangeKey(params.id))

/** /signIn/exchangeDetail/{id}: an exchange, its status and code; a physical gift's address form or cancel. */
export default function ExchangeDetailPage() {
  const { id } = useParams()
  const exchange = useExchange(id)
  if (exchange.error)
    return (
      <LoginAwareError back={backToPoints} error={exchange.error} onRetry={() => void exchange.mutate()} />
    )
  if (!exchange.data) return <LoadingView lines={5} />
  const e = exchange.data
  return (
    <div className="gift-page" data-testid="exchange-detail">
      <section className="points-card">
        <div className="exchange-status" data-testid="exchange-status">
          {STATUS[e.status]}
        </div>
        <h1 className="gift-name">{e.giftName}</h1>
        <dl className="gift-facts">
          <div>
            <dt>消耗</dt>
            <dd>
              {e.price} {CURRENCY[e.currency]}
            </dd>
          </div>
          <div>
            <dt>兑换时间</dt>
            <dd>{formatShanghaiDateTime(e.createdAt)}</dd>
          </div>
          {e.address && (
            <div>
              <dt>收货信息</dt>
              <dd>
                {e.address.name} {e.address.phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2')}
                <br />
                {e.address.address}
              </dd>
            </div>
          )}
        </dl>
        {e.code && (
          <div className="exchange-code">
            <div className="points-card-note">兑换码</div>
            <strong data-testid="exchange-code">{e.code}</strong>
            <div className="points-card-note">
              {e.codeStatus === 'expired'
                ? '已过期'
                : e.codeValidTo
                  ? `有效期至 ${formatShanghaiDateTime(e.codeValidTo)}`
                  : '长期有效'}
              ，可在“我的券”中复制
            </div>
          </div>
        )}
        {e.status === 'FULFILLED' && e.kind === 'physical' && (
          <p className="points-card-note">礼品将在7个工作日内寄出。</p>
        )}
        {e.status === 'CANCELLED' && (
          <p className="points-card-note">已取消，{CURRENCY[e.currency]}已退回。</p>
        )}
      </section>
      {e.status === 'AWAITING_ADDRESS' && (
        <Suspense fallback={<LoadingView lines={4} />}>
          <AddressForm exchange={e} />
        </Suspense>
      )}
    </div>
  )
}
