import { useEffect, useRef, useState } from 'react'
import { Button, Input, type InputRef } from 'antd-mobile'
import { useLocation, useSearchParams } from 'react-router-dom'
import { useSnapshot } from 'valtio'
import {
  fetchDemoSmsCode,
  loadAppMode,
  loginWithAppToken,
  loginWithCode,
  requestSmsCode,
  useAppMode,
  type LoginResponse,
} from './api'
import { AppLink } from '../../components/navigation/AppLink'
import { safeRedirect, stripLayoutPrefix } from '../../components/navigation/appPath'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { toast } from '../../components/notice'
import { isValidPhone } from '../../domain/phone'
import { apiErrorOf, describeError } from '../../lib/request'
import { CONSENT_BOXES, consentedAgreements, phoneProblem } from './loginForm'
import { ConsentBoxes } from './ConsentBoxes'
import { nativeBridge } from '../../lib/nativeBridge'
import { useHydrating } from '../../components/prerender'
import { applyLoggedIn, LOGIN_REASON_EXPIRED, LOGIN_REASON_PARAM, rememberedPhone } from './session'
import { useResendCountdown } from '../../components/useResendCountdown'
import { userStore } from '../../state/user'
import './user.css'
import type { ScreenLoader } from '../../types/route'
import { authenticationHref, memberPaths } from './paths'
import { mergeGuestCart } from '../cart/api'

export const loader: ScreenLoader = async (_, load) => loadAppMode(load)

/** Seconds to wait from a 429's details, if the server said. */
function retryAfter(error: unknown): number | undefined {
  const details = apiErrorOf(error)?.details as { retryAfterSeconds?: number }[] | undefined
  return details?.find((d) => typeof d.retryAfterSeconds === 'number')?.retryAfterSeconds
}

/**
 * /Login, /verificationCode (phone quick login), /loginC and /loginC/authentication (then real-name).
 * Phone + SMS code; the agreements must be ticked by the user (never pre-checked).
 * `?reason=expired`: the session expired; the phone number of the last session is filled in.
 * `?wechat=bind`: a WeChat account waits to be bound to the account logged in here (docs/wechat.md).
 * Inside the company's app, its account logs in too (App 账号一键登录), after the same consent.
 */
