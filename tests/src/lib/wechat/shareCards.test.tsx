import { render } from '@testing-library/react'
import { stubApi } from '../../harness'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { currentPageConfig } from '../../../../src/page-config/migrations'
import { ConfigPage } from '../../../../src/page-runtime/ConfigPage'
import { PageHostContext } from '../../../../src/page-runtime/pageHost'
import { resetJsSdk, type JsSdkConfig, type Wx } from '../../../../src/lib/wechat/jssdk'
import { forgetLandingUrl, rememberLandingUrl } from '../../../../src/lib/wechat/landingUrl'
import {
  installShareCards,
  resetShareCards,
  setScreenShareTitle,
  shareCardsSettled,
} from '../../../../src/lib/wechat/shareCards'

// Inside WeChat every screen's share card reaches WeChat: the page's URL signed by the server, the JS-SDK loaded
// from the URL the server names, wx.config, and only at wx.ready the card (a config page's share title,
// description and image; the default card elsewhere), its link marked as shared.

const SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js'

/** WeChat's SDK as the page sees it: configs it was given, and the cards set after ready. */
function fakeWx() {
  const ready: (() => void)[] = []
  const failed: ((detail: unknown) => void)[] = []
  const state = {
    configs: [] as { signature: string }[],
    appMessage: [] as Record<string, unknown>[],
    timeline: [] as Record<string, unknown>[],
    ready: () => ready.splice(0).forEach((callback) => callback()),
    refuse: () => failed.splice(0).forEach((callback) => callback({ errMsg: 'config:invalid signature' })),
  }
  const wx: Wx = {
    config: (config) => void state.configs.push(config),
    ready: (callback) => void ready.push(callback),
    error: (callback) => void failed.push(callback),
    updateAppMessageShareData: (data) => void state.appMessage.push({ ...data }),
    updateTimelineShareData: (data) => void state.timeline.push({ ...data }),
  }
  // The SDK's script "loads" as it is added to the page.
  const append = document.head.appendChild.bind(document.head)
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    if (node instanceof HTMLScriptElement && node.src === SDK_URL) {
      window.wx = wx
      setTimeout(() => node.onload?.(new Event('load')), 0)
      return node
    }
    return append(node)
  })
  return state
}

const signed = (url: string): JsSdkConfig => ({
  appId: 'wx-official',
  timestamp: 1_700_000_000,
  nonceStr: 'n0nce',
  signature: `sig-of:${url}`,
  jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
  sdkUrl: SDK_URL,
})

const page = currentPageConfig({
  schemaVersion: 3,
  title: '世界杯竞猜',
  share: { title: '一起猜世界杯', desc: '猜中比分领好礼', image: '/activity/worldcup/share.png' },
  blocks: [{ type: 'title', text: '世界杯竞猜' }],
})

const settle = async () => {
  await shareCardsSettled()
  await new Promise((resolve) => setTimeout(resolve, 0))
}

beforeEach(() => {
  resetShareCards()
  resetJsSdk()
  forgetLandingUrl()
})
afterEach(() => {
  delete window.wx
  resetShareCards()
})

describe('WeChat share cards', () => {
  it("sets the config page's card after wx.ready, with the page's URL signed and the link marked as shared", async () => {
    const wx = fakeWx()
    stubApi({})
    const fetchJsConfig = vi.fn(async (url: string) => signed(url))
    installShareCards({ fetchJsConfig })
    const { unmount } = render(
      <PageHostContext.Provider
        value={{ pathname: '/activity/worldcup', search: '', params: {}, navigate: vi.fn() }}
      >
        <ConfigPage config={page} />
      </PageHostContext.Provider>,
    )
    await vi.waitFor(() => expect(wx.configs).toHaveLength(1))
    const href = window.location.href.split('#')[0]
    expect(fetchJsConfig).toHaveBeenCalledWith(href)
    expect(wx.configs[0]).toMatchObject({ appId: 'wx-official', signature: `sig-of:${href}`, debug: false })
    // Nothing reaches WeChat before it accepted the signature.
    expect(wx.appMessage).toEqual([])

    wx.ready()
    await settle()
    const link = new URL(href)
    link.searchParams.set('utm_medium', 'share')
    const image = new URL('/activity/worldcup/share.png', href).href
    expect(wx.appMessage).toEqual([
      { title: '一起猜世界杯', desc: '猜中比分领好礼', link: link.href, imgUrl: image },
    ])
    expect(wx.timeline).toEqual([{ title: '一起猜世界杯', link: link.href, imgUrl: image }])

    // Another screen: the default card, with the screen's title (the SDK stays configured for the same URL).
    setScreenShareTitle('我的保单')
    unmount()
    await settle()
    expect(wx.appMessage.at(-1)).toEqual({
      title: '我的保单',
      desc: '国恒保险商城：在线投保、保单查询与理赔服务',
      link: link.href,
      imgUrl: new URL('/icon.svg', href).href,
    })
    expect(fetchJsConfig).toHaveBeenCalledOnce()
  })

  it('retries a refused signature once with the URL the tab was opened at (WeChat on iOS)', async () => {
    const wx = fakeWx()
    rememberLandingUrl('http://localhost:3000/activity/worldcup?utm_medium=share#top')
    const fetchJsConfig = vi.fn(async (url: string) => signed(url))
    installShareCards({ fetchJsConfig })
    setScreenShareTitle('国恒保险商城')
    await vi.waitFor(() => expect(wx.configs).toHaveLength(1))
    wx.refuse()
    await vi.waitFor(() => expect(wx.configs).toHaveLength(2))
    expect(fetchJsConfig).toHaveBeenLastCalledWith('http://localhost:3000/activity/worldcup?utm_medium=share')
    wx.ready()
    await settle()
    expect(wx.appMessage).toHaveLength(1)
    expect(wx.appMessage[0]).toMatchObject({ title: '国恒保险商城' })
  })

  it('does nothing until installed (outside WeChat, or without the JS-SDK configured)', async () => {
    const wx = fakeWx()
    setScreenShareTitle('首页')
    await settle()
    expect(wx.configs).toEqual([])
    expect(document.head.appendChild).not.toHaveBeenCalled()
  })
})
