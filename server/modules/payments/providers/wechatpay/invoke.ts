import type { AppInvoke, JsapiInvoke } from '../../../../../src/types/generated/api/payment'
import type { WechatPayConfig } from './config'
import { newNonce, signMessage } from './signing'

// What the payer's side calls WeChat's pay with, signed with the merchant key (SHA256withRSA, base64) over the
// lines WeChat documents: JSAPI 调起支付 (WeixinJSBridge getBrandWCPayRequest) and APP 调起支付 (OpenSDK PayReq).
// Each line ends in \n, the last one too.

/** JSAPI: appId, timeStamp, nonceStr, package. */
export function jsapiPayMessage(
  p: Pick<JsapiInvoke, 'appId' | 'timeStamp' | 'nonceStr' | 'package'>,
): string {
  return `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`
}

/** APP: appid, timestamp, noncestr, prepayid. */
export function appPayMessage(p: Pick<AppInvoke, 'appid' | 'timestamp' | 'noncestr' | 'prepayid'>): string {
  return `${p.appid}\n${p.timestamp}\n${p.noncestr}\n${p.prepayid}\n`
}

const seconds = (at: Date) => String(Math.floor(at.getTime() / 1000))

export function jsapiInvoke(config: WechatPayConfig, prepayId: string, at: Date): JsapiInvoke {
  const fields = {
    appId: config.appid,
    timeStamp: seconds(at),
    nonceStr: newNonce(),
    package: `prepay_id=${prepayId}`,
  }
  const paySign = signMessage(config.merchantPrivateKey, jsapiPayMessage(fields))
  return { kind: 'jsapi', ...fields, signType: 'RSA', paySign }
}

export function appInvoke(config: WechatPayConfig, appid: string, prepayId: string, at: Date): AppInvoke {
  const fields = { appid, timestamp: seconds(at), noncestr: newNonce(), prepayid: prepayId }
  const sign = signMessage(config.merchantPrivateKey, appPayMessage(fields))
  return { kind: 'app', ...fields, partnerid: config.mchid, package: 'Sign=WXPay', sign }
}
