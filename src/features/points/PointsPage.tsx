import { Button } from 'antd-mobile'
import { RightOutline } from 'antd-mobile-icons'
import { useLocation } from 'react-router-dom'
import { ErrorView, LoadingView } from '../../components/StatusViews'
import { loginPathFor } from '../../components/navigation/appPath'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { useMe } from '../member/api'
import type { ScreenLoader } from '../../types/route'
import {
  exchangesKey,
  giftsKey,
  pointsKey,
  signInKey,
  useExchanges,
  useGifts,
  usePointsSummary,
  useSignInStatus,
} from './api'
import { exchangeHref, giftHref, pointsLedgerHref, signInHref } from './paths'
import { CURRENCY } from './currency'
import './points.css'

// The exchanges and the gift mall show only once the balance and today's sign-in came.
export const loader: ScreenLoader = async ({ loggedIn }, load) => {
  if (!loggedIn) return
  await Promise.all([load(pointsKey), load(signInKey())])
  await Promise.all([load(exchangesKey), load(giftsKey)])
}

/** 积分 tab: the balances, this month's gain and spend, today's sign-in and the way to the ledger. */
export default function PointsPage() {
  const me = useMe()
  const loggedIn = Boolean(me.data)
  const summary = usePointsSummary(loggedIn)
  const signIn = useSignInStatus(undefined, loggedIn)
  const navigate = useAppNavigate()

  if (me.isLoading) return <LoadingView lines={4} />
  if (me.error) return <ErrorView error={me.error} onRetry={() => void me.mutate()} />
  if (!me.data) return <LoggedOut />
  const error = summary.error ?? signIn.error
  if (error)
    return <ErrorView error={error} onRetry={() => void Promise.all([summary.mutate(), signIn.mutate()])} />
  if (!summary.data || !signIn.data) return <LoadingView lines={4} />
  const { point, bean, monthGain, monthSpend, expiring } = summary.data
  const today = signIn.data

  return (
    <div className="points-page" data-testid="points-page">
      <section className="points-balance" aria-label="我的积分">
        <div className="points-balance-label">可用积分</div>
        <div className="points-balance-value" data-testid="points-usable">
          {point.usable.toLocaleString('zh-CN')}
        </div>
        <dl className="points-balance-facts">
          <div>
            <dt>冻结中</dt>
            <dd>{point.frozen.toLocaleString('zh-CN')}</dd>
          </div>
          <div>
            <dt>本月获得</dt>
            <dd>{monthGain.toLocaleString('zh-CN')}</dd>
          </div>
          <div>
            <dt>本月支出</dt>
            <dd>{monthSpend.toLocaleString('zh-CN')}</dd>
          </div>
          <div>
            <dt>金豆</dt>
            <dd>{bean.usable.toLocaleString('zh-CN')}</dd>
          </div>
        </dl>
        {expiring && (
          <div className="points-expiring" role="note">
            {expiring.amount.toLocaleString('zh-CN')} 积分将于 {expiring.lastDay} 过期
          </div>
        )}
      </section>

      <section className="points-card points-sign-in" aria-label="每日签到">
        <div>
          <div className="points-card-title">每日签到</div>
          <div className="points-card-note">
            {today.signedToday
              ? `已连续签到 ${today.streak} 天，明天签到可得 ${today.tomorrowReward} 积分`
              : today.streak > 0
                ? `已连续签到 ${today.streak} 天，今天签到可得 ${today.todayReward} 积分`
                : `今天签到可得 ${today.todayReward} 积分`}
          </div>
        </div>
        <Button
          color="primary"
          fill={today.signedToday ? 'outline' : 'solid'}
          shape="rounded"
          onClick={() => navigate(signInHref())}
        >
          {today.signedToday ? '已签到' : '去签到'}
        </Button>
      </section>

      <button type="button" className="points-card points-link" onClick={() => navigate(pointsLedgerHref())}>
        <span>积分明细</span>
        <RightOutline aria-hidden />
      </button>
      <MyExchanges />
      <GiftMall />
    </div>
  )
}

/** 积分商城: the gifts, two a row. */
function GiftMall() {
  const gifts = useGifts()
  const navigate = useAppNavigate()
  return (
    <section className="points-card" aria-labelledby="gift-mall-title">
      <div className="points-card-title" id="gift-mall-title">
        积分商城
      </div>
      {gifts.error ? (
        <ErrorView error={gifts.error} onRetry={() => void gifts.mutate()} />
      ) : !gifts.data ? (
        <LoadingView lines={2} />
      ) : (
        <div className="gift-grid">
          {gifts.data.items.map((gift) => (
            <button
              key={gift.id}
              type="button"
              className="gift-tile"
              data-testid="gift-tile"
              onClick={() => navigate(giftHref(gift.name))}
            >
              <img src={gift.image} alt="" />
              <span className="gift-tile-name">{gift.name}</span>
              <span className="gift-tile-price">
                {gift.price} {CURRENCY[gift.currency]}
              </span>
              {gift.stock <= 0 && <span className="gift-tile-out">已兑完</span>}
            </button>
          ))}
        </div>
      )}
    </section>
  )
}

const EXCHANGE_STATUS = { AWAITING_ADDRESS: '待填地址', FULFILLED: '已完成', CANCELLED: '已取消' } as const

/** 我的兑换: the latest few exchanges; one waiting for its address says so. */
function MyExchanges() {
  const exchanges = useExchanges()
  const navigate = useAppNavigate()
  const items = exchanges.data?.items.slice(0, 3) ?? []
  if (items.length === 0) return null
  return (
    <section className="points-card" aria-labelledby="my-exchanges-title">
      <div className="points-card-title" id="my-exchanges-title">
        我的兑换
      </div>
      <ul className="exchange-list">
        {items.map((e) => (
          <li key={e.id}>
            <button type="button" className="exchange-row" onClick={() => navigate(exchangeHref(e.id))}>
              <span>{e.giftName}</span>
              <span className={e.status === 'AWAITING_ADDRESS' ? 'exchange-todo' : 'points-card-note'}>
                {EXCHANGE_STATUS[e.status]}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}

function LoggedOut() {
  const navigate = useAppNavigate()
  const { pathname, search } = useLocation()
  return (
    <div className="points-page" data-testid="points-page">
      <section className="points-balance points-guest">
        <div className="points-balance-label">登录后查看积分</div>
        <p className="points-card-note">每日签到领积分，积分可兑换好礼</p>
        <Button
          color="primary"
          shape="rounded"
          onClick={() => navigate(loginPathFor(`${pathname}${search}`))}
        >
          登录/注册
        </Button>
      </section>
    </div>
  )
}
