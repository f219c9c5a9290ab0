import { ActionSheet } from '../overlays'
import { message, toast } from '../notice'
import { shareGuide } from './shareGuide'
import { withShareMark } from '../../lib/analytics/shareMark'
import { nativeBridge } from '../../lib/nativeBridge'
import { shareCardOf, type ShareInfo } from '../../lib/wechat/shareCards'
import { nativeStore } from '../../state/native'

async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url)
    message('success', '链接已复制，快去分享给好友吧')
  } catch {
    toast('error', '复制失败，请长按地址栏复制链接')
  }
}

/** The browser's way: the system share sheet when there is one, else our sheet with 复制链接. */
async function shareInBrowser(info: ShareInfo, url: string): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: info.title, text: info.desc, url })
      return
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return
      // Not allowed here (e.g. no user gesture): fall back to our sheet.
    }
  }
  const handler = ActionSheet.show({
    extra: info.title,
    cancelText: '取消',
    actions: [{ key: 'copy', text: '复制链接' }],
    onAction: (action) => {
      handler.close()
      if (action.key === 'copy') void copyLink(url)
    },
  })
}

/**
 * Shares the page. Inside WeChat only WeChat's own ··· menu shares (with the card the page gave the JS-SDK): the
 * guide points there. Inside the company's app its share panel gets the card. Elsewhere the system share sheet or
 * 复制链接. The link is marked as shared (utm_medium=share), so the visits it brings count as 分享 in the page's
 * analytics. Config pages' share action and the articles' 分享 button share through it.
 */
export async function sharePage(info: ShareInfo, url = withShareMark(window.location.href)): Promise<void> {
  if (nativeStore.state.inWechat) {
    shareGuide.show()
    return
  }
  if (nativeBridge.offers('share')) {
    await nativeBridge.share(shareCardOf(info, url), () => shareInBrowser(info, url))
    return
  }
  await shareInBrowser(info, url)
}
