// A typed bridge to the company's app (docs/wechat.md): token, title bar, share and pay, each with the
// browser's way when the page is not inside the app.
export { nativeBridge, TOKEN_TIMEOUT_MS, type AppPayOutcome, type ShareOutcome } from './methods'
export { BridgeTimeoutError, BridgeUnavailableError } from './callBridge'
export type {
  AppPayAnswer,
  AppPayInvoke,
  BridgeMethod,
  BridgeMethods,
  BridgeShareCard,
  GuohengBridge,
  WechatPayResp,
} from './protocol'
