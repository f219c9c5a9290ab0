import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { clearToasts } from '../../../../src/components/notice'
import { LOGIN_AGREEMENTS } from '../../../../src/config/agreements'
import LoginPage from '../../../../src/features/member/LoginPage'
import { consentedAgreements, CONSENT_BOXES, phoneProblem } from '../../../../src/features/member/loginForm'
import { userStore } from '../../../../src/state/user'
import { renderScreen, stubApi } from '../../harness'
import { me } from './fixtures'

const ME = me()

/** The login API; records each request's path and JSON body. */
function stubLoginApi() {
  const api = stubApi({
    'GET /api/health': { status: 'ok', db: 'pglite', mode: 'production' },
    'POST /api/auth/sms-code': { resendAfterSeconds: 60, expiresInSeconds: 300 },
    'POST /api/auth/login': { user: ME, isNewUser: false, wechatBound: false },
  })
  return api.calls
}

const phoneInput = () => screen.getByRole('textbox', { name: '手机号' })
const codeInput = () => screen.getByRole('textbox', { name: '验证码' })
const submitButton = () => screen.getByText(/^(登录|请先阅读并勾选以上协议)$/).closest('button')!

beforeEach(() => userStore.reset())
afterEach(() => {
  act(() => clearToasts())
  userStore.reset()
})

describe('phone number problems', () => {
  it('are named as they show, and a short number only once the field is left', () => {
    expect(phoneProblem('', false)).toBe('')
    expect(phoneProblem('', true)).toBe('请输入手机号')
    expect(phoneProblem('2', false)).toBe('手机号格式不正确')
    expect(phoneProblem('12', false)).toBe('手机号格式不正确')
    expect(phoneProblem('1391234', false)).toBe('')
    expect(phoneProblem('1391234', true)).toBe('请输入11位手机号')
    expect(phoneProblem('13912340001', true)).toBe('')
  })

  it('shows under the field why the phone is invalid and marks the input', async () => {
    stubLoginApi()
    renderScreen(LoginPage, '/Login')
    await userEvent.type(phoneInput(), '1391234')
    expect(screen.getByTestId('phone-error')).toHaveTextContent('')
    fireEvent.blur(phoneInput())
    expect(screen.getByTestId('phone-error')).toHaveTextContent('请输入11位手机号')
    expect(phoneInput()).toHaveAttribute('aria-invalid', 'true')
    expect(phoneInput()).toHaveAccessibleDescription('请输入11位手机号')
    await userEvent.type(phoneInput(), '0001')
    expect(screen.getByTestId('phone-error')).toHaveTextContent('')
    expect(phoneInput()).not.toHaveAttribute('aria-invalid')

    await userEvent.clear(phoneInput())
    await userEvent.type(phoneInput(), '2')
    expect(screen.getByTestId('phone-error')).toHaveTextContent('手机号格式不正确')
  })

  it('asking for a code without a valid phone says why and sends nothing', async () => {
    const requests = stubLoginApi()
    renderScreen(LoginPage, '/Login')
    await userEvent.click(screen.getByRole('button', { name: '获取验证码' }))
    expect(screen.getByTestId('phone-error')).toHaveTextContent('请输入手机号')
    expect(phoneInput()).toHaveFocus()
    expect(requests.map((r) => r.path)).not.toContain('/api/auth/sms-code')
  })
})

describe('keypads and focus', () => {
  it('asks for numeric keypads and one-time-code autofill', () => {
    stubLoginApi()
    renderScreen(LoginPage, '/Login')
    expect(phoneInput()).toHaveAttribute('inputmode', 'numeric')
    expect(phoneInput()).toHaveAttribute('type', 'tel')
    expect(codeInput()).toHaveAttribute('inputmode', 'numeric')
    expect(codeInput()).toHaveAttribute('autocomplete', 'one-time-code')
  })

  it('moves focus to the code field once the code is sent', async () => {
    const requests = stubLoginApi()
    renderScreen(LoginPage, '/Login')
    await userEvent.type(phoneInput(), '13912340001')
    await userEvent.click(screen.getByRole('button', { name: '获取验证码' }))
    await waitFor(() => expect(codeInput()).toHaveFocus())
    expect(requests.find((r) => r.path === '/api/auth/sms-code')?.body).toEqual({ phone: '13912340001' })
    expect(await screen.findByRole('button', { name: /秒后重新获取/ })).toBeDisabled()
  })
})

