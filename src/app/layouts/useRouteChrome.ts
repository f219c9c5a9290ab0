import { useEffect } from 'react'
import { useMatches } from 'react-router-dom'
import { APP_INFO } from '../../config/app'
import type { RouteHandle } from '../../types/route'

/** The deepest matched route's handle; applies its Chinese title to the document on every change. */
export function useRouteChrome(): RouteHandle {
  const matches = useMatches()
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    RouteHandle | undefined
  const title = handle?.title ?? APP_INFO.displayName
  useEffect(() => {
    document.title = title
  }, [title])
  return handle ?? { title }
}
