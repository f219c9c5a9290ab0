import { useCallback, useLayoutEffect, useState, type ComponentType } from 'react'
import { loadChunkAgain } from '../../lib/lazyChunk'
import { ChunkErrorScreen } from './ChunkErrorScreen'

type Load = () => Promise<{ default: ComponentType }>

const loaded = new WeakMap<Load, ComponentType>()

/**
 * A route whose screen's chunk failed to load (offline): the reload screen, which asks for the chunk again as
 * soon as the device is back online, or on 重新加载, and then shows the screen in place (loadChunkAgain reloads
 * the page when the browser will not fetch a failed import again). The router keeps a
 * route's component for good, so this stands in for the screen rather than a failure being kept.
 */
export function RetryingScreen({ load }: { load: Load }) {
  const [Screen, setScreen] = useState<ComponentType | null>(() => loaded.get(load) ?? null)
  const [retrying, setRetrying] = useState(false)
  const retry = useCallback(() => {
    setRetrying(true)
    loadChunkAgain(load).then(
      ({ default: screen }) => {
        loaded.set(load, screen)
        setScreen(() => screen)
      },
      (error: unknown) => {
        console.error('[route] chunk failed to load again', error)
        setRetrying(false)
      },
    )
  }, [load])
  // In the commit that draws the reload screen (not after paint): a device back online by then is heard.
  useLayoutEffect(() => {
    if (Screen) return
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [Screen, retry])
  if (Screen) return <Screen />
  return <ChunkErrorScreen onRetry={retry} retrying={retrying} />
}