describe('consent', () => {
  it('has one box for the service agreement and privacy policy, and its own for sensitive data', () => {
    expect(CONSENT_BOXES.map((docs) => docs.map((d) => d.key).sort())).toEqual([
      ['privacy', 'service'],
      ['sensitive'],
    ])
    // Every document is in exactly one box.
    expect(
      CONSENT_BOXES.flat()
        .map((d) => d.key)
        .sort(),
    ).toEqual(LOGIN_AGREEMENTS.map((d) => d.key).sort())
    expect(consentedAgreements([true, false])).toEqual(['privacy', 'service'])
    expect(consentedAgreements([true, true]).sort()).toEqual(['privacy', 'sensitive', 'service'])
  })

  it('nothing is pre-checked; login needs both boxes and sends all three documents', async () => {
    const requests = stubLoginApi()
    const router = renderScreen(LoginPage, '/Login?redirect=%2Fuser')
    const boxes = screen.getAllByRole('checkbox')
    expect(boxes).toHaveLength(2)
    for (const box of boxes) expect(box).not.toBeChecked()
    const general = screen.getByTestId('consent-privacy-service')
    expect(general).toHaveTextContent('《隐私保护政策》和《用户服务协议》')
    const sensitive = screen.getByTestId('consent-sensitive')
    expect(sensitive).toHaveTextContent('《个人敏感信息收集使用授权书》')

    await userEvent.type(phoneInput(), '13912340001')
    await userEvent.type(codeInput(), '123456')
    expect(submitButton()).toBeDisabled()
    await userEvent.click(general.querySelector('.adm-checkbox-icon')!)
    expect(submitButton()).toBeDisabled()
    expect(submitButton()).toHaveTextContent('请先阅读并勾选以上协议')
    await userEvent.click(sensitive.querySelector('.adm-checkbox-icon')!)
    expect(submitButton()).toBeEnabled()
    expect(submitButton()).toHaveTextContent('登录')

    await userEvent.click(submitButton())
    await waitFor(() => expect(router.state.location.pathname).toBe('/user'))
    const login = requests.find((r) => r.path === '/api/auth/login')?.body as { agreements: string[] }
    expect(login).toMatchObject({ phone: '13912340001', code: '123456' })
    expect(login.agreements.sort()).toEqual(['privacy', 'sensitive', 'service'])
  })
})

describe('an expired session', () => {
  it('says 登录已过期 and fills in the phone number the stores kept', () => {
    userStore.update({ id: '', userInfo: { phone: '13912340001' }, unLoginF: false })
    stubLoginApi()
    renderScreen(LoginPage, '/Login?redirect=%2Forders&reason=expired')
    expect(screen.getByTestId('login-expired')).toHaveTextContent('登录已过期，请重新登录')
    expect(phoneInput()).toHaveValue('13912340001')
  })

  it('a first visit shows neither', () => {
    stubLoginApi()
    renderScreen(LoginPage, '/Login?redirect=%2Forders')
    expect(screen.queryByTestId('login-expired')).toBeNull()
    expect(phoneInput()).toHaveValue('')
  })

  it('after an explicit logout the phone is not offered', () => {
    userStore.update({ id: '', userInfo: { phone: '13912340001' }, unLoginF: true })
    stubLoginApi()
    renderScreen(LoginPage, '/Login')
    expect(phoneInput()).toHaveValue('')
  })
})

describe('the demo SMS code', () => {
  /**
   * The login screen in HTML that says the server's run mode (src/page-config/appMode.ts), a code sent for a
   * valid phone; /api/health never answers (the mode must not wait for it). The stub's calls.
   */
  async function sendCodeServedAs(mode: 'demo' | 'production') {
    const meta = document.createElement('meta')
    meta.name = 'app-mode'
    meta.content = mode
    document.head.append(meta)
    onTestFinished(() => meta.remove())
    const api = stubApi({
      'GET /api/health': () => new Promise(() => undefined),
      'POST /api/auth/sms-code': { resendAfterSeconds: 60, expiresInSeconds: 300 },
      'GET /api/dev/sms-outbox': {
        code: '521145',
        message: '【国衡保险】验证码 521145',
        sentAt: '2026-11-30T08:00:00+08:00',
      },
    })
    renderScreen(LoginPage, '/Login')
    await userEvent.type(phoneInput(), '13912340001')
    await userEvent.click(screen.getByRole('button', { name: '获取验证码' }))
    return api
  }

  it('shows at once in demo mode, from the mode the HTML says, with /api/health not answered yet', async () => {
    const api = await sendCodeServedAs('demo')
    expect(await screen.findByTestId('demo-sms-code')).toHaveTextContent('演示环境短信验证码：521145')
    expect(api.callsTo('GET', '/api/health')).toHaveLength(0)
  })

  it('is never asked for in production', async () => {
    const api = await sendCodeServedAs('production')
    await screen.findByText('60秒后重新获取')
    expect(api.callsTo('GET', '/api/dev/sms-outbox')).toHaveLength(0)
    expect(screen.queryByTestId('demo-sms-code')).toBeNull()
  })
})
