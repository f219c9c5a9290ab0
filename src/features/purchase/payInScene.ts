import { withLayoutPrefix } from '../../components/navigation/appPath'
import { withBasename } from '../../config/router'
import { nativeBridge } from '../../lib/nativeBridge'
import { payWithJsapi } from '../../lib/wechat/jsapiPay'
import type { Payment } from './api'
import { payResultHref } from './paths'

// Paying a started payment where the pay screen runs (payScene.ts): the company app's pay or WeChat's JSAPI with
// the payment's `invoke`, or WeChat's H5 cashier, which comes back to /pay/result.

export type InvokeResult = { result: 'ok' } | { result: 'cancel' } | { result: 'fail'; message: string }

export const PAY_FAILED = '支付未成功，请重新支付或选择其他支付方式'
export const PAY_CANCELLED = '您已取消支付，订单仍可在有效期内支付'

/** The app's own words when they are Chinese (an SDK's English code is not for the payer). */
const chinese = (text: string | undefined) => (text && /[\u4e00-\u9fa5]/.test(text) ? text : undefined)

/** Pays a payment of scene `jsapi` (WeChat's cashier) or `app` (the app's pay); ok: the server still confirms. */
export async function invokePayment(payment: Payment): Promise<InvokeResult> {
  const invoke = payment.invoke
  if (invoke?.kind === 'jsapi') {
    const result = await payWithJsapi(invoke)
    return result === 'fail' ? { result, message: PAY_FAILED } : { result }
  }
  if (invoke?.kind === 'app') {
    const answer = await nativeBridge.pay(invoke, async () => ({
      result: 'fail',
      message: '请在国恒保险 App 中完成支付',
    }))
    return answer.result === 'fail'
      ? { result: 'fail', message: chinese(answer.message) ?? PAY_FAILED }
      : { result: answer.result }
  }
  return { result: 'fail', message: '支付参数有误，请稍后重试' }
}

/**
 * The address WeChat's H5 cashier comes back to: this payment's /pay/result, in the layout the payer is in
 * (`here`: the pay screen's router path).
 */
export function h5ReturnUrl(orderId: string, paymentId: string, here: string): string {
  const path = withLayoutPrefix(payResultHref(orderId, paymentId), here)
  return new URL(withBasename(path), window.location.origin).href
}

/** WeChat's h5_url with the return address (WeChat wants it URL-encoded, after its own query). */
export function withRedirectUrl(payUrl: string, back: string): string {
  return `${payUrl}${payUrl.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(back)}`
}
