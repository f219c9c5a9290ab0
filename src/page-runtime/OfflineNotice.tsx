import { useEffect, useRef } from 'react'
import { Button } from 'antd-mobile'
import { STATUS_WORDS } from '../page-config/schedule'

/** How long the notice stays before the page leaves for its fallback. */
export const OFFLINE_REDIRECT_MS = 2500

/** Where the fallback goes, in words. */
function destinationOf(fallback: string): string {
  const path = fallback.split(/[?#]/, 1)[0]
  return path === '/' || path === '/app' || path === '/app/' ? '首页' : '其他页面'
}

/**
 * What a visitor sees of a page that is offline or not open yet (before its preheat): a notice saying so in the
 * status words the studio uses (活动已下线 / 活动未开始), then the page leaves for its fallback; the button goes
 * there at once.
 */
export function OfflineNotice({
  fallback,
  phase = 'offline',
  leave,
}: {
  fallback: string
  phase?: 'upcoming' | 'offline'
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
  const title = `活动${STATUS_WORDS[phase]}`
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
