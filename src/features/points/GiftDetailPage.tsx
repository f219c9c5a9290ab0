import { useState } from 'react'
import { Button } from 'antd-mobile'
import { useLocation, useParams } from 'react-router-dom'
import { useSWRConfig } from 'swr'
import { LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { loginPathFor } from '../../components/navigation/appPath'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { toast } from '../../components/notice'
import { Dialog } from '../../components/dialog'
import { describeError } from '../../lib/request'
import { useMe } from '../member/api'
import {
  exchangeGift,
  exchangesKey,
  giftKey,
  giftsKey,
  pointsKey,
  signInKey,
  usePointsSummary,
  useGift,
} from './api'
import { backToPoints, exchangeHref } from './paths'
import type { ScreenLoader } from '../../types/route'
import { CURRENCY } from './currency'
import './points.css'

export const loader: ScreenLoader = ({ params, loggedIn }, load) =>
  Promise.all([params.goodsName && load(giftKey(params.goodsName)), loggedIn && load(pointsKey)])

/** /signIn/giftDetail/{goodsName}: a gift, its price and stock, and 立即兑换 (after a confirm). */
export default function GiftDetailPage() {
  const { goodsName } = useParams()
  const gift = useGift(goodsName)
  const me = useMe()
  const loggedIn = Boolean(me.data)
  const summary = usePointsSummary(loggedIn)
  const navigate = useAppNavigate()
  const { mutate } = useSWRConfig()
  const [exchanging, setExchanging] = useState(false)
  const { pathname } = useLocation()

  if (gift.error)
    return <LoginAwareError back={backToPoints} error={gift.error} onRetry={() => void gift.mutate()} />
  if (!gift.data || me.isLoading) return <LoadingView lines={6} />
  const g = gift.data
  const usable = summary.data ? summary.data[g.currency].usable : null
  const soldOut = g.stock <= 0
  const short = usable !== null && usable < g.price

  async function exchange() {
    if (!me.data) return navigate(loginPathFor(pathname))
    const confirmed = await Dialog.confirm({
      title: '确认兑换',
      content: `将使用 ${g.price} ${CURRENCY[g.currency]}兑换「${g.name}」${g.kind === 'physical' ? '，兑换后请填写收货地址' : ''}。`,
      confirmText: '确认兑换',
    })
    if (!confirmed) return
    setExchanging(true)
    try {
      const done = await exchangeGift(g.id)
      toast('success', g.kind === 'virtual' ? '兑换成功' : '兑换成功，请填写收货地址')
      await Promise.all([
        mutate(pointsKey),
        mutate(signInKey(undefined)),
        mutate(giftsKey),
        mutate(giftKey(g.name)),
        mutate(exchangesKey),
      ])
      navigate(exchangeHref(done.id))
    } catch (error) {
      toast('error', describeError(error))
      await mutate(giftKey(g.name))
    } finally {
      setExchanging(false)
    }
  }

  return (
    <div className="gift-page" data-testid="gift-detail">
      <img className="gift-image" src={g.image} alt={g.name} />
      <section className="points-card">
        <h1 className="gift-name">{g.name}</h1>
        <div className="gift-price">
          <strong>{g.price}</strong> {CURRENCY[g.currency]}
        </div>
        <dl className="gift-facts">
          <div>
            <dt>类型</dt>
            <dd>
              {g.kind === 'virtual' ? '虚拟礼品（兑换后发放兑换码）' : '实物礼品（兑换后填写地址寄送）'}
            </dd>
          </div>
          <div>
            <dt>库存</dt>
            <dd>{soldOut ? '已兑完' : `剩余 ${g.stock} 份`}</dd>
          </div>
          <div>
            <dt>限兑</dt>
            <dd>每人限兑 {g.perUserLimit} 份</dd>
          </div>
        </dl>
        <p className="points-card-note">{g.description}</p>
      </section>
      <div className="gift-action-bar">
        <span className="points-card-note">
          {loggedIn ? (usable === null ? '' : `可用${CURRENCY[g.currency]} ${usable}`) : '登录后兑换'}
        </span>
        <Button
          color="primary"
          shape="rounded"
          loading={exchanging}
          disabled={exchanging || soldOut || short}
          onClick={() => void exchange()}
        >
          {soldOut ? '已兑完' : short ? `${CURRENCY[g.currency]}不足` : '立即兑换'}
        </Button>
      </div>
    </div>
  )
}
