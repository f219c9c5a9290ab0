import { BridgeUnavailableError, bridgeOffers, callBridge } from './callBridge'
import type { AppPayAnswer, AppPayInvoke, BridgeMethods, BridgeShareCard } from './protocol'

// The four calls the mall makes of the company's app, each with what a browser does instead.

/** How long the app may take to hand over its token before the mall goes on without it. */
export const TOKEN_TIMEOUT_MS = 5000
/** setTitle is fire-and-forget; an app that never answers holds nothing up. */
const TITLE_TIMEOUT_MS = 3000

export type AppPayOutcome = AppPayAnswer
/** shared / closed: the app's panel answered; fallback: the browser's way ran instead. */
export type ShareOutcome = 'shared' | 'closed' | 'fallback'

/** The app user's token; null outside the app, when nobody is logged in to it, or when the app did not answer. */
async function getToken(): Promise<string | null> {
  try {
    const { token } = await callBridge('getToken', {}, TOKEN_TIMEOUT_MS)
    return typeof token === 'string' && token !== '' ? token : null
  } catch (error) {
    if (!(error instanceof BridgeUnavailableError)) console.warn('[native-bridge] getToken failed', error)
    return null
  }
}

/** The screen's title: the document's (a browser's tab), and the app's title bar inside the app. */
function setTitle(title: string): void {
  if (typeof document !== 'undefined') document.title = title
  if (!bridgeOffers('setTitle')) return
  callBridge('setTitle', { title }, TITLE_TIMEOUT_MS).catch((error: unknown) =>
    console.warn('[native-bridge] setTitle failed', error),
  )
}

/** The app's share panel; `fallback` (the browser's sheet) when the app has none or it failed. */
async function share(card: BridgeShareCard, fallback: () => Promise<void>): Promise<ShareOutcome> {
  if (bridgeOffers('share')) {
    try {
      const { shared } = await callBridge('share', card, 0)
      return shared ? 'shared' : 'closed'
    } catch (error) {
      if (!(error instanceof BridgeUnavailableError)) console.warn('[native-bridge] share failed', error)
    }
  }
  await fallback()
  return 'fallback'
}

/** The app's answer to pay, or the WeChat SDK's PayResp passed on (errCode 0 paid, -2 cancelled). */
function payOutcomeOf(answer: BridgeMethods['pay']['result']): AppPayOutcome {
  if ('errCode' in answer)
    return { result: answer.errCode === 0 ? 'ok' : answer.errCode === -2 ? 'cancel' : 'fail' }
  if (answer.result === 'ok' || answer.result === 'cancel') return { result: answer.result }
  return { result: 'fail', message: answer.message }
}

/**
 * WeChat Pay through the app's SDK with a payment's `invoke` (scene `app`). Outside the app there is no such pay:
 * `fallback` says what the page does then (the pay screen only chooses this scene where the app offers pay).
 */
async function pay(invoke: AppPayInvoke, fallback: () => Promise<AppPayOutcome>): Promise<AppPayOutcome> {
  try {
    return payOutcomeOf(await callBridge('pay', { invoke }, 0))
  } catch (error) {
    if (error instanceof BridgeUnavailableError) return fallback()
    console.warn('[native-bridge] pay failed', error)
    return { result: 'fail' }
  }
}

export const nativeBridge = {
  /** Whether the app's bridge is here and offers `method`. */
  offers: bridgeOffers,
  getToken,
  setTitle,
  share,
  pay,
}
