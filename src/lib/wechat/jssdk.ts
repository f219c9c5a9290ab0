// WeChat's JS-SDK (jweixin): loaded from the URL the server names, configured with the server's signature.
// Only the calls the mall makes are typed.

/** GET /api/wechat/js-config's answer: the signed config for one page URL and where the SDK is. */
export interface JsSdkConfig {
  appId: string
  timestamp: number | string
  nonceStr: string
  signature: string
  jsApiList: string[]
  sdkUrl: string
}

interface ShareData {
  title: string
  link: string
  imgUrl: string
  desc?: string
  success?: () => void
}

export interface Wx {
  config(config: {
    debug: boolean
    appId: string
    timestamp: number | string
    nonceStr: string
    signature: string
    jsApiList: string[]
  }): void
  ready(callback: () => void): void
  error(callback: (detail: unknown) => void): void
  updateAppMessageShareData(data: ShareData): void
  updateTimelineShareData(data: ShareData): void
}

declare global {
  interface Window {
    wx?: Wx
    jWeixin?: Wx
  }
}

const loading = new Map<string, Promise<Wx>>()

/** The SDK at `sdkUrl`, its script added once (a failed load is tried again by the next call). */
export function loadJsSdk(sdkUrl: string): Promise<Wx> {
  const known = loading.get(sdkUrl)
  if (known) return known
  const load = new Promise<Wx>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = sdkUrl
    script.async = true
    script.onload = () => {
      const wx = window.wx ?? window.jWeixin
      if (wx) resolve(wx)
      else reject(new Error('jweixin loaded without wx'))
    }
    script.onerror = () => reject(new Error(`jweixin failed to load: ${sdkUrl}`))
    document.head.appendChild(script)
  })
  load.catch(() => loading.delete(sdkUrl))
  loading.set(sdkUrl, load)
  return load
}

/** wx.config with a signed config; resolves at wx.ready, rejects at wx.error (an invalid signature). */
export function configureJsSdk(wx: Wx, config: JsSdkConfig): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    wx.ready(resolve)
    wx.error((detail) => reject(new Error(`wx.config refused: ${JSON.stringify(detail)}`)))
    wx.config({
      debug: false,
      appId: config.appId,
      timestamp: config.timestamp,
      nonceStr: config.nonceStr,
      signature: config.signature,
      jsApiList: config.jsApiList,
    })
  })
}

/** Forgets the loaded scripts (tests). */
export function resetJsSdk(): void {
  loading.clear()
}
