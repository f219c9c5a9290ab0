import { Button } from 'antd-mobile'
import type { ChunkFailedProps } from '../lib/lazyWithRetry'
import './ChunkRetryNotice.css'

/**
 * A part of a screen whose chunk would not load (offline): said in its place with 重试, and loaded again by
 * itself once back online (lazyWithRetry(load, ChunkRetryNotice)). Plain markup from the main bundle, so it shows offline too.
 */
export function ChunkRetryNotice({ retry }: ChunkFailedProps) {
  return (
    <div className="chunk-retry-notice" role="alert">
      <span>此处内容加载失败，请检查网络后重试</span>
      <Button size="small" color="primary" fill="outline" onClick={retry}>
        重试
      </Button>
    </div>
  )
}
