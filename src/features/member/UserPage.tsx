import { useEffect, useState, type ReactNode } from 'react'
import { Badge, Button } from 'antd-mobile'
import { CheckShieldFill, RightOutline } from 'antd-mobile-icons'
import { useLocation } from 'react-router-dom'
import { useSnapshot } from 'valtio'
import { logout, meOverviewKey, useMe, useMeOverview, type Me, type MeOverview } from './api'
import { ErrorView, LoadingView } from '../../components/StatusViews'
import { loginPathFor } from '../../components/navigation/appPath'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { toast } from '../../components/notice'
import { Dialog } from '../../components/dialog'
import { describeError } from '../../lib/request'
import { userStore } from '../../state/user'
import { Avatar } from './Avatar'
import { applyLoggedIn, applyLoggedOut, sessionExpired, withExpiredReason } from './session'
import { useHasRoute } from './useHasRoute'
import { ORDER_SHORTCUTS, SERVICE_ENTRIES } from './userEntries'
import './user.css'
import { shoppingHref } from '../catalog/paths'
import { orderPaths, ordersHref } from '../orders/paths'
import { policiesHref, policyPaths } from '../policies/paths'
import { authenticationHref, memberPaths, personalInfoHref, userCenterHref } from './paths'
import { unreadKey, useUnreadMessages } from '../messages/api'
import type { ScreenLoader } from '../../types/route'

type Navigate = ReturnType<typeof useAppNavigate>

// The counts and the unread badge show where the route table has their screens: the app's has them all.
export const loader: ScreenLoader = async ({ loggedIn }, load) => {
  if (loggedIn) await Promise.all([load(meOverviewKey), load(unreadKey)])
}

/** 我的 tab: the logged-in user's header, policy and order counts and entries, or the 登录/注册 entry. */
export default function UserPage() {
  const { data: me, error, isLoading, mutate } = useMe()
  const navigate = useAppNavigate()
  const hasRoute = useHasRoute()

  // Keep the persisted user state in step with the server session.
  useEffect(() => {
    if (me) applyLoggedIn(me)
    else if (me === null) applyLoggedOut(false)
  }, [me])

  if (isLoading) return <LoadingView lines={4} />
  if (error) return <ErrorView error={error} onRetry={() => void mutate()} />
  if (!me) return <LoggedOut />

  const entries = SERVICE_ENTRIES.filter((entry) => hasRoute(entry.path))
  return (
    <div className="user-page" data-testid="user-page">
      <UserHeader me={me} navigate={navigate} canVerify={hasRoute(memberPaths.authentication)} />
      <Counts navigate={navigate} hasRoute={hasRoute} />
      {entries.length > 0 && (
        <section className="user-card" aria-labelledby="user-services-title">
          <h2 className="user-card-title" id="user-services-title">
            我的服务
          </h2>
          <div className="user-grid">
            {entries.map((entry) => (
              <button
                key={entry.key}
                type="button"
                className="user-grid-item"
                data-testid={`user-entry-${entry.key}`}
                onClick={() => navigate(entry.path)}
              >
                <span className="user-grid-icon" aria-hidden>
                  {entry.key === 'messages' ? <UnreadBadge>{entry.icon}</UnreadBadge> : entry.icon}
                </span>
                {entry.title}
              </button>
            ))}
          </div>
        </section>
      )}
      <LogoutButton />
    </div>
  )
}

/** The message center's unread count on its entry. */
function UnreadBadge({ children }: { children: ReactNode }) {
  const { data } = useUnreadMessages()
  return (
    <Badge content={data && data.total > 0 ? (data.total > 99 ? '99+' : data.total) : null}>{children}</Badge>
  )
}

function LoggedOut() {
  const navigate = useAppNavigate()
  const { pathname } = useLocation()
  const expired = sessionExpired(useSnapshot(userStore.state))
  const loginPath = loginPathFor(pathname)
  return (
    <div className="user-page" data-testid="user-page">
      <div className="user-header user-header-guest">
        <Avatar />
        <div className="user-identity">
          <div className="user-name">欢迎来到国恒保险商城</div>
          <div className="user-phone" role={expired ? 'status' : undefined}>
            {expired ? '登录已过期，请重新登录' : '登录后查看订单、保单与专属权益'}
          </div>
        </div>
      </div>
      <div className="user-logout">
        <Button
          block
          color="primary"
          size="large"
          onClick={() => navigate(expired ? withExpiredReason(loginPath) : loginPath)}
        >
          登录/注册
        </Button>
      </div>
    </div>
  )
}

function UserHeader({ me, navigate, canVerify }: { me: Me; navigate: Navigate; canVerify: boolean }) {
  const verified = me.realName !== null
  return (
    <div className="user-header">
      <button
        type="button"
        className="user-avatar-button"
        aria-label="个人资料"
        data-testid="user-personal-info"
        onClick={() => navigate(personalInfoHref())}
      >
        <Avatar src={me.avatar} />
      </button>
      <div className="user-identity">
        <div className="user-name">{me.nickname}</div>
        <div className="user-meta">
          <span className="user-phone" data-testid="user-phone">
            {me.phoneMasked}
          </span>
          {verified ? (
            <button
              type="button"
              className="user-realname verified"
              data-testid="user-realname"
              disabled={!canVerify}
              onClick={() => navigate(authenticationHref())}
            >
              <CheckShieldFill aria-hidden />
              已实名
            </button>
          ) : (
            canVerify && (
              <button
                type="button"
                className="user-realname"
                data-testid="user-realname"
                onClick={() => navigate(authenticationHref())}
              >
                去实名
                <RightOutline aria-hidden />
              </button>
            )
          )}
        </div>
      </div>
      <button
        type="button"
        className="user-center-link"
        data-testid="user-center-link"
        onClick={() => navigate(userCenterHref())}
      >
        个人中心
        <RightOutline aria-hidden />
      </button>
    </div>
  )
}

