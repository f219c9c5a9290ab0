import { useEffect } from 'react'
import { Button } from 'antd-mobile'
import { ExclamationCircleOutline } from 'antd-mobile-icons'
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router-dom'
import { withLayoutPrefix } from '../../components/navigation/appPath'
import { isChunkLoadError } from '../../lib/lazyChunk'
import { ChunkErrorScreen } from './ChunkErrorScreen'
import { NotFoundScreen } from './NotFoundScreen'
import { ScreenMessage } from './ScreenMessage'

/** Shown when a route throws: a chunk that will not load asks for a reload; anything else offers home and retry. */
export function RouteErrorScreen() {
  const error = useRouteError()
  const navigate = useNavigate()
  const location = useLocation()
  useEffect(() => {
    if (!isChunkLoadError(error)) console.error('[route] screen failed', error)
  }, [error])

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />

  if (isChunkLoadError(error)) return <ChunkErrorScreen />

  return (
    <ScreenMessage
      icon={<ExclamationCircleOutline />}
      title="页面出错了"
      description="抱歉，页面遇到了问题，请重试或返回首页"
      testId="route-error"
    >
      <Button onClick={() => navigate(withLayoutPrefix('/', location.pathname), { replace: true })}>
        返回首页
      </Button>
      <Button
        color="primary"
        onClick={() => navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true })}
      >
        重试
      </Button>
    </ScreenMessage>
  )
}
