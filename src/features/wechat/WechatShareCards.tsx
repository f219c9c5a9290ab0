import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { installShareCards } from '../../lib/wechat/shareCards'
import { nativeStore } from '../../state/native'
import { fetchJsSdkConfig, useWechatConfig } from './api'

/**
 * Inside WeChat, once the server says the JS-SDK is configured: every screen's share card reaches WeChat from
 * then on (src/lib/wechat/shareCards.ts). Renders nothing.
 */
export function WechatShareCards() {
  const { inWechat } = useSnapshot(nativeStore.state)
  const jssdk = useWechatConfig(inWechat).data?.jssdk === true
  useEffect(() => {
    if (jssdk) installShareCards({ fetchJsConfig: fetchJsSdkConfig })
  }, [jssdk])
  return null
}
