// A page of the mall in jsdom (scripts run, external scripts load), to drive the stand-in JS-SDK as a browser does.

export interface ShareOptions {
  title: string
  desc?: string
  link: string
  imgUrl: string
  success?: () => void
  fail?: (res: { errMsg: string }) => void
}

export interface Wx {
  config(config: object): void
  ready(fn: () => void): void
  error(fn: (res: { errMsg: string }) => void): void
  updateAppMessageShareData(options: ShareOptions): void
  updateTimelineShareData(options: ShareOptions): void
}

interface PageWindow {
  document: {
    createElement(tag: 'script'): { src: string; onload: (() => void) | null; onerror: (() => void) | null }
    head: { appendChild(node: object): void }
  }
  wx?: Wx
  close(): void
}

interface JsdomModule {
  JSDOM: new (
    html: string,
    options: { url: string; runScripts: 'dangerously'; resources: 'usable' },
  ) => { window: PageWindow }
}

/** Opens `pageUrl` (not fetched: an empty page at that address) and loads the JS-SDK from `sdkUrl` into it. */
export async function pageWithSdk(pageUrl: string, sdkUrl: string): Promise<{ wx: Wx; close(): void }> {
  // jsdom ships without type declarations; the part used here is typed above.
  const moduleName = 'jsdom'
  const { JSDOM } = (await import(moduleName)) as JsdomModule
  const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
    url: pageUrl,
    runScripts: 'dangerously',
    resources: 'usable',
  })
  const { window } = dom
  await new Promise<void>((resolve, reject) => {
    const script = window.document.createElement('script')
    script.onload = () => resolve()
    script.onerror = () => reject(new Error(`could not load ${sdkUrl}`))
    script.src = sdkUrl
    window.document.head.appendChild(script)
  })
  if (!window.wx) throw new Error('the SDK did not define wx')
  return { wx: window.wx, close: () => window.close() }
}

/** wx.config, then the outcome: 'ready' or wx.error's errMsg. */
export function configure(wx: Wx, config: object): Promise<string> {
  return new Promise((resolve) => {
    wx.ready(() => resolve('ready'))
    wx.error((res) => resolve(res.errMsg))
    wx.config({ debug: false, ...config })
  })
}

/** A share interface's outcome: 'ok' or its errMsg. */
export function share(
  wx: Wx,
  api: 'updateAppMessageShareData' | 'updateTimelineShareData',
  card: Omit<ShareOptions, 'success' | 'fail'>,
): Promise<string> {
  return new Promise((resolve) => {
    wx[api]({ ...card, success: () => resolve('ok'), fail: (res) => resolve(res.errMsg) })
  })
}
