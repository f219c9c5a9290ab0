import { useState } from 'react'
import { Button, List } from 'antd-mobile'
import { useSWRConfig } from 'swr'
import { AnalyticsSwitch } from '../../components/AnalyticsSwitch'
import { LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { toast } from '../../components/notice'
import { Dialog } from '../../components/dialog'
import { formatShanghaiDateTime } from '../../domain/dates'
import { DELETION_COOLING_DAYS } from '../../domain/memberLevel'
import { describeError } from '../../lib/request'
import { protocolHref } from '../protocol/paths'
import {
  accountKey,
  agreementsKey,
  cancelDeletion,
  requestDeletion,
  useAccountStatus,
  useAgreements,
  useMe,
  withdrawConsent,
} from './api'
import { authenticationHref, backToUser, userHref } from './paths'
import { applyLoggedOut } from './session'
import { WechatBindingList } from './WechatBindingList'
import {
  useWechatBinding,
  useWechatConfig,
  wechatBindingKey,
  wechatConfigKey,
  type WechatConfig,
} from '../wechat/api'
import './userCenter.css'
import type { ScreenLoader } from '../../types/route'

export const loader: ScreenLoader = async (_, load) =>
  Promise.all([
    load(agreementsKey),
    load(accountKey),
    // The WeChat row: whether the server has WeChat's login, and then this account's binding.
    load<WechatConfig>(wechatConfigKey).then(
      (wechat) => wechat.oauth && load(wechatBindingKey),
      () => undefined,
    ),
  ])

/** Consents shown before 查看全部. */
const RECENT = 3

/**
 * /userInfo (账户与安全): the account's details, the login agreements signed (version and time), the 统计分析
 * switch (also when the account cannot load: it lives in this browser; a visitor not logged in finds it under the
 * privacy policy), withdrawing consent, and deleting the account after a cooling period (cancellable until it is
 * carried out). With WeChat's web authorization configured, the account's WeChat binding (WechatBindingList).
 */
export default function UserInfoPage() {
  const me = useMe()
  const agreements = useAgreements()
  const account = useAccountStatus()
  // The 微信 row, when the server has WeChat's web authorization.
  const wechatBinding = useWechatBinding(useWechatConfig().data?.oauth === true)
  const navigate = useAppNavigate()
  const { mutate } = useSWRConfig()
  const [busy, setBusy] = useState<'withdraw' | 'delete' | 'cancel' | null>(null)
  const [all, setAll] = useState(false)

  const error = me.error ?? agreements.error ?? account.error
  if (error)
    return (
      <>
        <LoginAwareError
          back={backToUser}
          error={error}
          onRetry={() => void Promise.all([me.mutate(), agreements.mutate(), account.mutate()])}
        />
        <AnalyticsSwitch className="user-center-list" />
      </>
    )
  if (!me.data || !agreements.data || !account.data) return <LoadingView lines={6} />
  const user = me.data
  const consents = all ? agreements.data.items : agreements.data.items.slice(0, RECENT)
  const pending = account.data.deletionDueAt

  async function run(kind: 'withdraw' | 'delete' | 'cancel', action: () => Promise<void>) {
    setBusy(kind)
    try {
      await action()
    } catch (e) {
      toast('error', describeError(e))
    } finally {
      setBusy(null)
    }
  }

  const withdraw = async () => {
    const ok = await Dialog.confirm({
      title: '撤回授权',
      content: '撤回对登录协议的同意后，您将在所有设备上退出登录；再次登录时需重新阅读并同意协议。',
      confirmText: '确认撤回',
    })
    if (!ok) return
    await run('withdraw', async () => {
      await withdrawConsent()
      applyLoggedOut(true)
      toast('success', '已撤回授权并退出登录')
      navigate(userHref(), { replace: true })
    })
  }

  const remove = async () => {
    const ok = await Dialog.confirm({
      title: '注销账户',
      content: `提交后进入 ${DELETION_COOLING_DAYS} 天冷静期，期间可随时撤销；到期后将删除您的个人资料、家庭成员与消息，手机号可重新注册。已购保单与订单记录将依法保存。`,
      confirmText: '确认注销',
    })
    if (!ok) return
    await run('delete', async () => {
      await mutate(accountKey, await requestDeletion(), { revalidate: false })
      toast('success', '注销申请已提交')
    })
  }

  const cancel = () =>
    run('cancel', async () => {
      await mutate(accountKey, await cancelDeletion(), { revalidate: false })
      toast('success', '已撤销注销申请')
    })

  return (
    <div className="user-info" data-testid="user-info">
      <List header="账户信息" className="user-center-list">
        <List.Item extra={user.phoneMasked}>手机号</List.Item>
        <List.Item
          extra={user.realName ? `${user.realName.name}（${user.realName.idNumber}）` : '未实名'}
          onClick={user.realName ? undefined : () => navigate(authenticationHref())}
        >
          实名认证
        </List.Item>
        <List.Item extra={formatShanghaiDateTime(user.createdAt).slice(0, 10)}>注册时间</List.Item>
      </List>

      <WechatBindingList me={user} binding={wechatBinding} />

      <section aria-label="已签署的协议">
        <List header="已签署的协议" className="user-center-list">
          {consents.length === 0 && <List.Item>暂无签署记录</List.Item>}
          {consents.map((a, i) => (
            <List.Item
              key={`${a.agreement}-${a.acceptedAt}-${i}`}
              description={`版本 ${a.version} · 同意于 ${formatShanghaiDateTime(a.acceptedAt)}`}
              onClick={() => navigate(protocolHref(a.agreement))}
            >
              {a.title}
            </List.Item>
          ))}
          {agreements.data.items.length > RECENT && (
            <List.Item onClick={() => setAll(!all)} arrow={false} className="user-info-more">
              {all ? '收起' : `查看全部 ${agreements.data.items.length} 条记录`}
            </List.Item>
          )}
        </List>
      </section>

      <AnalyticsSwitch className="user-center-list" />

      <section className="user-info-actions" aria-label="账户操作">
        {pending ? (
          <div className="user-info-pending" role="status">
            注销申请已提交，将于 {formatShanghaiDateTime(pending)} 执行。在此之前您可以撤销。
            <Button
              block
              color="primary"
              loading={busy === 'cancel'}
              disabled={busy !== null}
              onClick={() => void cancel()}
            >
              撤销注销
            </Button>
          </div>
        ) : (
          <Button
            block
            color="danger"
            fill="outline"
            loading={busy === 'delete'}
            disabled={busy !== null}
            onClick={() => void remove()}
          >
            注销账户
          </Button>
        )}
        <Button
          block
          fill="none"
          loading={busy === 'withdraw'}
          disabled={busy !== null}
          onClick={() => void withdraw()}
        >
          撤回协议授权
        </Button>
      </section>
    </div>
  )
}
