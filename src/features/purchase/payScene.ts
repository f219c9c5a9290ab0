import type { PayChannel, PaymentScene } from './api'

// Which WeChat Pay scene the pay screen starts (docs/wechat.md, 支付): the company app pays through its bridge,
// WeChat through JSAPI, another phone browser on WeChat's H5 cashier, a computer by the QR code.

export interface PaySceneFacts {
  channel: PayChannel
  /** The scenes the provider offers now (GET /api/payments/channels). */
  scenes: readonly PaymentScene[]
  /** Inside the company's app, whose bridge offers pay. */
  appPays: boolean
  inWechat: boolean
  /** A touch phone (a computer shows the QR code). */
  onPhone: boolean
}

export function choosePayScene({ channel, scenes, appPays, inWechat, onPhone }: PaySceneFacts): PaymentScene {
  // 支付宝 and 银行卡 pay as before: the provider's page on a phone, the QR code on a computer.
  if (channel !== 'wechat') return 'native'
  if (appPays && scenes.includes('app')) return 'app'
  // WeChat's browser refuses the H5 cashier; without JSAPI the payer long-presses the QR code instead.
  if (inWechat) return scenes.includes('jsapi') ? 'jsapi' : 'native'
  if (onPhone && scenes.includes('h5')) return 'h5'
  return 'native'
}

/** How 微信支付 pays in each scene, said under its name on the pay screen. */
export const SCENE_DESCRIPTIONS: Record<PaymentScene, string> = {
  native: '扫码支付',
  h5: '跳转微信完成支付',
  jsapi: '在微信内直接支付',
  app: '通过国恒保险 App 支付',
}
