import { queryParam, withQuery } from '../../lib/href'

// The purchase flow: gates, forms, payment (sandbox or QR code), collecting a free policy and the outcome.

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
  /** Back from WeChat's H5 cashier (or the app's and WeChat's pay): the result as the server confirms it. */
  payResult: '/pay/result',
  /** 确认领取 of a zero-premium order (the spec's path). */
  collectFreePolicy: '/skiPay',
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
  /** 一键续保: the policy renewed (the new cover starts the day it ends). */
  renew?: string
}

export const specialNotifyHref = (start: PurchaseStart) =>
  withQuery(purchasePaths.specialNotify, { ...start })

export const flowHref = (step: FlowStep, productId: string, applicationId: string) =>
  withQuery(purchasePaths[step], { productId, applicationId })

/** Where an unpaid order goes on: 确认领取 for a zero premium, else the pay screen. */
export const payOrderHref = (order: { id: string; premiumFen?: number }) =>
  withQuery(order.premiumFen === 0 ? purchasePaths.collectFreePolicy : purchasePaths.pay, {
    orderId: order.id,
  })
export const payHref = (orderId: string) => withQuery(purchasePaths.pay, { orderId })
export const payQrCodeHref = (orderId: string, paymentId: string) =>
  withQuery(purchasePaths.payQrCode, { orderId, paymentId })
export const sandboxPayHref = (paymentId: string) => withQuery(purchasePaths.sandboxPay, { paymentId })
export const payResultHref = (orderId: string, paymentId: string) =>
  withQuery(purchasePaths.payResult, { orderId, paymentId })
export const paySuccessHref = (orderId: string) => withQuery(purchasePaths.paySuccess, { orderId })

/** The order a pay screen's URL names (?orderId=), or null. */
export const orderIdOf = (search: URLSearchParams): string | null => queryParam(search, 'orderId')
/** The payment a pay screen's URL names (?paymentId=), or null. */
export const paymentIdOf = (search: URLSearchParams): string | null => queryParam(search, 'paymentId')
