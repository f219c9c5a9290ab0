import { Suspense, useState } from 'react'
import { useSnapshot } from 'valtio'
import { ShareGuide } from '../components/share/ShareGuide'
import { lazyWithRetry } from '../lib/lazyWithRetry'
import { nativeStore } from '../state/native'

// Inside the company's app or WeChat: the logins that come with it and WeChat's share cards, loaded only there
// (a plain browser never fetches them); a chunk that will not load leaves the page as it is.
const EnvironmentLogin = lazyWithRetry(() =>
  import('../features/member/EnvironmentLogin').then((m) => ({ default: m.EnvironmentLogin })),
)
const WechatShareCards = lazyWithRetry(() =>
  import('../features/wechat/WechatShareCards').then((m) => ({ default: m.WechatShareCards })),
)

/** What the app does where it runs (docs/wechat.md); rendered once the stored state is restored. */
export function EnvironmentEffects() {
  const { isInApp, inWechat } = useSnapshot(nativeStore.state)
  // Where the tab landed, before a screen's 401 may send it to the login screen. A WeChat authorization that
  // just failed comes back with wechat=failed, in any browser: said once.
  const [landing] = useState(() => ({ pathname: window.location.pathname, search: window.location.search }))
  const failedAuthorization = new URLSearchParams(landing.search).get('wechat') === 'failed'
  return (
    <>
      <ShareGuide />
      <Suspense fallback={null}>
        {(isInApp || inWechat || failedAuthorization) && <EnvironmentLogin landing={landing} />}
        {inWechat && <WechatShareCards />}
      </Suspense>
    </>
  )
}
