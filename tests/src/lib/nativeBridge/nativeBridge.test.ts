import { afterEach, describe, expect, it, vi } from 'vitest'
import { nativeBridge, TOKEN_TIMEOUT_MS, type GuohengBridge } from '../../../../src/lib/nativeBridge'

// The company app's bridge (docs/wechat.md): each method calls the app when its bridge is injected, and does
// what a browser does when it is not (or when the app lacks the method).

const card = {
  title: '世界杯竞猜',
  desc: '猜中有礼',
  link: 'https://mall.example/activity/worldcup?utm_medium=share',
  imgUrl: 'https://mall.example/share.png',
}
const invoke = {
  kind: 'app' as const,
  appid: 'wxapp',
  partnerid: '1900000001',
  prepayid: 'wx201410272009395522657a690389285100',
  package: 'Sign=WXPay' as const,
  noncestr: 'n0nce',
  timestamp: '1700000000',
  sign: 'c2lnbg==',
}

/** Installs an app bridge answering from `answers`; records its calls. */
function installBridge(answers: Record<string, (params: unknown) => unknown>, methods?: string[]) {
  const calls: { method: string; params: unknown }[] = []
  const bridge = {
    call: vi.fn(async (method: string, params: unknown) => {
      calls.push({ method, params })
      const answer = answers[method]
      if (!answer) throw Object.assign(new Error('unknown'), { code: 'UNSUPPORTED' })
      return answer(params)
    }),
    ...(methods ? { methods } : {}),
  }
  window.GuohengBridge = bridge as unknown as GuohengBridge
  return calls
}

afterEach(() => {
  delete window.GuohengBridge
  vi.useRealTimers()
})

describe('outside the app (no bridge): the browser fallbacks', () => {
  it('has no token, titles the document, shares with the browser and leaves pay to the page', async () => {
    expect(nativeBridge.offers('getToken')).toBe(false)
    expect(await nativeBridge.getToken()).toBeNull()
    nativeBridge.setTitle('支付')
    expect(document.title).toBe('支付')
    const browserShare = vi.fn(async () => {})
    expect(await nativeBridge.share(card, browserShare)).toBe('fallback')
    expect(browserShare).toHaveBeenCalledOnce()
    const elsewhere = vi.fn(async () => ({ result: 'fail' as const, message: '请在国恒保险 App 中完成支付' }))
    expect(await nativeBridge.pay(invoke, elsewhere)).toEqual({
      result: 'fail',
      message: '请在国恒保险 App 中完成支付',
    })
  })
})

describe('inside the app', () => {
  it('asks the app for its token, sets its title bar too, and shares and pays through it', async () => {
    const calls = installBridge({
      getToken: () => ({ token: 'app-token-1' }),
      setTitle: () => ({}),
      share: () => ({ shared: true }),
      pay: () => ({ result: 'ok' }),
    })
    expect(await nativeBridge.getToken()).toBe('app-token-1')
    nativeBridge.setTitle('我的保单')
    expect(document.title).toBe('我的保单')
    const browserShare = vi.fn(async () => {})
    expect(await nativeBridge.share(card, browserShare)).toBe('shared')
    expect(browserShare).not.toHaveBeenCalled()
    expect(await nativeBridge.pay(invoke, async () => ({ result: 'fail' }))).toEqual({ result: 'ok' })
    expect(calls).toEqual([
      { method: 'getToken', params: {} },
      { method: 'setTitle', params: { title: '我的保单' } },
      { method: 'share', params: card },
      { method: 'pay', params: { invoke } },
    ])
  })

  it('says no token when nobody is logged in to the app, and when the app does not answer in time', async () => {
    installBridge({ getToken: () => ({ token: null }) })
    expect(await nativeBridge.getToken()).toBeNull()
    vi.useFakeTimers()
    installBridge({ getToken: () => new Promise(() => {}) })
    const asked = nativeBridge.getToken()
    await vi.advanceTimersByTimeAsync(TOKEN_TIMEOUT_MS)
    expect(await asked).toBeNull()
  })

  it('falls back where the app lacks a method (not listed, or UNSUPPORTED), and when its share panel fails', async () => {
    installBridge({ getToken: () => ({ token: 't' }), share: () => ({ shared: true }) }, ['getToken'])
    expect(nativeBridge.offers('share')).toBe(false)
    const browserShare = vi.fn(async () => {})
    expect(await nativeBridge.share(card, browserShare)).toBe('fallback')

    installBridge({ share: () => Promise.reject(new Error('panel crashed')) })
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(await nativeBridge.share(card, browserShare)).toBe('fallback')
    expect(browserShare).toHaveBeenCalledTimes(2)

    installBridge({})
    const elsewhere = vi.fn(async () => ({ result: 'fail' as const }))
    expect(await nativeBridge.pay(invoke, elsewhere)).toEqual({ result: 'fail' })
    expect(elsewhere).toHaveBeenCalledOnce()
  })

  it("takes WeChat's PayResp as the app may pass it on (errCode 0 paid, -2 cancelled, other failed)", async () => {
    for (const [errCode, result] of [
      [0, 'ok'],
      [-2, 'cancel'],
      [-1, 'fail'],
    ] as const) {
      installBridge({ pay: () => ({ errCode }) })
      expect(await nativeBridge.pay(invoke, async () => ({ result: 'fail' }))).toEqual({ result })
    }
  })

  it("reports the app's cancel and failure of pay, and a closed share panel", async () => {
    installBridge({ pay: () => ({ result: 'cancel' }), share: () => ({ shared: false }) })
    expect(await nativeBridge.pay(invoke, async () => ({ result: 'fail' }))).toEqual({ result: 'cancel' })
    expect(await nativeBridge.share(card, async () => {})).toBe('closed')
    installBridge({ pay: () => Promise.reject(new Error('sdk error')) })
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(await nativeBridge.pay(invoke, async () => ({ result: 'ok' }))).toEqual({ result: 'fail' })
  })
})