/** Policy counts and order shortcuts, both counted by the server (GET /api/me/overview). */
function Counts({ navigate, hasRoute }: { navigate: Navigate; hasRoute: (path: string) => boolean }) {
  const hasPolicies = hasRoute(policyPaths.list)
  const hasOrders = hasRoute(orderPaths.list)
  const { data, error, isLoading, mutate } = useMeOverview(hasPolicies || hasOrders)

  let note = null
  if (isLoading)
    note = (
      <p className="user-card-note" role="status">
        正在加载保单与订单数…
      </p>
    )
  else if (error)
    note = (
      <p className="user-card-note user-card-error" role="alert">
        保单与订单数加载失败：{describeError(error)}
        <Button size="mini" color="primary" fill="outline" onClick={() => void mutate()}>
          重试
        </Button>
      </p>
    )

  return (
    <>
      {hasPolicies && (
        <PolicyStats overview={data} navigate={navigate} canShop={hasRoute(shoppingHref())}>
          {note}
        </PolicyStats>
      )}
      {hasOrders && (
        <section className="user-card" aria-labelledby="user-orders-title">
          <div className="user-card-head">
            <h2 className="user-card-title" id="user-orders-title">
              我的订单
            </h2>
            <button type="button" className="user-card-more" onClick={() => navigate(ordersHref())}>
              全部订单
              <RightOutline aria-hidden />
            </button>
          </div>
          <div className="user-grid">
            {ORDER_SHORTCUTS.map((shortcut) => {
              const count = shortcut.count(data)
              return (
                <button
                  key={shortcut.key}
                  type="button"
                  className="user-grid-item"
                  data-testid={`order-shortcut-${shortcut.key}`}
                  onClick={() => navigate(shortcut.path)}
                >
                  {/* The badge's count is read after the title (待支付，2个订单), as the name says it. */}
                  <span aria-hidden>
                    <Badge
                      content={count ? count : null}
                      color={
                        shortcut.key === 'unpaid' ? 'var(--adm-color-danger)' : 'var(--adm-color-primary)'
                      }
                    >
                      <span className="user-grid-icon">{shortcut.icon}</span>
                    </Badge>
                  </span>
                  {shortcut.title}
                  {count ? <span className="sr-only">，{count}个订单</span> : null}
                </button>
              )
            })}
          </div>
          {!hasPolicies && note}
        </section>
      )}
    </>
  )
}

function PolicyStats({
  overview,
  navigate,
  canShop,
  children,
}: {
  overview: MeOverview | undefined
  navigate: Navigate
  canShop: boolean
  children: ReactNode
}) {
  const policies = overview?.policies
  const total = policies && Object.values(policies).reduce((sum, n) => sum + n, 0)
  const stats = [
    { key: 'in-force', label: '保障中', value: policies?.IN_FORCE, to: policiesHref('IN_FORCE') },
    {
      key: 'pending',
      label: '待生效',
      value: policies?.PENDING_EFFECTIVE,
      to: policiesHref('PENDING_EFFECTIVE'),
    },
    { key: 'all', label: '全部保单', value: total, to: policiesHref() },
  ]
  return (
    <section className="user-card user-stats-card" aria-label="我的保障">
      <div className="user-stats">
        {stats.map((stat) => (
          <button
            key={stat.key}
            type="button"
            className="user-stat"
            data-testid={`policy-stat-${stat.key}`}
            onClick={() => navigate(stat.to)}
          >
            <span className="user-stat-value">{stat.value ?? '-'}</span>
            <span className="user-stat-label">{stat.label}</span>
          </button>
        ))}
      </div>
      {total === 0 && (
        <p className="user-card-note">
          暂无保单，为自己和家人添一份保障吧
          {canShop && (
            <Button size="mini" color="primary" fill="outline" onClick={() => navigate(shoppingHref())}>
              去逛逛
            </Button>
          )}
        </p>
      )}
      {children}
    </section>
  )
}

function LogoutButton() {
  const [leaving, setLeaving] = useState(false)
  const confirmLogout = async () => {
    const ok = await Dialog.confirm({
      content: '确定要退出登录吗？',
      confirmText: '退出登录',
      cancelText: '取消',
    })
    if (!ok) return
    setLeaving(true)
    try {
      await logout()
      applyLoggedOut(true)
      toast('success', '已退出登录')
    } catch (e) {
      toast('error', describeError(e))
    } finally {
      setLeaving(false)
    }
  }
  return (
    <div className="user-logout">
      <Button
        block
        color="danger"
        fill="outline"
        loading={leaving}
        disabled={leaving}
        onClick={() => void confirmLogout()}
      >
        退出登录
      </Button>
    </div>
  )
}