export default function LoginPage() {
  const navigate = useAppNavigate()
  const [params] = useSearchParams()
  const path = stripLayoutPrefix(useLocation().pathname)
  const thenAuthenticate = path === '/loginC/authentication'
  const redirect = safeRedirect(params.get('redirect'))
  const expired = params.get(LOGIN_REASON_PARAM) === LOGIN_REASON_EXPIRED
  const bindingWechat = params.get('wechat') === 'bind'
  // The app's bridge is known in the browser only (the server's render, and its hydration, have none).
  const hydrating = useHydrating()
  const appLogin = !hydrating && nativeBridge.offers('getToken')

  // The number this device remembers, until the user types one (a server-rendered login screen learns it only
  // once hydrated, from the restored stores).
  const remembered = rememberedPhone(useSnapshot(userStore.state))
  const [typedPhone, setPhone] = useState<string | null>(null)
  const phone = typedPhone ?? remembered
  const [phoneTouched, setPhoneTouched] = useState(false)
  const [code, setCode] = useState('')
  const [consented, setConsented] = useState<boolean[]>(() => CONSENT_BOXES.map(() => false))
  const [sending, setSending] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState('')
  const countdown = useResendCountdown()
  const mode = useAppMode()
  // Demo mode has no real SMS: show the code the demo provider wrote to its outbox (asked also while the mode is
  // not known yet; a production server has no outbox and answers 404).
  const [demoCode, setDemoCode] = useState('')
  const phoneRef = useRef<InputRef>(null)
  const codeRef = useRef<InputRef>(null)

  const phoneOk = isValidPhone(phone)
  const phoneError = phoneProblem(phone, phoneTouched)
  // antd-mobile's Input puts most ARIA attributes on its wrapper: mark the native input itself.
  useEffect(() => {
    const input = phoneRef.current?.nativeElement
    if (!input) return
    if (phoneError) {
      input.setAttribute('aria-invalid', 'true')
      input.setAttribute('aria-describedby', 'login-phone-error')
    } else {
      input.removeAttribute('aria-invalid')
      input.removeAttribute('aria-describedby')
    }
  }, [phoneError])
  const allAgreed = consented.every(Boolean)
  const agreements = consentedAgreements(consented)
  const canSubmit = phoneOk && /^\d{6}$/.test(code) && allAgreed && !submitting

  const sendCode = async () => {
    if (!phoneOk) {
      setPhoneTouched(true)
      phoneRef.current?.focus()
      return
    }
    setSending(true)
    setError('')
    try {
      const result = await requestSmsCode(phone)
      countdown.start(result.resendAfterSeconds)
      toast('success', '验证码已发送')
      codeRef.current?.focus()
      if (mode !== 'production') setDemoCode((await fetchDemoSmsCode(phone).catch(() => ({ code: '' }))).code)
    } catch (e) {
      const wait = retryAfter(e)
      if (wait) countdown.start(wait)
      setError(describeError(e))
    } finally {
      setSending(false)
    }
  }

  /** Logged in: the stores, the guest cart, and on to where the user was going. */
  const loggedIn = async ({ user, wechatBound }: LoginResponse) => {
    applyLoggedIn(user)
    // The guest cart of this device joins the account's; the cart screen retries if this fails.
    await mergeGuestCart().catch(() => undefined)
    toast('success', wechatBound ? '登录成功，已绑定微信' : '登录成功')
    if (
      thenAuthenticate &&
      !user.realName &&
      stripLayoutPrefix(redirect.split('?')[0]) !== memberPaths.authentication
    ) {
      navigate(authenticationHref(redirect), { replace: true })
    } else {
      navigate(redirect, { replace: true })
    }
  }

  const submit = async () => {
    if (!canSubmit) return
    setSubmitting(true)
    setError('')
    try {
      await loggedIn(await loginWithCode({ phone, code, agreements }))
    } catch (e) {
      setError(describeError(e))
    } finally {
      setSubmitting(false)
    }
  }

  /** Inside the company's app: its logged-in account, with the agreements ticked above. */
  const submitAppLogin = async () => {
    if (!allAgreed || submitting) return
    setSubmitting(true)
    setError('')
    try {
      const token = await nativeBridge.getToken()
      if (token) await loggedIn(await loginWithAppToken({ token, agreements }))
      else setError('请先登录国恒保险 App，或使用手机号验证码登录')
    } catch (e) {
      setError(describeError(e))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <div className="login-page" data-testid="login-page">
      {expired && (
        <div className="login-expired" role="status" data-testid="login-expired">
          登录已过期，请重新登录
        </div>
      )}
      {bindingWechat && (
        <div className="login-wechat-bind" role="status" data-testid="wechat-bind-notice">
          登录后将绑定当前微信，之后在微信中打开商城即可自动登录
        </div>
      )}
      <h1>{thenAuthenticate ? '登录并完成实名认证' : '手机号快捷登录'}</h1>
      <p className="login-hint">未注册的手机号验证后将自动注册</p>
      <div className={`login-field ${phoneError ? 'login-field-invalid' : ''}`}>
        <Input
          ref={phoneRef}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="请输入手机号"
          maxLength={11}
          value={phone}
          onChange={(value) => setPhone(value.replace(/\D/g, ''))}
          onBlur={() => setPhoneTouched(true)}
          aria-label="手机号"
          clearable
        />
      </div>
      <div className="login-field-error" id="login-phone-error" data-testid="phone-error" aria-live="polite">
        {phoneError}
      </div>
      <div className="login-field">
        <Input
          ref={codeRef}
          inputMode="numeric"
          pattern="[0-9]*"
          placeholder="请输入6位验证码"
          maxLength={6}
          value={code}
          onChange={(value) => setCode(value.replace(/\D/g, ''))}
          onEnterPress={() => void submit()}
          aria-label="验证码"
          autoComplete="one-time-code"
        />
        <Button
          size="small"
          color="primary"
          fill="none"
          disabled={sending || countdown.left > 0}
          loading={sending}
          onClick={() => void sendCode()}
        >
          {countdown.left > 0 ? `${countdown.left}秒后重新获取` : '获取验证码'}
        </Button>
      </div>
      {demoCode && (
        <p className="login-demo-code" data-testid="demo-sms-code">
          演示环境短信验证码：{demoCode}（正式环境将以短信发送）
        </p>
      )}
      <div className="login-error" role="alert">
        {error}
      </div>
      <ConsentBoxes
        consented={consented}
        onChange={setConsented}
        link={(doc, title) => (
          <AppLink to={doc.path} onClick={(event) => event.stopPropagation()}>
            {title}
          </AppLink>
        )}
      />
      <Button
        block
        color="primary"
        size="large"
        disabled={!canSubmit}
        loading={submitting}
        onClick={() => void submit()}
      >
        {allAgreed ? '登录' : '请先阅读并勾选以上协议'}
      </Button>
      {appLogin && (
        <Button
          block
          className="login-app"
          color="primary"
          fill="outline"
          size="large"
          disabled={!allAgreed || submitting}
          onClick={() => void submitAppLogin()}
        >
          App 账号一键登录
        </Button>
      )}
    </div>
  )
}
