import { Button } from 'antd-mobile'
import { CloseCircleOutline, ExclamationCircleOutline } from 'antd-mobile-icons'
import { useEffect, useMemo } from 'react'
import { useParams, useSearchParams } from 'react-router-dom'
import { BlockLoading } from '../../blocks/shared/BlockStatus'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { PROFILE_PARAM, profileParam, readProfileParam } from '../../domain/sandboxProfile'
import { describeError } from '../../lib/request'
import { ConfigPage, type PageOverrides } from '../../page-runtime/ConfigPage'
import { NotFoundScreen } from '../screens/NotFoundScreen'
import { ScreenMessage } from '../screens/ScreenMessage'
import { fetchPublishedPage, usePublishedPage } from './api'
import { publishedPageKey } from './pageKey'
import type { ScreenLoader } from '../../types/route'
import { PreviewLoginBar } from './PreviewLoginBar'

/** The preview link's login choice: `login=0` previews as a visitor (not part of the signature: see the bar). */
const GUEST_PARAM = 'login'

/** The moment a preview link was made for: the server's `nowMs`, else the link's own `now`. */
function previewMoment(nowMs: number | undefined, now: string | null): number | undefined {
  if (nowMs !== undefined) return nowMs
  const parsed = now ? Date.parse(now) : Number.NaN
  return Number.isNaN(parsed) ? undefined : parsed
}

/** The page (or the preview link's draft); its blocks' data loads in the browser. */
export const loader: ScreenLoader = ({ params, search }, load) => {
  if (!params.id) return
  const key = publishedPageKey(params.id, search.get('preview'))
  return load(key, () => fetchPublishedPage(key))
}

/**
 * /activity/{id}: a page published through the studio, rendered by the same runtime as the folder configs.
 * With ?preview=TOKEN (a signed link from the studio), the page's draft, marked 预览, at the link's moment.
 */
export default function PublishedPageScreen() {
  const { id } = useParams()
  const [query, setQuery] = useSearchParams()
  const token = query.get('preview')
  const loggedIn = query.get(GUEST_PARAM) !== '0'
  // The sample user's 实名 / 会员等级 / 新用户 (not signed either: it only changes the sandbox's pretend user).
  const profileText = query.get(PROFILE_PARAM)
  const profile = useMemo(() => readProfileParam(profileText), [profileText])
  const navigate = useAppNavigate()
  const { data, error, isValidating, mutate } = usePublishedPage(id, token)

  const fallback = data?.kind === 'offline' ? data.fallback : null
  useEffect(() => {
    if (fallback !== null) navigate(fallback, { replace: true })
  }, [fallback, navigate])

  const nowMs = data?.kind === 'preview' ? data.page.nowMs : undefined
  const overrides = useMemo<PageOverrides | undefined>(
    () =>
      token
        ? // The draft's campaigns run in the sandbox, for a sample user logged in or a visitor, as the bar says
          // (the phone needs no account).
          {
            preview: true,
            nowMs: previewMoment(nowMs, query.get('now')),
            loggedIn,
            campaignSandbox: true,
            sandboxProfile: profile,
          }
        : undefined,
    [token, nowMs, query, loggedIn, profile],
  )

  if (data?.kind === 'not-found') return <NotFoundScreen />
  if (data?.kind === 'preview-refused')
    return (
      <ScreenMessage
        icon={<CloseCircleOutline />}
        title="预览链接已失效"
        description={data.message}
        testId="preview-refused"
      >
        <Button color="primary" onClick={() => navigate('/', { replace: true })}>
          返回首页
        </Button>
      </ScreenMessage>
    )
  if (error && !data)
    return (
      <ScreenMessage
        icon={<ExclamationCircleOutline />}
        title="页面加载失败"
        description={describeError(error)}
        testId="published-page-error"
      >
        <Button color="primary" loading={isValidating} onClick={() => void mutate()}>
          重试
        </Button>
      </ScreenMessage>
    )
  if (data?.kind === 'page' || data?.kind === 'preview') {
    const page = (
      <ConfigPage
        // A new version (or draft revision) is a new page: no state of the old one carries over.
        key={data.kind === 'page' ? `v${data.page.version}` : `r${data.page.revision}`}
        config={data.page.config}
        markdown={data.page.markdown}
        overrides={overrides}
        // Counted when live (not a preview), with its A/B test's variant when the answer names one.
        analytics={
          data.kind === 'page'
            ? {
                pageId: data.page.id,
                pageVersion: data.page.version,
                experiment: (data.page as { experiment?: unknown }).experiment,
              }
            : undefined
        }
      />
    )
    if (data.kind === 'page') return page
    return (
      <>
        <PreviewLoginBar
          loggedIn={loggedIn}
          onChange={(next) =>
            setQuery(
              (current) => {
                const params = new URLSearchParams(current)
                if (next) params.delete(GUEST_PARAM)
                else params.set(GUEST_PARAM, '0')
                return params
              },
              { replace: true },
            )
          }
          profile={profile}
          onProfileChange={(next) =>
            setQuery(
              (current) => {
                const params = new URLSearchParams(current)
                const text = profileParam(next)
                if (text) params.set(PROFILE_PARAM, text)
                else params.delete(PROFILE_PARAM)
                return params
              },
              { replace: true },
            )
          }
        />
        {page}
      </>
    )
  }
  // Loading, or leaving for an offline page's fallback.
  return <BlockLoading lines={5} />
}
