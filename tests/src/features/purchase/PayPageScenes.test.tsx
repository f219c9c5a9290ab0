import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import PayPage from '../../../../src/features/purchase/PayPage'
import { documentNavigation } from '../../../../src/lib/documentNavigation'
import type { GuohengBridge } from '../../../../src/lib/nativeBridge'
import { nativeStore } from '../../../../src/state/native'
import type { PaymentScene } from '../../../../src/types/generated/api/payment'
import { apiError, renderScreen, stubApi } from '../../harness'
import { order, payment } from './fixtures'

// 立即支付 with 微信支付 where the screen runs: JSAPI inside WeChat (ok / cancel / fail, and the WeChat binding it
// needs), the company app's pay, WeChat's H5 cashier in a phone's browser. The price stays on screen throughout.

const jsapiInvoke = {
  kind: 'jsapi' as const,
  appId: 'wx-official',
  timeStamp: '1700000000',
  nonceStr: 'n0nce',
  package: 'prepay_id=wx2017033010242291fcfe0db70013231072',
  signType: 'RSA' as const,
  paySign: 'c2lnbg==',
}
const appInvoke = {
  kind: 'app' as const,
  appid: 'wxapp',
  partnerid: '1900000001',
  prepayid: 'wx201410272009395522657a690389285100',
  package: 'Sign=WXPay' as const,
  noncestr: 'n0nce',
  timestamp: '1700000000',
  sign: 'c2lnbg==',
}

function channels(scenes: PaymentScene[]) {
  return { sandbox: false, channels: ['wechat' as const], scenes }
}

/** WeChat's bridge answering getBrandWCPayRequest with `errMsg`. */
function weixinAnswers(errMsg: string) {
  const invoke = vi.fn(
    (_name: string, _params: Record<string, string>, cb: (res: { err_msg: string }) => void) =>
      setTimeout(() => cb({ err_msg: errMsg }), 0),
  )
  window.WeixinJSBridge = { invoke }
  return invoke
}

const location = () => screen.findByTestId('location')

beforeEach(() => sessionStorage.clear())
afterEach(() => {
  nativeStore.reset()
  delete window.WeixinJSBridge
  delete window.GuohengBridge
})

