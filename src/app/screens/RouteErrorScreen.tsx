import { Component, useEffect, type ReactNode } from 'react'
import { Button } from 'antd-mobile'
import { ExclamationCircleOutline } from 'antd-mobile-icons'
import { useLocation, useNavigate } from 'react-router-dom'
import { withLayoutPrefix } from '../../components/navigation/appPath'
import { isChunkLoadError } from '../../lib/lazyChunk'
import { ChunkErrorScreen } from './ChunkErrorScreen'
import { ScreenMessage } from './ScreenMessage'

interface BoundaryProps {
  children: ReactNode
  /** The location the screen is at: a new one (返回首页, 重试, back) renders the screen again. */
  at: string
}

class Boundary extends Component<BoundaryProps, { error: unknown; at: string | null }> {
  state = { error: undefined as unknown, at: null as string | null }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; at: string | null }) {
    if (state.at === null) return { at: props.at }
    return props.at !== state.at ? { error: undefined, at: props.at } : null
  }

  render() {
    return this.state.error === undefined ? (
      this.props.children
    ) : (
      <RouteErrorScreen error={this.state.error} />
    )
  }
}

/** A screen that throws shows RouteErrorScreen in its place; the layout (title bar, tabs) stays. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary at={useLocation().key}>{children}</Boundary>
}

/** Shown when a route throws: a chunk that will not load asks for a reload; anything else offers home and retry. */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const navigate = useNavigate()
  const location = useLocation()
  useEffect(() => {
    if (!isChunkLoadError(error)) console.error('[route] screen failed', error)
  }, [error])

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
