import { ActionSheet } from '../components/overlays'
import { message, toast } from '../components/notice'
import type { ShareInfo } from '../blocks/runtime'
import { withShareMark } from '../lib/analytics/shareMark'

async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url)
    message('success', '链接已复制，快去分享给好友吧')
  } catch {
    toast('error', '复制失败，请长按地址栏复制链接')
  }
}

/**
 * System share sheet when the browser has one, else our sheet with 复制链接. The link is marked as shared
 * (utm_medium=share), so the visits it brings count as 分享 in the page's analytics.
 */
export async function sharePage(info: ShareInfo, url = withShareMark(window.location.href)): Promise<void> {
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
