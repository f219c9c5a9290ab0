import { useContext, useEffect, useMemo } from 'react'
import { matchRoutes, useLocation } from 'react-router-dom'
import { RouteTableContext } from '../../components/navigation/routeTable'
import { APP_INFO } from '../../config/app'
import { nativeBridge } from '../../lib/nativeBridge'
import { setScreenShareTitle } from '../../lib/wechat/shareCards'
import type { RouteHandle } from '../../types/route'
import { usePublishedTitle } from '../publishedPages/title'

/**
 * The deepest matched route's handle; applies its Chinese title to the document (and the company app's title
 * bar, and the default WeChat share card) on every change (a page published through the studio is titled by its
 * config).
 */
export function useRouteChrome(): RouteHandle {
  const table = useContext(RouteTableContext)
  const { pathname, search } = useLocation()
  const matches = useMemo(() => (table && matchRoutes(table, pathname)) || [], [table, pathname])
  const handle = [...matches].reverse().find((m) => (m.route.handle as RouteHandle | undefined)?.title)?.route
    .handle as RouteHandle | undefined
  const published = usePublishedTitle(handle?.path, matches.at(-1)?.params ?? {}, search)
  const title = published ?? handle?.title ?? APP_INFO.displayName
  useEffect(() => {
    nativeBridge.setTitle(title)
    setScreenShareTitle(title)
  }, [title, pathname, search])
  return handle ? { ...handle, title } : { title }
}
