import type { AppInvoke } from '../../types/generated/api/payment'

// The protocol between the mall's pages and the company's app (docs/wechat.md, 原生 App 桥). The app injects
// `window.GuohengBridge` before the page's scripts run (WKUserScript at document start on iOS, a script evaluated
// on page start on Android); every method answers with a promise.

/** What the app's bridge pay method takes: the `invoke` of a payment of scene `app` (POST /api/orders/:id/pay). */
export type AppPayInvoke = AppInvoke

/** The app's answer to pay. */
export interface AppPayAnswer {
  result: 'ok' | 'cancel' | 'fail'
  message?: string
}

/** WeChat OpenSDK's PayResp, which an app may pass on as it is. */
export interface WechatPayResp {
  errCode: number
  errStr?: string
}

/** A share card: what a chat shows of the shared link. */
export interface BridgeShareCard {
  title: string
  desc: string
  /** The page to open, absolute, marked as shared (utm_medium=share). */
  link: string
  /** Absolute image URL. */
  imgUrl: string
}

/** Each method's parameters and answer. */
export interface BridgeMethods {
  /** The app user's token (null: nobody is logged in to the app). The mall exchanges it for a session. */
  getToken: { params: Record<string, never>; result: { token: string | null } }
  /** The title the app's title bar shows for the current screen. */
  setTitle: { params: { title: string }; result: Record<string, never> }
  /** The app's own share panel. `shared` false: the user closed it without sharing. */
  share: { params: BridgeShareCard; result: { shared: boolean } }
  /**
   * WeChat Pay through the app's SDK; `ok` only says the SDK finished, the mall still asks the server. An app may
   * also answer with the SDK's own PayResp (errCode 0 paid, -2 cancelled, anything else failed).
   */
  pay: { params: { invoke: AppPayInvoke }; result: AppPayAnswer | WechatPayResp }
}

export type BridgeMethod = keyof BridgeMethods

/** What the app puts on window. `methods`, if given, lists what this app version implements. */
export interface GuohengBridge {
  call<M extends BridgeMethod>(
    method: M,
    params: BridgeMethods[M]['params'],
  ): Promise<BridgeMethods[M]['result']>
  methods?: readonly string[]
}

declare global {
  interface Window {
    GuohengBridge?: GuohengBridge
  }
}
