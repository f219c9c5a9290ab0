import { useCallback, useMemo } from 'react'
import { useLocation, useSearchParams } from 'react-router-dom'
import { disclosureKey, useDisclosure } from '../../components/disclosure/api'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { LoadingView } from '../../components/StatusViews'
import { queryParam } from '../../lib/href'
import type { ScreenLoader } from '../../types/route'
import { useMe } from '../member/api'
import { userHref } from '../member/paths'
import type { Context } from './api'
import { ConversationScreen } from './ConversationScreen'
import { serviceHref, servicePaths } from './paths'
import { VisitorAssistant } from './VisitorAssistant'
import './service.css'

const CONTEXT_KEYS = ['productId', 'orderId', 'policyId', 'claimId'] as const

/** The context the screen is opened with: the first of the four the URL names (at most one is taken). */
function contextOf(search: URLSearchParams): Context {
  for (const key of CONTEXT_KEYS) {
    const value = queryParam(search, key)
    if (value) return { [key]: value }
  }
  return {}
}

// A visitor's first render shows the platform's hotline; a customer's conversation is opened in the browser (a
// write, never a render's), and the hotline comes with it.
export const loader: ScreenLoader = ({ loggedIn }, load) => (loggedIn ? undefined : load(disclosureKey(null)))

/** The platform's hotline, a small link. */
function Hotline() {
  const { data } = useDisclosure(null)
  const phone = data?.platform.hotline
  if (!phone) return <span />
  return (
    <a
      className="service-hotline"
      href={`tel:${phone.replace(/-/g, '')}`}
      aria-label={`拨打客服热线 ${phone}`}
    >
      拨打客服热线
    </a>
  )
}

/** /service: 在线客服. A visitor asks the assistant; a customer talks with it and, after 转人工, an agent. */
export default function ServicePage() {
  const me = useMe()
  const [params] = useSearchParams()
  const { pathname } = useLocation()
  const navigate = useAppNavigate()
  const context = useMemo(() => contextOf(params), [params])
  const question = queryParam(params, 'question')
  // The question typed before login has gone with the conversation: the URL forgets it (a reload sends it once).
  const forgetQuestion = useCallback(
    () => navigate(pathname + serviceHref(context).slice(servicePaths.chat.length), { replace: true }),
    [navigate, pathname, context],
  )

  if (me.error)
    return (
      <LoginAwareError
        error={me.error}
        onRetry={() => void me.mutate()}
        back={{ to: userHref(), label: '返回我的' }}
      />
    )
  if (me.data === undefined) return <LoadingView lines={5} />
  if (me.data === null) return <VisitorAssistant context={context} hotline={<Hotline />} />
  return (
    <ConversationScreen
      context={context}
      question={question}
      onQuestionSent={forgetQuestion}
      hotline={<Hotline />}
    />
  )
}
