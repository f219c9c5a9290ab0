import { useEffect, useRef } from 'react'
import { Button } from 'antd-mobile'

/** How long the notice stays before the page leaves for its fallback. */
export const OFFLINE_REDIRECT_MS = 2500

/** Where the fallback goes, in words. */
function destinationOf(fallback: string): string {
  const path = fallback.split(/[?#]/, 1)[0]
  return path === '/' || path === '/app' || path === '/app/' ? '首页' : '其他页面'
}

/**
 * What a visitor sees of a page that is offline (or not yet published): a notice saying so, then the page
 * leaves for its fallback; the button goes there at once.
 */
export function OfflineNotice({
  fallback,
  unpublished = false,
  leave,
}: {
  fallback: string
  /** Before its preheat the page is not public yet: 活动暂未开放 instead of 活动已下线. */
  unpublished?: boolean
  leave: (to: string) => void
}) {
  // The host's navigate may change identity between renders: the timer keeps the first one it saw alive.
  const leaveRef = useRef(leave)
  useEffect(() => {
    leaveRef.current = leave
  }, [leave])
  useEffect(() => {
    const timer = setTimeout(() => leaveRef.current(fallback), OFFLINE_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [fallback])

  const destination = destinationOf(fallback)
  const title = unpublished ? '活动暂未开放' : '活动已下线'
  return (
    <div className="config-page-offline" role="alert">
      <div className="config-page-offline-icon" aria-hidden>
        !
      </div>
      <p className="config-page-offline-title">{title}</p>
      <p className="config-page-offline-desc">
        即将{destination === '首页' ? '返回' : '前往'}
        {destination}
      </p>
      <Button color="primary" fill="outline" shape="rounded" onClick={() => leaveRef.current(fallback)}>
        {destination === '首页' ? '立即返回首页' : '立即前往'}
      </Button>
    </div>
  )
}
