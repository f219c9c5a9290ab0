import { useEffect, useRef, useState } from 'react'
import { Button, Input, type InputRef } from 'antd-mobile'
import { Checkbox } from '../../components/check/Check'
import { useLocation, useSearchParams } from 'react-router-dom'
import { useSnapshot } from 'valtio'
import { fetchDemoSmsCode, loadAppMode, loginWithCode, requestSmsCode, useAppMode } from './api'
import { AppLink } from '../../components/navigation/AppLink'
import { safeRedirect, stripLayoutPrefix } from '../../components/navigation/appPath'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { toast } from '../../components/notice'
import { isValidPhone } from '../../domain/phone'
import { apiErrorOf, describeError } from '../../lib/request'
import { CONSENT_BOXES, consentedAgreements, phoneProblem } from './loginForm'
import { applyLoggedIn, LOGIN_REASON_EXPIRED, LOGIN_REASON_PARAM, rememberedPhone } from './session'
import { useResendCountdown } from '../../components/useResendCountdown'
import { userStore } from '../../state/user'
import './user.css'
import type { ScreenLoader } from '../../types/route'
import { authenticationHref, memberPaths } from './paths'
import { PURCHASE_TEXTS } from '../../domain/purchaseTexts'
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
 */
export default function LoginPage() {
  const navigate = useAppNavigate()
  const [params] = useSearchParams()
  const path = stripLayoutPrefix(useLocation().pathname)
  const thenAuthenticate = path === '/loginC/authentication'
  const redirect = safeRedirect(params.get('redirect'))
  const expired = params.get(LOGIN_REASON_PARAM) === LOGIN_REASON_EXPIRED

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

  const submit = async () => {
    if (!canSubmit) return
    setSubmitting(true)
    setError('')
    try {
      const { user } = await loginWithCode({ phone, code, agreements })
      applyLoggedIn(user)
      // The guest cart of this device joins the account's; the cart screen retries if this fails.
      await mergeGuestCart().catch(() => undefined)
      toast('success', '登录成功')
      if (
        thenAuthenticate &&
        !user.realName &&
        stripLayoutPrefix(redirect.split('?')[0]) !== memberPaths.authentication
      ) {
        navigate(authenticationHref(redirect), { replace: true })
      } else {
        navigate(redirect, { replace: true })
      }
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
      <div className="login-agreements">
        {CONSENT_BOXES.map((docs, i) => (
          <Checkbox
            key={docs.map((doc) => doc.key).join('+')}
            checked={consented[i]}
            onChange={(checked) => setConsented((all) => all.map((value, j) => (j === i ? checked : value)))}
            aria-label={`同意${docs.map((doc) => `《${doc.title}》`).join('')}`}
            data-testid={`consent-${docs.map((doc) => doc.key).join('-')}`}
          >
            我已阅读并同意
            {docs.map((doc, j) => (
              <span key={doc.key}>
                {j > 0 && '和'}
                <AppLink to={doc.path} onClick={(event) => event.stopPropagation()}>
                  《{doc.title}》
                </AppLink>
              </span>
            ))}
            {docs.some((doc) => doc.key === 'sensitive') && `，${PURCHASE_TEXTS.sensitiveConsent}`}
          </Checkbox>
        ))}
      </div>
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
    </div>
  )
}
