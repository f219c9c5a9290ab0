import { Alert, Button } from 'antd'
import type { ChunkFailedProps } from '../lib/lazyWithRetry'

/** A dialog or form whose chunk would not load: said in its place with 重试; loaded again once back online
 * (lazyWithRetry(load, ChunkRetryAlert)). */
export function ChunkRetryAlert({ retry }: ChunkFailedProps) {
  return (
    <Alert
      type="error"
      showIcon
      message="组件加载失败，请检查网络后重试"
      action={
        <Button size="small" onClick={retry}>
          重试
        </Button>
      }
    />
  )
}
