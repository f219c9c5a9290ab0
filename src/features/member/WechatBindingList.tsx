import { useState } from 'react'
import { Button, List } from 'antd-mobile'
import { useSnapshot } from 'valtio'
import { Dialog } from '../../components/dialog'
import { toast } from '../../components/notice'
import { describeError } from '../../lib/request'
import { nativeStore } from '../../state/native'
import { unbindWechat, wechatAuthorizeHref, type useWechatBinding } from '../wechat/api'
import { updateMe, type Me } from './api'
import { applyLoggedIn } from './session'
import { documentNavigation } from '../../lib/documentNavigation'

/** Back to 账户与安全 after WeChat's authorization (the browser's own path, base path included). */
const here = () => `${window.location.pathname}${window.location.search}`

/**
 * 账户与安全's 微信 row (`binding`: asked only when the server has WeChat's web authorization): 已绑定 (with WeChat's nickname once the
 * user shared it) and 解除绑定, or 未绑定 with 绑定微信 inside WeChat. Inside WeChat, 使用微信头像昵称 asks WeChat
 * for them (snsapi_userinfo, which the user may refuse); the nickname WeChat gave can then become the account's.
 */
export function WechatBindingList({ me, binding }: { me: Me; binding: ReturnType<typeof useWechatBinding> }) {
  const { inWechat } = useSnapshot(nativeStore.state)
  const [busy, setBusy] = useState(false)
  if (!binding.data) return null
  const { bound, nickname } = binding.data

  const unbind = async () => {
    const ok = await Dialog.confirm({
      title: '解除微信绑定',
      content: '解除后，在微信中打开商城将不再自动登录，可随时重新绑定。',
      confirmText: '解除绑定',
    })
    if (!ok) return
    setBusy(true)
    try {
      await unbindWechat()
      await binding.mutate({ bound: false, nickname: null }, { revalidate: false })
      toast('success', '已解除微信绑定')
    } catch (error) {
      toast('error', describeError(error))
    } finally {
      setBusy(false)
    }
  }

  const adoptNickname = async (name: string) => {
    setBusy(true)
    try {
      applyLoggedIn(await updateMe({ nickname: name }))
      toast('success', '昵称已更新')
    } catch (error) {
      toast('error', describeError(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <List header="第三方账号" className="user-center-list" data-testid="wechat-binding">
      <List.Item
        extra={bound ? `已绑定${nickname ? `（${nickname}）` : ''}` : '未绑定'}
        description={bound || inWechat ? undefined : '在微信中打开商城即可绑定'}
      >
        微信
      </List.Item>
      {inWechat && (
        <List.Item
          arrow
          description="授权后可使用微信昵称作为账户昵称"
          onClick={
            busy ? undefined : () => documentNavigation.assign(wechatAuthorizeHref('userinfo', here()))
          }
        >
          使用微信头像昵称
        </List.Item>
      )}
      {bound && nickname && nickname !== me.nickname && (
        <List.Item
          extra={
            <Button
              size="mini"
              color="primary"
              fill="outline"
              disabled={busy}
              onClick={() => void adoptNickname(nickname)}
            >
              使用
            </Button>
          }
        >
          将昵称设为「{nickname}」
        </List.Item>
      )}
      {!bound && inWechat && (
        <List.Item
          arrow
          onClick={busy ? undefined : () => documentNavigation.assign(wechatAuthorizeHref('base', here()))}
        >
          绑定当前微信
        </List.Item>
      )}
      {bound && (
        <List.Item arrow={false} className="user-info-unbind">
          <Button
            block
            fill="none"
            color="danger"
            loading={busy}
            disabled={busy}
            onClick={() => void unbind()}
          >
            解除绑定
          </Button>
        </List.Item>
      )}
    </List>
  )
}
