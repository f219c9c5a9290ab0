import { useEffect, useRef, useState } from 'react'
import { safeRedirect, stripLayoutPrefix } from '../../components/navigation/appPath'
import { toast } from '../../components/notice'
import { belowBasename, withBasename } from '../../config/router'
import { nativeBridge } from '../../lib/nativeBridge'
import { describeError, refreshServerData } from '../../lib/request'
import { tabFlag } from '../../lib/tabFlag'
import { nativeStore } from '../../state/native'
import { userStore } from '../../state/user'
import { fetchWechatConfig, wechatAuthorizeHref } from '../wechat/api'
import { fetchMe, loginWithAppToken, type Me } from './api'
import { AppConsentSheet } from './AppConsentSheet'
import { APP_TOKEN_TAB_KEY, runAppTokenLogin, type AppTokenLoginOutcome } from './appTokenLogin'
import { LOGIN_PATHS } from './paths'
import { applyLoggedIn, isLoggedInLocally, refreshSession } from './session'
import { runWechatSilentLogin, SILENT_LOGIN_TAB_KEY, WECHAT_QUERY_PARAM } from './wechatSilentLogin'
import type { AgreementKey } from '../../config/agreements'
import { documentNavigation } from '../../lib/documentNavigation'

type Finish = Extract<AppTokenLoginOutcome, { kind: 'needs-consent' }>['finish']

const routerPath = () => belowBasename(window.location.pathname) ?? window.location.pathname
/** A login screen (the router matches paths in any case: the server's redirects say /login). */
const onLoginScreen = (pathname: string) => {
  const path = stripLayoutPrefix(pathname).toLowerCase()
  return LOGIN_PATHS.some((login) => login.toLowerCase() === path)
}
const loggedOutExplicitly = () => userStore.state.unLoginF && !isLoggedInLocally()

/**
 * Logged in by the company app's token just now: the screen's data is asked again; a login screen gives way to
 * where it was going (a 401 may have sent the user there before the token arrived).
 */
function afterAppLogin(me: Me): void {
  applyLoggedIn(me)
  if (onLoginScreen(routerPath())) {
    const redirect = safeRedirect(new URLSearchParams(window.location.search).get('redirect'))
    documentNavigation.replace(withBasename(redirect))
  } else void refreshServerData()
}

/**
 * The logins that come with where the mall runs (docs/wechat.md), once the stored state is restored: the company
 * app's token inside the app (with the consent sheet for a new user), WeChat's silent authorization inside WeChat,
 * and a toast when a WeChat authorization just failed (`wechat=failed`). `landing`: where the tab landed (a
 * screen's 401 may have sent it to the login screen since).
 */
export function EnvironmentLogin({ landing }: { landing: { pathname: string; search: string } }) {
  const [consent, setConsent] = useState<{ finish: Finish; busy: boolean; error: string } | null>(null)
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    const { isInApp, inWechat } = nativeStore.state
    const { search } = landing
    const returnTo = `${landing.pathname}${search}`
    const landedAt = belowBasename(landing.pathname) ?? landing.pathname
    if (new URLSearchParams(search).get(WECHAT_QUERY_PARAM) === 'failed')
      toast('info', '微信授权未完成，请稍后重试')

    void runAppTokenLogin({
      isInApp,
      loggedOutExplicitly,
      tab: tabFlag(APP_TOKEN_TAB_KEY),
      getToken: () => nativeBridge.getToken(),
      login: loginWithAppToken,
      loggedIn: () => {},
    }).then((outcome) => {
      if (outcome.kind === 'logged-in') afterAppLogin(outcome.user)
      else if (outcome.kind === 'needs-consent')
        setConsent({ finish: outcome.finish, busy: false, error: '' })
      else if (outcome.kind === 'failed') console.warn('[app-token] login failed', outcome.error)
    })

    void runWechatSilentLogin({
      inWechat,
      loggedOutExplicitly,
      loggedInLocally: () => isLoggedInLocally(),
      isLoginScreen: onLoginScreen,
      location: () => ({ pathname: landedAt, search, returnTo }),
      tab: tabFlag(SILENT_LOGIN_TAB_KEY),
      oauthConfigured: () =>
        fetchWechatConfig().then(
          (c) => c.oauth,
          () => false,
        ),
      fetchMe: () => fetchMe().catch(() => null),
      loggedIn: applyLoggedIn,
      refreshSession,
      authorize: (to) => documentNavigation.assign(wechatAuthorizeHref('base', to)),
    }).catch((error: unknown) => console.warn('[wechat] silent login failed', error))
  }, [landing])

  const agree = async (agreements: AgreementKey[]) => {
    if (!consent) return
    setConsent({ ...consent, busy: true, error: '' })
    try {
      const me = await consent.finish(agreements)
      setConsent(null)
      toast('success', '登录成功')
      afterAppLogin(me)
    } catch (error) {
      setConsent({ ...consent, busy: false, error: describeError(error) })
    }
  }

  return (
    <AppConsentSheet
      visible={consent !== null}
      busy={consent?.busy ?? false}
      error={consent?.error ?? ''}
      onAgree={(agreements) => void agree(agreements)}
      onDecline={() => setConsent(null)}
    />
  )
}
