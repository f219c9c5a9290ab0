import { withQuery } from '../../lib/href'
import type { ScreenRoute } from '../../types/route'

// The purchase flow: gates, forms, payment (sandbox or QR code), the free-product claim and the outcome.

export const purchasePaths = {
  specialNotify: '/specialNotify',
  insured: '/insured',
  healthNotification: '/healthNotification',
  insuredCheck: '/insuredCheck',
  infoFill: '/infoFill',
  confirmReceiveInfo: '/confirmReceiveInfo',
  pay: '/pay',
  payQrCode: '/payqrcode',
  sandboxPay: '/pay/sandbox',
  skiPay: '/skiPay',
  paySuccess: '/paySuccess',
} as const

/** The steps after the entry, each of which carries the product and the application in its query string. */
export type FlowStep = 'insured' | 'healthNotification' | 'insuredCheck' | 'infoFill' | 'confirmReceiveInfo'

/** The purchase flow's entry with the factors chosen in the premium trial; the query string is the contract. */
export interface PurchaseStart {
  productId: string
  plan: string
  coveragePeriod: string
  paymentPeriod: string
  birthDate: string
  gender: string
  socialInsurance: string
}

export const specialNotifyHref = (start: PurchaseStart) =>
  withQuery(purchasePaths.specialNotify, { ...start })

export const flowHref = (step: FlowStep, productId: string, applicationId: string) =>
  withQuery(purchasePaths[step], { productId, applicationId })

/** Where an unpaid order is paid: the free claim for a zero premium, else the pay screen. */
export const payOrderHref = (order: { id: string; premiumFen?: number }) =>
  withQuery(order.premiumFen === 0 ? purchasePaths.skiPay : purchasePaths.pay, { orderId: order.id })
export const payHref = (orderId: string) => withQuery(purchasePaths.pay, { orderId })
export const payQrCodeHref = (orderId: string, paymentId: string) =>
  withQuery(purchasePaths.payQrCode, { orderId, paymentId })
export const sandboxPayHref = (paymentId: string) => withQuery(purchasePaths.sandboxPay, { paymentId })
export const paySuccessHref = (orderId: string) => withQuery(purchasePaths.paySuccess, { orderId })

export const purchaseRoutes: ScreenRoute[] = [
  { path: purchasePaths.specialNotify, title: '投保须知', load: () => import('./SpecialNotifyPage') },
  { path: purchasePaths.insured, title: '选择被保险人', load: () => import('./InsuredPage') },
  {
    path: purchasePaths.healthNotification,
    title: '健康告知',
    load: () => import('./HealthNotificationPage'),
  },
  { path: purchasePaths.insuredCheck, title: '核保结果', load: () => import('./InsuredCheckPage') },
  { path: purchasePaths.infoFill, title: '填写投保信息', load: () => import('./InfoFillPage') },
  {
    path: purchasePaths.confirmReceiveInfo,
    title: '确认投保信息',
    load: () => import('./ConfirmReceiveInfoPage'),
  },
  { path: purchasePaths.pay, title: '支付', load: () => import('./PayPage') },
  { path: purchasePaths.payQrCode, title: '扫码支付', load: () => import('./PayQrCodePage') },
  { path: purchasePaths.sandboxPay, title: '沙箱支付', load: () => import('./SandboxPayPage') },
  { path: purchasePaths.skiPay, title: '确认领取', load: () => import('./SkiPayPage') },
  { path: purchasePaths.paySuccess, title: '投保成功', load: () => import('./PaySuccessPage') },
]
