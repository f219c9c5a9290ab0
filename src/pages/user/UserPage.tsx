import { useEffect, useState } from 'react'
import { Button, List } from 'antd-mobile'
import { Dialog } from '../../components/overlays'
import { useLocation } from 'react-router-dom'
import { logout, useMe } from '../../api/auth'
import { ErrorView, LoadingView } from '../../components/StatusViews'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { toast } from '../../components/notice'
import { describeError } from '../../lib/request'
import { applyLoggedIn, applyLoggedOut } from './session'
import './user.css'
import { loginPathFor } from '../../components/navigation/appPath'

/** 我的 tab: the logged-in user's header and entries, or the 登录/注册 entry when logged out. */
export default function UserPage() {
  const { data: me, error, isLoading, mutate } = useMe()
  const navigate = useAppNavigate()
  const { pathname } = useLocation()
  const [leaving, setLeaving] = useState(false)

  // Keep the persisted user state in step with the server session.
  useEffect(() => {
    if (me) applyLoggedIn(me)
    else if (me === null) applyLoggedOut(false)
  }, [me])

  if (isLoading) return <LoadingView lines={4} />
  if (error) return <ErrorView error={error} onRetry={() => void mutate()} />

  if (!me) {
    return (
      <div data-testid="user-page">
        <div className="user-header">
          <div className="user-avatar" aria-hidden>
            👤
          </div>
          <div>
            <div className="user-name">欢迎来到国恒保险商城</div>
            <div className="user-phone">登录后查看订单、保单与专属权益</div>
          </div>
        </div>
        <div className="user-logout">
          <Button block color="primary" size="large" onClick={() => navigate(loginPathFor(pathname))}>
            登录/注册
          </Button>
        </div>
      </div>
    )
  }

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
    <div data-testid="user-page">
      <div className="user-header">
        <div className="user-avatar" aria-hidden>
          {me.avatar ? <img src={me.avatar} alt="" /> : '👤'}
        </div>
        <div>
          <div className="user-name">{me.nickname}</div>
          <div className="user-phone" data-testid="user-phone">
            {me.phoneMasked}
          </div>
        </div>
      </div>
      <List>
        <List.Item clickable onClick={() => navigate('/orders')}>
          我的订单
        </List.Item>
        <List.Item clickable onClick={() => navigate('/policy')}>
          我的保单
        </List.Item>
        <List.Item clickable onClick={() => navigate('/familyManage/list')}>
          家庭成员
        </List.Item>
        <List.Item
          clickable
          extra={me.realName ? '已认证' : '未认证'}
          onClick={() => navigate('/authentication')}
        >
          实名认证
        </List.Item>
      </List>
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
    </div>
  )
}
