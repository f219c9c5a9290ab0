import { useState } from 'react'
import { Button, Checkbox, Input } from 'antd-mobile'
import { useLocation, useSearchParams } from 'react-router-dom'
import { fetchDemoSmsCode, loginWithCode, requestSmsCode } from '../../api/auth'
import { useHealth } from '../../api/system'
import { AppLink } from '../../components/navigation/AppLink'
import { safeRedirect, stripLayoutPrefix } from '../../components/navigation/appPath'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { toast } from '../../components/notice'
import { LOGIN_AGREEMENTS, type AgreementKey } from '../../config/agreements'
import { isValidPhone } from '../../domain/certificate'
import { apiErrorOf, describeError } from '../../lib/request'
import { applyLoggedIn } from './session'
import { useCountdown } from './useCountdown'
import './user.css'

/** Seconds to wait from a 429's details, if the server said. */
function retryAfter(error: unknown): number | undefined {
  const details = apiErrorOf(error)?.details as { retryAfterSeconds?: number }[] | undefined
  return details?.find((d) => typeof d.retryAfterSeconds === 'number')?.retryAfterSeconds
}

/**
 * /Login, /verificationCode (phone quick login), /loginC and /loginC/authentication (then real-name).
 * Phone + SMS code; the three agreements must be ticked by the user (never pre-checked).
 */
export default function LoginPage() {
  const navigate = useAppNavigate()
  const [params] = useSearchParams()
  const path = stripLayoutPrefix(useLocation().pathname)
  const thenAuthenticate = path === '/loginC/authentication'
  const redirect = safeRedirect(params.get('redirect'))

  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [agreed, setAgreed] = useState<AgreementKey[]>([])
  const [sending, setSending] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState('')
  const countdown = useCountdown()
  const { data: health } = useHealth()
  // Demo mode has no real SMS: show the code the demo provider wrote to its outbox.
  const [demoCode, setDemoCode] = useState('')

  const phoneOk = isValidPhone(phone)
  const allAgreed = LOGIN_AGREEMENTS.every((doc) => agreed.includes(doc.key))
  const canSubmit = phoneOk && /^\d{6}$/.test(code) && allAgreed && !submitting

  const sendCode = async () => {
    if (!phoneOk) return setError('请输入正确的11位手机号')
    setSending(true)
    setError('')
    try {
      const result = await requestSmsCode(phone)
      countdown.start(result.resendAfterSeconds)
      toast('success', '验证码已发送')
      if (health?.mode === 'demo')
        setDemoCode((await fetchDemoSmsCode(phone).catch(() => ({ code: '' }))).code)
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
      const { user } = await loginWithCode({ phone, code, agreements: agreed })
      applyLoggedIn(user)
      toast('success', '登录成功')
      if (
        thenAuthenticate &&
        !user.realName &&
        stripLayoutPrefix(redirect.split('?')[0]) !== '/authentication'
      ) {
        navigate(`/authentication?redirect=${encodeURIComponent(redirect)}`, { replace: true })
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
      <h1>{thenAuthenticate ? '登录并完成实名认证' : '手机号快捷登录'}</h1>
      <p className="login-hint">未注册的手机号验证后将自动注册</p>
      <div className="login-field">
        <Input
          type="tel"
          inputMode="numeric"
          placeholder="请输入手机号"
          maxLength={11}
          value={phone}
          onChange={(value) => setPhone(value.replace(/\D/g, ''))}
          aria-label="手机号"
          clearable
        />
      </div>
      <div className="login-field">
        <Input
          inputMode="numeric"
          placeholder="请输入6位验证码"
          maxLength={6}
          value={code}
          onChange={(value) => setCode(value.replace(/\D/g, ''))}
          aria-label="验证码"
          autoComplete="one-time-code"
        />
        <Button
          size="small"
          color="primary"
          fill="none"
          disabled={!phoneOk || sending || countdown.left > 0}
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
      <Checkbox.Group value={agreed} onChange={(values) => setAgreed(values as AgreementKey[])}>
        <div className="login-agreements">
          {LOGIN_AGREEMENTS.map((doc) => (
            <Checkbox key={doc.key} value={doc.key} aria-label={`同意${doc.title}`}>
              我已阅读并同意
              <AppLink to={doc.path} onClick={(event) => event.stopPropagation()}>
                《{doc.title}》
              </AppLink>
            </Checkbox>
          ))}
        </div>
      </Checkbox.Group>
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
