import { useCallback } from 'react'
import type { Action } from '../types/generated/page'
import type { ShareInfo } from '../blocks/runtime'
import type { NoticeKind } from '../config/constants'
import { loginPathFor } from '../components/navigation/appPath'
import { describeError, HttpError, post, refreshServerData } from '../lib/request'
import { isAllowedLink } from '../page-config/allowedUrls'
import { isConfigApiPath } from '../page-config/apiPaths'
import { targetPath } from '../page-config/configPath'
import { usePageHost } from './pageHost'

const effects = () => import('./actionEffects')
/** Shows a toast once its chunk is there; never holds up or fails the action. */
const toast = (kind: NoticeKind, text: string) =>
  void effects().then(
    (m) => m.toast(kind, text),
    (error: unknown) => console.error('[page-runtime] toast unavailable', error),
  )

/** What the user sees when a config asks for an API path off the allow-list (page-config/apiPaths.ts). */
export const API_REFUSED = '该操作不可用（接口不在允许范围内）'

export function blockElementId(id: string): string {
  return `block-${id}`
}

/** What the login action says in a preview, which never leaves for the login screen. */
export const PREVIEW_LOGIN = '预览中不跳转登录：可切换“已登录”查看'
/** What an `api` action says in a preview: it sends nothing (a campaign's entries and claims count). */
export const PREVIEW_API = '预览中不提交：发布后点按才会提交到活动'

/**
 * Runs actions described as data. Never evaluates anything from the config. In a preview (`preview`) the login
 * and `api` actions only say so (nothing reaches the server's campaigns).
 */
export function useActionRunner(share: ShareInfo, text: (t: string) => string, preview = false) {
  const { navigate, pathname, search } = usePageHost()
  const loginPath = loginPathFor(pathname + search)

  return useCallback(
    async (action: Action): Promise<void> => {
      switch (action.type) {
        case 'navigate':
          // A page, never an API path: a config that reached the browser unchecked stays harmless.
          if (/^\/api(\/|$)/i.test(targetPath(action.to))) toast('error', API_REFUSED)
          else navigate(action.to, { replace: action.replace })
          return
        case 'link':
          if (isAllowedLink(action.href)) window.open(action.href, '_blank', 'noopener,noreferrer')
          else toast('error', '该链接不可打开')
          return
        case 'login':
          if (preview) toast('info', PREVIEW_LOGIN)
          else navigate(loginPath)
          return
        case 'share':
          await (await effects()).sharePage(share)
          return
        case 'toast':
          toast(action.kind ?? 'info', text(action.text))
          return
        case 'scroll-to':
          document
            .getElementById(blockElementId(action.target))
            ?.scrollIntoView({ behavior: 'smooth', block: 'start' })
          return
        case 'dialog':
          await (
            await effects()
          ).alertDialog(action.title, text(action.content), action.confirmText ?? '我知道了')
          return
        case 'api':
          // Checked again here: a config may reach the browser without the validator (an old published version).
          if (!isConfigApiPath('post', action.url)) {
            toast('error', API_REFUSED)
            return
          }
          if (preview) {
            toast('info', PREVIEW_API)
            return
          }
          try {
            await post(action.url, action.body)
            void refreshServerData()
            toast('success', action.successText ?? '操作成功')
            if (action.then) navigate(action.then.to, { replace: action.then.replace })
          } catch (error) {
            if (error instanceof HttpError && error.status === 401) {
              toast('info', '请先登录')
              navigate(loginPath)
            } else {
              toast('error', describeError(error))
            }
          }
          return
      }
    },
    [navigate, loginPath, share, text, preview],
  )
}
