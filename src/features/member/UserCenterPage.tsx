import { List } from 'antd-mobile'
import { CheckShieldFill } from 'antd-mobile-icons'
import { LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { memberKey, useMe, useMemberStatus } from './api'
import { Avatar } from './Avatar'
import { LevelCard } from './LevelCard'
import {
  authenticationHref,
  backToUser,
  memberRulesHref,
  personalInfoHref,
  userInfoHref,
  welfareHref,
} from './paths'
import { useHasRoute } from './useHasRoute'
import { SERVICE_ENTRIES } from './userEntries'
import './userCenter.css'
import type { ScreenLoader } from '../../types/route'

export const loader: ScreenLoader = async (_, load) => load(memberKey)

/** /userCenter: who I am (avatar, nickname, phone, real name), my level, and every account and service entry. */
export default function UserCenterPage() {
  const status = useMemberStatus()
  const me = useMe()
  const navigate = useAppNavigate()
  const hasRoute = useHasRoute()

  const error = status.error ?? me.error
  if (error)
    return (
      <LoginAwareError
        back={backToUser}
        error={error}
        onRetry={() => void Promise.all([status.mutate(), me.mutate()])}
      />
    )
  if (!status.data || !me.data) return <LoadingView lines={6} />
  const user = me.data
  const services = SERVICE_ENTRIES.filter((entry) => hasRoute(entry.path))

  return (
    <div className="user-center" data-testid="user-center">
      <section className="user-center-head">
        <Avatar src={user.avatar} />
        <div className="user-center-identity">
          <div className="user-center-name">{user.nickname}</div>
          <div className="user-center-meta">
            <span>{user.phoneMasked}</span>
            <span className={user.realName ? 'user-center-tag verified' : 'user-center-tag'}>
              {user.realName ? (
                <>
                  <CheckShieldFill aria-hidden />
                  已实名
                </>
              ) : (
                '未实名'
              )}
            </span>
          </div>
        </div>
      </section>
      <LevelCard status={status.data} />

      <List header="会员" className="user-center-list">
        <List.Item onClick={() => navigate(memberRulesHref())} extra="等级与积分规则">
          会员规则
        </List.Item>
        <List.Item
          onClick={() => navigate(welfareHref())}
          extra={`${status.data.level.benefits.length} 项权益`}
        >
          会员福利
        </List.Item>
      </List>
      <List header="账户" className="user-center-list">
        <List.Item onClick={() => navigate(personalInfoHref())} extra="头像、昵称">
          个人资料
        </List.Item>
        <List.Item onClick={() => navigate(userInfoHref())} extra="协议与注销">
          账户与安全
        </List.Item>
        <List.Item
          onClick={() => navigate(authenticationHref())}
          extra={user.realName ? `${user.realName.name} 已认证` : '未认证'}
        >
          实名认证
        </List.Item>
      </List>
      {services.length > 0 && (
        <List header="服务" className="user-center-list">
          {services.map((entry) => (
            <List.Item key={entry.key} prefix={entry.icon} onClick={() => navigate(entry.path)}>
              {entry.title}
            </List.Item>
          ))}
        </List>
      )}
    </div>
  )
}