describe('/pay inside WeChat (JSAPI)', () => {
  beforeEach(() => nativeStore.update({ inWechat: true, device: 'android' }))

  it('opens WeChat’s cashier with the signed parameters; ok goes on to confirm the result', async () => {
    const api = stubApi({
      'GET /api/orders/o1': order(),
      'GET /api/payments/channels': channels(['native', 'h5', 'jsapi']),
      'POST /api/orders/o1/pay': payment({ paymentId: 'pay_j', scene: 'jsapi', invoke: jsapiInvoke }),
    })
    const invoke = weixinAnswers('get_brand_wcpay_request:ok')
    renderScreen(PayPage, '/pay?orderId=o1')
    expect(await screen.findByText('在微信内直接支付')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: '立即支付' }))
    expect(await location()).toHaveTextContent('/pay/result?orderId=o1&paymentId=pay_j')
    expect(api.callsTo('POST', '/api/orders/o1/pay')[0].body).toEqual({ channel: 'wechat', scene: 'jsapi' })
    const { kind: _kind, ...params } = jsapiInvoke
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', params, expect.any(Function))
  })

  it('stays with the order and its price when the payer cancels, and says a failure', async () => {
    stubApi({
      'GET /api/orders/o1': order(),
      'GET /api/payments/channels': channels(['native', 'jsapi']),
      'POST /api/orders/o1/pay': payment({ paymentId: 'pay_j', scene: 'jsapi', invoke: jsapiInvoke }),
    })
    weixinAnswers('get_brand_wcpay_request:cancel')
    renderScreen(PayPage, '/pay?orderId=o1')
    await userEvent.click(await screen.findByRole('button', { name: '立即支付' }))
    expect(await screen.findByTestId('pay-cancelled')).toHaveTextContent('您已取消支付')
    expect(screen.getByText('应付保费').parentElement).toHaveTextContent('¥136')
    expect(screen.getByRole('button', { name: '立即支付' })).toBeEnabled()

    weixinAnswers('get_brand_wcpay_request:fail')
    await userEvent.click(screen.getByRole('button', { name: '立即支付' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('支付未成功，请重新支付或选择其他支付方式')
    expect(screen.queryByTestId('pay-cancelled')).toBeNull()
    expect(screen.getByText('应付保费').parentElement).toHaveTextContent('¥136')
  })

  it('goes through WeChat’s silent authorization once when the account has no WeChat binding', async () => {
    stubApi({
      'GET /api/orders/o1': order(),
      'GET /api/payments/channels': channels(['native', 'jsapi']),
      'POST /api/orders/o1/pay': apiError(409, 'WECHAT_NOT_BOUND', '请先在微信中授权登录'),
    })
    const assign = vi.spyOn(documentNavigation, 'assign').mockImplementation(() => {})
    renderScreen(PayPage, '/pay?orderId=o1')
    await userEvent.click(await screen.findByRole('button', { name: '立即支付' }))
    await waitFor(() => expect(assign).toHaveBeenCalledOnce())
    const target = new URL(assign.mock.calls[0][0], 'http://localhost')
    expect(target.pathname).toBe('/api/wechat/oauth/start')
    expect(target.searchParams.get('scope')).toBe('base')
    expect(target.searchParams.get('returnTo')).toBe('/pay?orderId=o1&resume=jsapi')
    // Busy until the page goes.
    expect(document.querySelector('.adm-button-loading')).toBeDisabled()
    expect(screen.queryByRole('button', { name: '立即支付' })).toBeNull()
  })

  it('back from the authorization, pays at once; a second 409 is said, not another trip', async () => {
    sessionStorage.setItem('wechat-pay-authorized:o1', 'sent')
    const api = stubApi({
      'GET /api/orders/o1': order(),
      'GET /api/payments/channels': channels(['native', 'jsapi']),
      'POST /api/orders/o1/pay': apiError(409, 'WECHAT_NOT_BOUND', '请先在微信中授权登录'),
    })
    const assign = vi.spyOn(documentNavigation, 'assign').mockImplementation(() => {})
    const router = renderScreen(PayPage, '/pay?orderId=o1&resume=jsapi')
    expect(await screen.findByRole('alert')).toHaveTextContent('请先在微信中授权登录')
    expect(api.callsTo('POST', '/api/orders/o1/pay')).toHaveLength(1)
    expect(assign).not.toHaveBeenCalled()
    expect(router.state.location.search).toBe('?orderId=o1')
  })
})

describe('/pay inside the company app', () => {
  it("pays through the app's bridge with the payment's invoke", async () => {
    nativeStore.update({ isInApp: true, device: 'ios' })
    const call = vi.fn(async () => ({ result: 'ok' }))
    window.GuohengBridge = { call } as unknown as GuohengBridge
    const api = stubApi({
      'GET /api/orders/o1': order(),
      'GET /api/payments/channels': channels(['native', 'h5', 'app']),
      'POST /api/orders/o1/pay': payment({ paymentId: 'pay_app', scene: 'app', invoke: appInvoke }),
    })
    renderScreen(PayPage, '/pay?orderId=o1')
    expect(await screen.findByText('通过国恒保险 App 支付')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: '立即支付' }))
    expect(await location()).toHaveTextContent('/pay/result?orderId=o1&paymentId=pay_app')
    expect(api.callsTo('POST', '/api/orders/o1/pay')[0].body).toEqual({ channel: 'wechat', scene: 'app' })
    expect(call).toHaveBeenCalledWith('pay', { invoke: appInvoke })
  })
})

describe('/pay in a phone browser (H5)', () => {
  it("goes to WeChat's H5 cashier with the address of the result screen to come back to", async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query === '(pointer: coarse)', media: query }) as MediaQueryList,
    )
    nativeStore.update({ device: 'android' })
    const h5Url =
      'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx20161110163838f231619da20804912345&package=1037687096'
    const api = stubApi({
      'GET /api/orders/o1': order(),
      'GET /api/payments/channels': channels(['native', 'h5']),
      'POST /api/orders/o1/pay': payment({ paymentId: 'pay_h5', scene: 'h5', payUrl: h5Url }),
    })
    const assign = vi.spyOn(documentNavigation, 'assignSendingOrigin').mockImplementation(() => {})
    renderScreen(PayPage, '/pay?orderId=o1')
    expect(await screen.findByText('跳转微信完成支付')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: '立即支付' }))
    await waitFor(() => expect(assign).toHaveBeenCalledOnce())
    const back = `${window.location.origin}/pay/result?orderId=o1&paymentId=pay_h5`
    expect(assign).toHaveBeenCalledWith(`${h5Url}&redirect_url=${encodeURIComponent(back)}`)
    expect(api.callsTo('POST', '/api/orders/o1/pay')[0].body).toEqual({ channel: 'wechat', scene: 'h5' })
  })
})
