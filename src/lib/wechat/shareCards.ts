import { APP_INFO, DEFAULT_SHARE_CARD } from '../../config/app'
import { withShareMark } from '../analytics/shareMark'
import { configureJsSdk, loadJsSdk, type JsSdkConfig, type Wx } from './jssdk'
import { landingUrl } from './landingUrl'

// The WeChat share card of the screen on show: a config page's own share info while it is mounted, else the
// screen's title with the mall's default description and icon. Inside WeChat (once installShareCards ran) every
// change of card or URL signs the page's URL (GET /api/wechat/js-config), configures the JS-SDK and, at
// wx.ready, hands the card to 发送给朋友 and 分享到朋友圈.

/** What a page says about itself when shared (blocks/runtime's ShareInfo). */
export interface ShareInfo {
  title: string
  desc?: string
  image?: string
}

/** A card as WeChat and the app's share panel take it: absolute link (marked as shared) and image. */
export interface ShareCard {
  title: string
  desc: string
  link: string
  imgUrl: string
}

export interface ShareCardOptions {
  /** The signed config for a page URL (GET /api/wechat/js-config). */
  fetchJsConfig(url: string): Promise<JsSdkConfig>
}

let pageInfo: ShareInfo | null = null
let screenTitle = ''
let options: ShareCardOptions | null = null
let timer: ReturnType<typeof setTimeout> | null = null
/** The URL the SDK is configured for now, and the SDK itself. */
let configured: { url: string; wx: Wx } | null = null
/** Applies run one after another: each configures the SDK for its own URL. */
let queue: Promise<void> = Promise.resolve()

const pageUrl = () => window.location.href.split('#')[0]

/** The card of `info` for the page at `href`. */
export function shareCardOf(info: ShareInfo, href: string = pageUrl()): ShareCard {
  return {
    title: info.title,
    desc: info.desc ?? DEFAULT_SHARE_CARD.desc,
    link: withShareMark(href.split('#')[0]),
    imgUrl: new URL(info.image ?? DEFAULT_SHARE_CARD.image, href).href,
  }
}

/** The card of the screen on show now. */
export function currentShareCard(): ShareCard {
  return shareCardOf(pageInfo ?? { title: screenTitle || APP_INFO.displayName })
}

/** A config page's share info while it is on show; the returned function takes it back. */
export function setPageShareCard(info: ShareInfo): () => void {
  const own = { ...info }
  pageInfo = own
  schedule()
  return () => {
    if (pageInfo !== own) return
    pageInfo = null
    schedule()
  }
}

/** The title of the screen on show (the default card's); called on every screen change. */
export function setScreenShareTitle(title: string): void {
  screenTitle = title
  schedule()
}

/** Inside WeChat with the JS-SDK configured on the server: from now on the cards reach WeChat. */
export function installShareCards(given: ShareCardOptions): void {
  options = given
  schedule()
}

/** One apply for the changes of a moment (a screen change sets the title and the page's card together). */
function schedule(): void {
  if (!options || timer !== null) return
  timer = setTimeout(() => {
    timer = null
    queue = queue.then(apply, apply)
  }, 0)
}

async function apply(): Promise<void> {
  if (!options) return
  const url = pageUrl()
  const card = currentShareCard()
  try {
    const wx = await configuredFor(url, options)
    // A newer screen is on show already: its own apply follows.
    if (pageUrl() !== url) return
    wx.updateAppMessageShareData({ title: card.title, desc: card.desc, link: card.link, imgUrl: card.imgUrl })
    wx.updateTimelineShareData({ title: card.title, link: card.link, imgUrl: card.imgUrl })
  } catch (error) {
    console.warn('[wechat] share card not applied', error)
  }
}

/**
 * The SDK configured for `url`. WeChat on iOS checks the signature against the URL the tab was opened at: a
 * refused signature of the current URL is tried once more with that one.
 */
async function configuredFor(url: string, given: ShareCardOptions): Promise<Wx> {
  if (configured?.url === url) return configured.wx
  configured = null
  const attempt = async (signed: string) => {
    const config = await given.fetchJsConfig(signed)
    const wx = await loadJsSdk(config.sdkUrl)
    await configureJsSdk(wx, config)
    return wx
  }
  let wx: Wx
  try {
    wx = await attempt(url)
  } catch (error) {
    const first = landingUrl()
    if (!first || first === url) throw error
    wx = await attempt(first)
  }
  configured = { url, wx }
  return wx
}

/** Back to the start (tests). */
export function resetShareCards(): void {
  pageInfo = null
  screenTitle = ''
  options = null
  configured = null
  if (timer !== null) clearTimeout(timer)
  timer = null
  queue = Promise.resolve()
}

/** Resolves once the applies asked for so far have run (tests). */
export async function shareCardsSettled(): Promise<void> {
  while (timer !== null) await new Promise((resolve) => setTimeout(resolve, 0))
  await queue
}
